import type { Cart } from "~/domain/commerce";
import type { CartStore } from "../port";
import type { SqliteDatabase } from "./database.server";

interface CartRow {
  id: string;
  lines: string;
  updated_at: string;
}

export function createSqliteCartStore(db: SqliteDatabase): CartStore {
  const get = db.prepare<[string], CartRow>("SELECT * FROM carts WHERE id = ?");
  const save = db.prepare(
    `INSERT INTO carts (id, lines, updated_at) VALUES (@id, @lines, @updatedAt)
     ON CONFLICT (id) DO UPDATE SET lines = excluded.lines, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>("DELETE FROM carts WHERE id = ?");
  return {
    async get(id) {
      const row = get.get(id);
      return row ? { id: row.id, lines: JSON.parse(row.lines) as Cart["lines"], updatedAt: row.updated_at } : null;
    },
    async save(cart) {
      save.run({ id: cart.id, lines: JSON.stringify(cart.lines), updatedAt: cart.updatedAt });
    },
    async delete(id) {
      remove.run(id);
    },
  };
}
