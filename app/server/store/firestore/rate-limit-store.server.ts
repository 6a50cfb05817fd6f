import crypto from "node:crypto";
import type { DocumentData, Firestore } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import type { RateLimitStore, RateWindow } from "../port";
import { available } from "./availability.server";

// rateLimits/{sha256 of the key}: { count, resetAt (ms), expiresAt }. expiresAt is a Timestamp for
// the TTL policy in firestore.indexes.json, which deletes ended windows (within a day or so; a
// window read after its end counts as absent anyway).
//
// No transaction: a key under attack is one document written by many instances at once, and
// transactions on it would abort each other. Counting inside an open window is a server-side
// increment; only opening a window is conditional (create, or replace the version that was read),
// and a caller that loses that race simply counts in the window the winner opened.

/** gRPC codes of a lost race: ALREADY_EXISTS (create), FAILED_PRECONDITION (replace), NOT_FOUND (deleted meanwhile). */
const RACE_LOST = new Set([6, 9, 5]);
const MAX_ROUNDS = 10;

const toWindow = (data: DocumentData): RateWindow => ({ count: data.count as number, resetAt: data.resetAt as number });

export function createFirestoreRateLimitStore(db: Firestore): RateLimitStore {
  const limits = db.collection("rateLimits");
  const refFor = (key: string) => limits.doc(crypto.createHash("sha256").update(key).digest("hex"));

  return {
    async hit(key, windowMs, at) {
      const ref = refFor(key);
      for (let round = 1; round <= MAX_ROUNDS; round++) {
        const snap = await available(() => ref.get());
        const open = snap.exists && (snap.get("resetAt") as number) > at;
        try {
          if (open) {
            await available(() => ref.update({ count: firestoreSdk().FieldValue.increment(1) }));
            // Read back: the count includes every hit that landed so far, ours among them.
            const after = await available(() => ref.get());
            if (after.exists) return toWindow(after.data()!);
          } else {
            const fresh = {
              count: 1,
              resetAt: at + windowMs,
              expiresAt: firestoreSdk().Timestamp.fromMillis(at + windowMs),
            };
            await available(() =>
              snap.exists ? ref.update(fresh, { lastUpdateTime: snap.updateTime! }) : ref.create(fresh),
            );
            return { count: 1, resetAt: fresh.resetAt };
          }
        } catch (error) {
          if (!RACE_LOST.has((error as { code?: number }).code ?? -1) || round === MAX_ROUNDS) throw error;
        }
      }
      throw new Error(`Rate limit ${ref.id}: no hit counted in ${MAX_ROUNDS} rounds`);
    },

    async peek(key, at) {
      const snap = await available(() => refFor(key).get());
      return snap.exists && (snap.get("resetAt") as number) > at ? toWindow(snap.data()!) : null;
    },

    async release(key, at) {
      const ref = refFor(key);
      const snap = await available(() => ref.get());
      if (!snap.exists || (snap.get("resetAt") as number) <= at || (snap.get("count") as number) <= 0) return;
      // A server-side decrement, as hit increments: concurrent releases and hits all land. Our own
      // hit came first, so the count cannot go below the attempts still counted.
      await available(() => ref.update({ count: firestoreSdk().FieldValue.increment(-1) })).catch(
        (error: { code?: number }) => {
          if (error.code !== 5) throw error; // NOT_FOUND: reset meanwhile, nothing left to take back
        },
      );
    },

    async reset(key) {
      await available(() => refFor(key).delete());
    },
  };
}
