import type { Firestore } from "firebase-admin/firestore";
import type { ProfileStore } from "../port";
import type { Profile } from "../types";
import { available } from "./availability.server";

// users/{uid}: email, role, createdAt, updatedAt (spec section 3), plus an optional displayName.
// Dates are stored as ISO strings so both backends return identical values.

export function createFirestoreProfileStore(db: Firestore): ProfileStore {
  const users = db.collection("users");
  const toProfile = (uid: string, data: FirebaseFirestore.DocumentData): Profile => ({
    uid,
    email: data.email,
    role: data.role === "admin" ? "admin" : "user",
    displayName: data.displayName ?? null,
    createdAt: data.createdAt,
    updatedAt: data.updatedAt,
  });
  return {
    async get(uid) {
      const snap = await available(() => users.doc(uid).get());
      return snap.exists ? toProfile(uid, snap.data()!) : null;
    },
    async createIfMissing(profile) {
      const ref = users.doc(profile.uid);
      return available(() => db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        if (snap.exists) return toProfile(profile.uid, snap.data()!);
        const { uid: _uid, ...data } = profile;
        tx.create(ref, data);
        return profile;
      }));
    },
    async update(uid, patch, updatedAt) {
      const ref = users.doc(uid);
      return available(() => db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        if (!snap.exists) return null;
        const changes: Record<string, unknown> = { updatedAt };
        if (patch.displayName !== undefined) changes.displayName = patch.displayName;
        tx.set(ref, changes, { merge: true });
        return toProfile(uid, { ...snap.data(), ...changes });
      }));
    },
  };
}
