import type { Firestore } from "firebase-admin/firestore";
import type { AuditEntry } from "~/domain/audit";
import type { AuditStore } from "../port";
import { available } from "./availability.server";

// auditLog/{id}: one entry, exactly the AuditEntry type. Snapshots are stored as JSON text, so a
// product's nested arrays and any value (null included) round-trip unchanged and are never
// queried. Filtered lists need composite indexes in production (firestore.indexes.json); the
// emulator does not ask for them.

const AUDIT = "auditLog";

export function createFirestoreAuditStore(db: Firestore): AuditStore {
  const log = db.collection(AUDIT);
  return {
    async append(entry) {
      await available(() =>
        log.doc(entry.id).create({
          ...entry,
          before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
          after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
        }),
      );
    },
    async list({ entityType, entityId, before, limit }) {
      let query: FirebaseFirestore.Query = log;
      if (entityType) query = query.where("entityType", "==", entityType);
      if (entityId) query = query.where("entityId", "==", entityId);
      query = query.orderBy("id", "desc");
      if (before) query = query.where("id", "<", before);
      const snap = await available(() => query.limit(limit + 1).get());
      const entries = snap.docs.slice(0, limit).map((d) => {
        const data = d.data();
        return {
          ...(data as AuditEntry),
          before: data.before === null ? null : JSON.parse(data.before),
          after: data.after === null ? null : JSON.parse(data.after),
        };
      });
      return { entries, nextBefore: snap.docs.length > limit ? entries[entries.length - 1].id : null };
    },
  };
}
