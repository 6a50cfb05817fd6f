import type { StockAlertStore } from "../port";
import type { StockAlert } from "~/domain/stock-alert";
import type { SqliteDatabase } from "./database.server";

interface AlertRow {
  id: string;
  email: string;
  product_id: string;
  size: string;
  colour: string;
  created_at: string;
  sent_at: string | null;
}

const fromRow = (r: AlertRow): StockAlert => ({
  id: r.id,
  email: r.email,
  productId: r.product_id,
  size: r.size,
  colour: r.colour,
  createdAt: r.created_at,
  sentAt: r.sent_at,
});

export function createSqliteStockAlertStore(db: SqliteDatabase): StockAlertStore {
  const get = db.prepare<[string], AlertRow>("SELECT * FROM stock_alerts WHERE id = ?");
  const upsert = db.prepare(
    `INSERT INTO stock_alerts (id, email, product_id, size, colour, created_at, sent_at) VALUES (@id, @email, @productId, @size, @colour, @createdAt, NULL)
     ON CONFLICT (id) DO UPDATE SET created_at = excluded.created_at, sent_at = NULL WHERE stock_alerts.sent_at IS NOT NULL`,
  );
  const all = db.prepare<[], AlertRow>("SELECT * FROM stock_alerts ORDER BY created_at, id");
  const remove = db.prepare<[string]>("DELETE FROM stock_alerts WHERE id = ?");
  const waiting = db.prepare<[string], AlertRow>(
    "SELECT * FROM stock_alerts WHERE product_id = ? AND sent_at IS NULL ORDER BY created_at, id",
  );
  const claim = db.prepare<[string, string]>("UPDATE stock_alerts SET sent_at = ? WHERE id = ? AND sent_at IS NULL");
  const release = db.prepare<[string, string]>("UPDATE stock_alerts SET sent_at = NULL WHERE id = ? AND sent_at = ?");
  return {
    async subscribe(alert) {
      const created = upsert.run({ ...alert }).changes > 0;
      return { alert: fromRow(get.get(alert.id)!), created };
    },
    async get(id) {
      const row = get.get(id);
      return row ? fromRow(row) : null;
    },
    async remove(id) {
      return remove.run(id).changes > 0;
    },
    async waiting(productId) {
      return waiting.all(productId).map(fromRow);
    },
    async claim(id, at) {
      return claim.run(at, id).changes === 1;
    },
    async release(id, at) {
      return release.run(id, at).changes === 1;
    },
    async list() {
      return all.all().map(fromRow);
    },
  };
}
