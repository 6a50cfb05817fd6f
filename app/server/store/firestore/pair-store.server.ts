import type { Firestore } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import type { PairStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// productPairs/{a}__{b} (a < b): { products: [a, b], count }, one document per pair, incremented
// (never read and rewritten) so orders on the same pair do not contend. pairedOrders/{orderId}: the
// order's claim, created in the same transaction as its increments, so an order counts once.

export function createFirestorePairStore(db: Firestore): PairStore {
  const probe = healthProbe(db);
  const pairs = db.collection("productPairs");
  const claims = db.collection("pairedOrders");
  return {
    async countOrder(orderId, list) {
      const claim = claims.doc(orderId);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          if ((await tx.get(claim)).exists) return false;
          tx.create(claim, { countedAt: firestoreSdk().FieldValue.serverTimestamp() });
          for (const [x, y] of list) {
            const [a, b] = x < y ? [x, y] : [y, x];
            tx.set(
              pairs.doc(`${a}__${b}`),
              { products: [a, b], count: firestoreSdk().FieldValue.increment(1) },
              { merge: true },
            );
          }
          return true;
        }),
      );
    },
    async partners(productId, limit) {
      const snap = await available(() =>
        pairs.where("products", "array-contains", productId).orderBy("count", "desc").limit(limit).get(),
      );
      return snap.docs
        .map((d) => {
          const [a, b] = d.get("products") as [string, string];
          return { productId: a === productId ? b : a, count: d.get("count") as number };
        })
        .sort((x, y) => y.count - x.count || (x.productId < y.productId ? -1 : 1));
    },
  };
}
