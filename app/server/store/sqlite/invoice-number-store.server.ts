import type { InvoiceNumberStore } from "../port";
import type { SqliteDatabase } from "./database.server";

export function createSqliteInvoiceNumberStore(db: SqliteDatabase): InvoiceNumberStore {
  // One upsert: SQLite serialises writers, so the returned range is this caller's alone.
  const advance = db.prepare<[string, number, number], { last: number }>(
    `INSERT INTO invoice_counters (series, last) VALUES (?, ?)
     ON CONFLICT (series) DO UPDATE SET last = last + ? RETURNING last`,
  );
  return {
    async reserve(series, count) {
      const { last } = advance.get(series, count, count)!;
      return last - count + 1;
    },
  };
}
