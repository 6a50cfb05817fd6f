import type { Firestore, Timestamp } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import type { Bucket } from "~/server/media/cloud-storage.server";
import { available, availableTransaction, healthProbe } from "~/server/store/firestore/availability.server";
import type { IndexSnapshotStore } from "./port";

// The snapshot is one object in the shop's Cloud Storage bucket; the lease is one Firestore
// document, leases/catalogue-index { holder, expiresAt }, taken in a transaction so two
// instances starting together cannot both hold it.

const OBJECT = "indexes/catalogue-index.bin";
const LEASE = "catalogue-index";
/** A snapshot at 100,000 products is a few megabytes: allow for a slow link. */
const TIMEOUT_MS = 30_000;

async function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createFirebaseIndexSnapshots(db: Firestore, bucket: Bucket): IndexSnapshotStore {
  const file = bucket.file(OBJECT);
  const lease = db.collection("leases").doc(LEASE);
  const probe = healthProbe(db);
  return {
    async read() {
      try {
        const [bytes] = await within(file.download(), "Reading the catalogue index snapshot");
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return null;
        throw error;
      }
    },
    async write(bytes) {
      await within(
        file.save(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
          contentType: "application/octet-stream",
          resumable: false,
        }),
        "Writing the catalogue index snapshot",
      );
    },
    async lease(holder, ttlMs, now = new Date()) {
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(lease);
          const current = snap.get("holder") as string | undefined;
          const expiresAt = snap.get("expiresAt") as Timestamp | undefined;
          if (current && current !== holder && expiresAt && expiresAt.toMillis() > now.getTime()) return false;
          tx.set(lease, { holder, expiresAt: firestoreSdk().Timestamp.fromMillis(now.getTime() + ttlMs) });
          return true;
        }),
      );
    },
    async release(holder) {
      await available(() =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(lease);
          if (snap.get("holder") === holder) tx.delete(lease);
        }),
      );
    },
  };
}
