import type { DocumentData, Firestore } from "firebase-admin/firestore";
import type { ApiKey } from "~/domain/api-key";
import type { ApiKeyStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// apiKeys/{id}: the key without its secret; `hash` (hex SHA-256 of the secret) is how a request
// finds it, by an equality query (single-field indexes are automatic).

const fromDoc = (data: DocumentData): ApiKey => ({
  id: data.id,
  name: data.name,
  prefix: data.prefix,
  hash: data.hash,
  scopes: data.scopes,
  createdAt: data.createdAt,
  createdBy: data.createdBy,
  revokedAt: data.revokedAt ?? null,
  lastUsedAt: data.lastUsedAt ?? null,
});

export function createFirestoreApiKeyStore(db: Firestore): ApiKeyStore {
  const keys = db.collection("apiKeys");
  const probe = healthProbe(db);
  return {
    async create(key) {
      await available(() => keys.doc(key.id).create(key));
    },
    async get(id) {
      const snap = await available(() => keys.doc(id).get());
      return snap.exists ? fromDoc(snap.data()!) : null;
    },
    async findByHash(hash) {
      const snap = await available(() => keys.where("hash", "==", hash).limit(1).get());
      return snap.empty ? null : fromDoc(snap.docs[0]!.data());
    },
    async list() {
      const snap = await available(() => keys.get());
      return snap.docs
        .map((d) => fromDoc(d.data()))
        .sort((a, b) =>
          a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt),
        );
    },
    async revoke(id, at) {
      const ref = keys.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists || snap.get("revokedAt")) return false;
          tx.update(ref, { revokedAt: at });
          return true;
        }),
      );
    },
    async touch(id, at, olderThan) {
      const ref = keys.doc(id);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists) return false;
          const last = (snap.get("lastUsedAt") as string | null) ?? null;
          if (last !== null && last >= olderThan) return false;
          tx.update(ref, { lastUsedAt: at });
          return true;
        }),
      );
    },
  };
}
