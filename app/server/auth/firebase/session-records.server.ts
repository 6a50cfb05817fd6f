import crypto from "node:crypto";
import type { Firestore, Timestamp } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import { available } from "~/server/store/firestore/availability.server";

// authSessions/{sha256 of the session id}: { uid, createdAt (ms), expiresAt }. Firebase can
// revoke only every session of a user, and only to the second; a record per session is what lets
// one session end alone and a revocation reach sessions opened in the same second. Only a hash
// of the id is stored, so the collection cannot be used to sign in. expiresAt is a Timestamp for
// the TTL policy in firestore.indexes.json.

export interface SessionRecords {
  open(id: string, uid: string, at: number, expiresAt: number): Promise<void>;
  /** Whether session `id` is open at `at` and belongs to `uid`. */
  isOpen(id: string, uid: string, at: number): Promise<boolean>;
  /** Session `id`'s record as read (for a caller that reads it beside another check), null when absent. */
  read(id: string): Promise<SessionRecord | null>;
  /** Whether a record from read() is open at `at` for `uid`. */
  opens(record: SessionRecord | null, uid: string, at: number): boolean;
  end(id: string): Promise<void>;
  endAll(uid: string): Promise<void>;
}

export interface SessionRecord {
  uid: string;
  expiresAt: number;
}

const BATCH = 400;

export function firestoreSessionRecords(db: Firestore): SessionRecords {
  const sessions = db.collection("authSessions");
  const refFor = (id: string) => sessions.doc(crypto.createHash("sha256").update(id).digest("hex"));
  async function read(id: string): Promise<SessionRecord | null> {
    const snap = await available(() => refFor(id).get());
    return snap.exists
      ? { uid: snap.get("uid") as string, expiresAt: (snap.get("expiresAt") as Timestamp).toMillis() }
      : null;
  }
  const opens = (record: SessionRecord | null, uid: string, at: number) =>
    record !== null && record.uid === uid && record.expiresAt > at;
  return {
    read,
    opens,
    async open(id, uid, at, expiresAt) {
      await available(() =>
        refFor(id).set({ uid, createdAt: at, expiresAt: firestoreSdk().Timestamp.fromMillis(expiresAt) }),
      );
    },
    async isOpen(id, uid, at) {
      return opens(await read(id), uid, at);
    },
    async end(id) {
      await available(() => refFor(id).delete());
    },
    async endAll(uid) {
      const snap = await available(() => sessions.where("uid", "==", uid).get());
      for (let i = 0; i < snap.docs.length; i += BATCH) {
        const batch = db.batch();
        for (const doc of snap.docs.slice(i, i + BATCH)) batch.delete(doc.ref);
        await available(() => batch.commit());
      }
    },
  };
}
