import type { Firestore, Timestamp } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import { available, availableTransaction, healthProbe } from "~/server/store/firestore/availability.server";
import { assertLeaseName, type LeaseStore } from "./port";

// Leases of the Firebase backend: one document per lease, leases/{name} { holder, expiresAt },
// taken in a transaction so two instances asking together cannot both hold it. Written when a
// lease is taken, renewed or released: never by a shopper's request.

export function createFirestoreLeases(db: Firestore): LeaseStore {
  const probe = healthProbe(db);
  const doc = (name: string) => db.collection("leases").doc(name);
  return {
    async take(name, holder, ttlMs, now = new Date()) {
      assertLeaseName(name);
      const ref = doc(name);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          const current = snap.get("holder") as string | undefined;
          const expiresAt = snap.get("expiresAt") as Timestamp | undefined;
          if (current && current !== holder && expiresAt && expiresAt.toMillis() > now.getTime()) return false;
          tx.set(ref, { holder, expiresAt: firestoreSdk().Timestamp.fromMillis(now.getTime() + ttlMs) });
          return true;
        }),
      );
    },
    async release(name, holder) {
      assertLeaseName(name);
      const ref = doc(name);
      await available(() =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (snap.get("holder") === holder) tx.delete(ref);
        }),
      );
    },
  };
}
