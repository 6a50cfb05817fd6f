import type { Firestore } from "firebase-admin/firestore";
import type { InvoiceNumberStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// invoiceCounters/{series}: { last }. Written once per block of numbers, never by every order:
// the invoice-numbers service hands the block out in memory.

export function createFirestoreInvoiceNumberStore(db: Firestore): InvoiceNumberStore {
  const counters = db.collection("invoiceCounters");
  const probe = healthProbe(db);
  return {
    async reserve(series, count) {
      const ref = counters.doc(series);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          const last = (snap.get("last") as number | undefined) ?? 0;
          tx.set(ref, { last: last + count });
          return last + 1;
        }),
      );
    },
    async counters() {
      const snap = await available(() => counters.get());
      return snap.docs
        .map((d) => ({ series: d.id, last: (d.get("last") as number | undefined) ?? 0 }))
        .sort((a, b) => (a.series < b.series ? -1 : a.series > b.series ? 1 : 0));
    },
    async restoreCounter({ series, last }) {
      await available(() => counters.doc(series).set({ last }));
    },
  };
}
