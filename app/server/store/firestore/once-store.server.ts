import type { Firestore, Timestamp } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import type { OnceStore } from "../port";
import { availableTransaction, available, healthProbe } from "./availability.server";

// onceClaims/{key}: { claimedAt, done }. Claimed in a transaction, so of two instances starting
// together on an empty database exactly one seeds it.

export function createFirestoreOnceStore(db: Firestore): OnceStore {
  const claims = db.collection("onceClaims");
  const probe = healthProbe(db);
  return {
    async claim(key, { now, staleMs }) {
      const ref = claims.doc(key);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (snap.get("done") === true) return "done" as const;
          const claimedAt = snap.get("claimedAt") as Timestamp | undefined;
          if (claimedAt && claimedAt.toMillis() > now.getTime() - staleMs) return "held" as const;
          tx.set(ref, { claimedAt: firestoreSdk().Timestamp.fromDate(now), done: false });
          return "claimed" as const;
        }),
      );
    },
    async finish(key) {
      await available(() => claims.doc(key).update({ done: true }));
    },
  };
}
