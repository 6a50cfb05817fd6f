import type { PairStore } from "../port";
import type { SqliteDatabase } from "./database.server";

// product_pairs (a < b) and paired_orders: the order's claim and its pairs commit together.

export function createSqlitePairStore(db: SqliteDatabase): PairStore {
  const claim = db.prepare<[string]>("INSERT INTO paired_orders (order_id) VALUES (?) ON CONFLICT DO NOTHING");
  const add = db.prepare<[string, string]>(
    "INSERT INTO product_pairs (a, b, count) VALUES (?, ?, 1) ON CONFLICT (a, b) DO UPDATE SET count = count + 1",
  );
  const partners = db.prepare<[string, string, number], { productId: string; count: number }>(
    `SELECT productId, count FROM (
       SELECT b AS productId, count FROM product_pairs WHERE a = ?
       UNION ALL
       SELECT a AS productId, count FROM product_pairs WHERE b = ?
     ) ORDER BY count DESC, productId LIMIT ?`,
  );
  const count = db.transaction((orderId: string, pairs: ReadonlyArray<readonly [string, string]>) => {
    if (claim.run(orderId).changes === 0) return false;
    for (const [a, b] of pairs) add.run(a < b ? a : b, a < b ? b : a);
    return true;
  });
  return {
    async countOrder(orderId, pairs) {
      return count.immediate(orderId, pairs);
    },
    async partners(productId, limit) {
      return partners.all(productId, productId, limit);
    },
  };
}
