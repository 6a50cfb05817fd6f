import type { Firestore } from "firebase-admin/firestore";
import type { WishlistStore } from "../port";
import type { WishlistItem } from "~/domain/wishlist";
import { available, availableTransaction, healthProbe } from "./availability.server";

// wishlists/{ownerId}: { items: { [productId]: { savedPriceMinor, savedAt, savedIn? } } } — savedIn
// ({ marketId, currency, priceMinor }, absent on items saved before issue 44) is the price in the
// shopper's market at saving. The owner is the cart's id ("user:{uid}" or "guest:{token}"). One small document per shopper, changed in transactions.

type Items = Record<string, Omit<WishlistItem, "productId">>;

const toList = (items: Items): WishlistItem[] =>
  Object.entries(items)
    .map(([productId, v]) => ({
      productId,
      savedPriceMinor: v.savedPriceMinor,
      savedAt: v.savedAt,
      ...(v.savedIn ? { savedIn: { ...v.savedIn } } : {}),
    }))
    .sort((a, b) => (a.savedAt === b.savedAt ? (a.productId < b.productId ? -1 : 1) : a.savedAt < b.savedAt ? 1 : -1));

export function createFirestoreWishlistStore(db: Firestore): WishlistStore {
  const probe = healthProbe(db);
  const lists = db.collection("wishlists");
  const itemsOf = (snap: FirebaseFirestore.DocumentSnapshot): Items =>
    snap.exists ? ((snap.get("items") as Items | undefined) ?? {}) : {};
  return {
    async list(ownerId) {
      return toList(itemsOf(await available(() => lists.doc(ownerId).get())));
    },
    async add(ownerId, item) {
      const ref = lists.doc(ownerId);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const items = itemsOf(await tx.get(ref));
          if (items[item.productId]) return false;
          const { productId, savedPriceMinor, savedAt, savedIn } = item;
          tx.set(ref, {
            items: {
              ...items,
              [productId]: { savedPriceMinor, savedAt, ...(savedIn ? { savedIn: { ...savedIn } } : {}) },
            },
          });
          return true;
        }),
      );
    },
    async remove(ownerId, productId) {
      const ref = lists.doc(ownerId);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const items = itemsOf(await tx.get(ref));
          if (!items[productId]) return false;
          const { [productId]: _gone, ...rest } = items;
          tx.set(ref, { items: rest });
          return true;
        }),
      );
    },
    async merge(fromId, toId) {
      if (fromId === toId) return;
      const from = lists.doc(fromId);
      const to = lists.doc(toId);
      await availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const [fromSnap, toSnap] = await tx.getAll(from, to);
          if (!fromSnap.exists) return;
          tx.set(to, { items: { ...itemsOf(fromSnap), ...itemsOf(toSnap) } });
          tx.delete(from);
        }),
      );
    },
  };
}
