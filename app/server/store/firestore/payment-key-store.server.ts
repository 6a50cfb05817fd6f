import crypto from "node:crypto";
import type { Firestore, Timestamp } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import type { PaymentKeyStore } from "../port";
import { available } from "./availability.server";

// paymentKeys/{sha256 of the key}: { key, valueJson, expiresAt }. The id is a hash because a key
// may hold characters a document id may not ("/"). expiresAt is a Timestamp, so a Firestore TTL
// policy on it can delete expired keys in production; an expired key is also replaced when reused.

/** gRPC 6 ALREADY_EXISTS: create() met a document another call wrote first. */
const alreadyExists = (error: unknown) => (error as { code?: number }).code === 6;

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
      const doc = () => ({
        key,
        valueJson: JSON.stringify(value),
        expiresAt: firestoreSdk().Timestamp.fromMillis(Date.parse(expiresAt)),
      });
      // A new key (a charge's first answer, nearly always) is one write: create() fails when the
      // document exists, so of two instances answering the same key at once only one writes.
      try {
        await available(() => ref.create(doc()));
        return value;
      } catch (error) {
        if (!alreadyExists(error)) throw error;
      }
      // Taken: its answer stands, unless it has expired; then it is replaced, in a transaction.
      return available(() =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (snap.exists && (snap.get("expiresAt") as Timestamp).toMillis() > Date.parse(now)) {
            return JSON.parse(snap.get("valueJson") as string) as Record<string, unknown>;
          }
          tx.set(ref, doc());
          return value;
        }),
      );
    },
  };
}
