import type { Firestore } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import type { ProfileStore } from "../port";
import type { Profile } from "~/domain/profile";
import { available } from "./availability.server";

// users/{uid}: email, role, createdAt, updatedAt, plus an optional displayName.
// Dates are Firestore timestamps (so the console, queries and other tools see dates); the port
// speaks ISO strings like the SQLite store. Documents written before stored ISO strings: they are
// read as they are and converted by migrateProfileDates at start.

/** A stored date, timestamp or (older documents) ISO string, as the port's ISO string. */
function isoOf(value: unknown): string {
  if (value instanceof firestoreSdk().Timestamp) return value.toDate().toISOString();
  return typeof value === "string" ? value : new Date(0).toISOString();
}

const timestampOf = (iso: string) => firestoreSdk().Timestamp.fromDate(new Date(iso));

/**
 * Turn the ISO-string dates of older profile documents into timestamps, so range queries and
 * ordering on createdAt see every profile. Idempotent and cheap once done (one empty query).
 * Returns how many documents were converted.
 */
export async function migrateProfileDates(db: Firestore): Promise<number> {
  const users = db.collection("users");
  let converted = 0;
  for (;;) {
    // A range over strings matches only string values: the documents still to convert.
    const snap = await available(() => users.where("createdAt", ">=", "").limit(400).get());
    if (snap.empty) return converted;
    const batch = db.batch();
    for (const doc of snap.docs) {
      batch.update(doc.ref, {
        createdAt: timestampOf(isoOf(doc.get("createdAt"))),
        updatedAt: timestampOf(isoOf(doc.get("updatedAt") ?? doc.get("createdAt"))),
      });
    }
    await available(() => batch.commit());
    converted += snap.size;
  }
}

export function createFirestoreProfileStore(db: Firestore): ProfileStore {
  const users = db.collection("users");
  const toProfile = (uid: string, data: FirebaseFirestore.DocumentData): Profile => ({
    uid,
    email: data.email,
    role: data.role === "admin" ? "admin" : "user",
    displayName: data.displayName ?? null,
    createdAt: isoOf(data.createdAt),
    updatedAt: isoOf(data.updatedAt),
  });
  return {
    async get(uid) {
      const snap = await available(() => users.doc(uid).get());
      return snap.exists ? toProfile(uid, snap.data()!) : null;
    },
    async createIfMissing(profile) {
      const ref = users.doc(profile.uid);
      return available(() =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (snap.exists) return toProfile(profile.uid, snap.data()!);
          const { uid: _uid, ...data } = profile;
          tx.create(ref, {
            ...data,
            createdAt: timestampOf(profile.createdAt),
            updatedAt: timestampOf(profile.updatedAt),
          });
          return profile;
        }),
      );
    },
    async update(uid, patch, updatedAt) {
      const ref = users.doc(uid);
      return available(() =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists) return null;
          const changes: Record<string, unknown> = { updatedAt: timestampOf(updatedAt) };
          if (patch.displayName !== undefined) changes.displayName = patch.displayName;
          tx.set(ref, changes, { merge: true });
          return toProfile(uid, { ...snap.data(), ...changes });
        }),
      );
    },
    async list(filter) {
      let query: FirebaseFirestore.Query = users;
      if (filter.role) query = query.where("role", "==", filter.role);
      const prefix = filter.emailPrefix?.trim().toLowerCase();
      if (prefix) {
        // Firestore has no LIKE: a prefix is the range [prefix, prefix + the highest code point).
        // Its inequality is on email, so createdAt is filtered and ordered here, over the matches.
        const snap = await available(() =>
          query.where("email", ">=", prefix).where("email", "<", `${prefix}\uf8ff`).get(),
        );
        const matches = snap.docs
          .map((d) => toProfile(d.id, d.data()))
          .filter((p) => (!filter.from || p.createdAt >= filter.from) && (!filter.to || p.createdAt < filter.to))
          .sort((a, b) =>
            a.createdAt === b.createdAt ? (a.uid < b.uid ? -1 : 1) : a.createdAt < b.createdAt ? 1 : -1,
          );
        return { profiles: matches.slice(filter.offset, filter.offset + filter.limit), total: matches.length };
      }
      if (filter.from) query = query.where("createdAt", ">=", timestampOf(filter.from));
      if (filter.to) query = query.where("createdAt", "<", timestampOf(filter.to));
      const ordered = query.orderBy("createdAt", "desc").orderBy(firestoreSdk().FieldPath.documentId());
      const [count, page] = await available(() =>
        Promise.all([query.count().get(), ordered.offset(filter.offset).limit(filter.limit).get()]),
      );
      return { profiles: page.docs.map((d) => toProfile(d.id, d.data())), total: count.data().count };
    },
  };
}
