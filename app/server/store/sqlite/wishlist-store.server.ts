import type { WishlistStore } from "../port";
import type { WishlistItem } from "~/domain/wishlist";
import type { CurrencyCode } from "~/domain/money";
import type { SqliteDatabase } from "./database.server";

interface ItemRow {
  product_id: string;
  saved_price_minor: number;
  saved_at: string;
  saved_market_id: string | null;
  saved_currency: string | null;
  saved_market_price_minor: number | null;
}

const fromRow = (row: ItemRow): WishlistItem => ({
  productId: row.product_id,
  savedPriceMinor: row.saved_price_minor,
  savedAt: row.saved_at,
  ...(row.saved_market_id !== null && row.saved_currency !== null && row.saved_market_price_minor !== null
    ? {
        savedIn: {
          marketId: row.saved_market_id,
          currency: row.saved_currency as CurrencyCode,
          priceMinor: row.saved_market_price_minor,
        },
      }
    : {}),
});

const COLUMNS = "product_id, saved_price_minor, saved_at, saved_market_id, saved_currency, saved_market_price_minor";

export function createSqliteWishlistStore(db: SqliteDatabase): WishlistStore {
  const list = db.prepare<[string], ItemRow>(
    "SELECT * FROM wishlist_items WHERE owner_id = ? ORDER BY saved_at DESC, product_id",
  );
  const add = db.prepare(
    `INSERT INTO wishlist_items (owner_id, ${COLUMNS})
     VALUES (@ownerId, @productId, @savedPriceMinor, @savedAt, @marketId, @currency, @marketPriceMinor)
     ON CONFLICT (owner_id, product_id) DO NOTHING`,
  );
  const remove = db.prepare<[string, string]>("DELETE FROM wishlist_items WHERE owner_id = ? AND product_id = ?");
  const moveAll = db.prepare<[string, string]>(
    `INSERT INTO wishlist_items (owner_id, ${COLUMNS})
     SELECT ?, ${COLUMNS} FROM wishlist_items WHERE owner_id = ? ON CONFLICT (owner_id, product_id) DO NOTHING`,
  );
  const clear = db.prepare<[string]>("DELETE FROM wishlist_items WHERE owner_id = ?");
  const merge = db.transaction((fromId: string, toId: string) => {
    moveAll.run(toId, fromId);
    clear.run(fromId);
  });
  return {
    async list(ownerId) {
      return list.all(ownerId).map(fromRow);
    },
    async add(ownerId, item) {
      const { productId, savedPriceMinor, savedAt, savedIn } = item;
      return (
        add.run({
          ownerId,
          productId,
          savedPriceMinor,
          savedAt,
          marketId: savedIn?.marketId ?? null,
          currency: savedIn?.currency ?? null,
          marketPriceMinor: savedIn?.priceMinor ?? null,
        }).changes > 0
      );
    },
    async remove(ownerId, productId) {
      return remove.run(ownerId, productId).changes > 0;
    },
    async merge(fromId, toId) {
      if (fromId !== toId) merge(fromId, toId);
    },
  };
}
