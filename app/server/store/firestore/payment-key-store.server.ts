import crypto from "node:crypto";
import type { Firestore, Timestamp } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import type { PaymentKeyStore } from "../port";
import { available } from "./availability.server";

// paymentKeys/{sha256 of the key}: { key, valueJson, expiresAt }. The id is a hash because a key
// may hold characters a document id may not ("/"). expiresAt is a Timestamp, so a Firestore TTL
// policy on it can delete expired keys in production; an expired key is also replaced when reused.

export function createFirestorePaymentKeyStore(db: Firestore): PaymentKeyStore {
  const keys = db.collection("paymentKeys");
  const refOf = (key: string) => keys.doc(crypto.createHash("sha256").update(key).digest("hex"));
  return {
    async recall(key, { now }) {
      const snap = await available(() => refOf(key).get());
      if (!snap.exists || (snap.get("expiresAt") as Timestamp).toMillis() <= Date.parse(now)) return null;
      return JSON.parse(snap.get("valueJson") as string) as Record<string, unknown>;
    },
    async remember(key, value, { now, expiresAt }) {
      const ref = refOf(key);
      return available(() =>
        // A transaction: of two instances answering the same key at once, one writes and the other reads it.
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (snap.exists && (snap.get("expiresAt") as Timestamp).toMillis() > Date.parse(now)) {
            return JSON.parse(snap.get("valueJson") as string) as Record<string, unknown>;
          }
          tx.set(ref, {
            key,
            valueJson: JSON.stringify(value),
            expiresAt: firestoreSdk().Timestamp.fromMillis(Date.parse(expiresAt)),
          });
          return value;
        }),
      );
    },
  };
}
