import type { Firestore } from "firebase-admin/firestore";
import type { Cart } from "~/domain/commerce";
import type { CartStore } from "../port";
import { available } from "./availability.server";

// carts/{id}: { lines, updatedAt } — the id is "user:{uid}" or "guest:{token}".

export function createFirestoreCartStore(db: Firestore): CartStore {
  const carts = db.collection("carts");
  return {
    async get(id) {
      const snap = await available(() => carts.doc(id).get());
      if (!snap.exists) return null;
      const data = snap.data()!;
      return { id, lines: data.lines as Cart["lines"], updatedAt: data.updatedAt as string };
    },
    async save(cart) {
      await available(() => carts.doc(cart.id).set({ lines: cart.lines, updatedAt: cart.updatedAt }));
    },
    async delete(id) {
      await available(() => carts.doc(id).delete());
    },
  };
}
