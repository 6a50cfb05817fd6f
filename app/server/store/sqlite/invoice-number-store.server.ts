import type { InvoiceNumberStore } from "../port";
import type { SqliteDatabase } from "./database.server";

export function createSqliteInvoiceNumberStore(db: SqliteDatabase): InvoiceNumberStore {
  // One upsert: SQLite serialises writers, so the returned range is this caller's alone.
  const advance = db.prepare<[string, number, number], { last: number }>(
    `INSERT INTO invoice_counters (series, last) VALUES (?, ?)
     ON CONFLICT (series) DO UPDATE SET last = last + ? RETURNING last`,
  );
  const all = db.prepare<[], { series: string; last: number }>(
    "SELECT series, last FROM invoice_counters ORDER BY series",
  );
  const put = db.prepare<[string, number]>(
    "INSERT INTO invoice_counters (series, last) VALUES (?, ?) ON CONFLICT (series) DO UPDATE SET last = excluded.last",
  );
  return {
    async reserve(series, count) {
      const { last } = advance.get(series, count, count)!;
      return last - count + 1;
    },
    async counters() {
      return all.all().map(({ series, last }) => ({ series, last }));
    },
    async restoreCounter({ series, last }) {
      put.run(series, last);
    },
  };
}
