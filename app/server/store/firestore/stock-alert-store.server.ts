import type { Firestore } from "firebase-admin/firestore";
import type { StockAlertStore } from "../port";
import type { StockAlert } from "~/domain/stock-alert";
import { available, availableTransaction, healthProbe } from "./availability.server";

// stockAlerts/{id}: email, productId, size, colour, createdAt, sentAt (null while waiting). The id
// is derived from the address and the variant, so one document per pair; claims are transactions.

export function createFirestoreStockAlertStore(db: Firestore): StockAlertStore {
  const probe = healthProbe(db);
  const alerts = db.collection("stockAlerts");
  const toAlert = (id: string, d: FirebaseFirestore.DocumentData): StockAlert => ({
    id,
    email: d.email,
    productId: d.productId,
    size: d.size,
    colour: d.colour,
    createdAt: d.createdAt,
    sentAt: d.sentAt ?? null,
  });
  const byCreation = (a: StockAlert, b: StockAlert) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1;
  return {
    async subscribe(alert) {
      const ref = alerts.doc(alert.id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (snap.exists && snap.get("sentAt") == null)
            return { alert: toAlert(alert.id, snap.data()!), created: false };
          const { id: _id, ...data } = alert;
          tx.set(ref, { ...data, sentAt: null });
          return { alert: { ...alert, sentAt: null }, created: true };
        }),
      );
    },
    async get(id) {
      const snap = await available(() => alerts.doc(id).get());
      return snap.exists ? toAlert(id, snap.data()!) : null;
    },
    async remove(id) {
      const ref = alerts.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists) return false;
          tx.delete(ref);
          return true;
        }),
      );
    },
    async waiting(productId) {
      const snap = await available(() => alerts.where("productId", "==", productId).where("sentAt", "==", null).get());
      return snap.docs.map((d) => toAlert(d.id, d.data())).sort(byCreation);
    },
    async claim(id, at) {
      const ref = alerts.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists || snap.get("sentAt") != null) return false;
          tx.update(ref, { sentAt: at });
          return true;
        }),
      );
    },
    async release(id, at) {
      const ref = alerts.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists || snap.get("sentAt") !== at) return false;
          tx.update(ref, { sentAt: null });
          return true;
        }),
      );
    },
    async list() {
      const snap = await available(() => alerts.get());
      return snap.docs.map((d) => toAlert(d.id, d.data())).sort(byCreation);
    },
  };
}
