import type { Firestore } from "firebase-admin/firestore";
import type { StaffInvitation, StaffMember } from "~/domain/staff";
import type { InvitationAcceptance, StaffStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// staffMembers/{uid}: a StaffMember; staffInvitations/{tokenHash}: a StaffInvitation (times as
// ISO strings, as the SQLite adapter keeps them). Accepting is one transaction over both.

export function createFirestoreStaffStore(db: Firestore): StaffStore {
  const members = db.collection("staffMembers");
  const invitations = db.collection("staffInvitations");
  const probe = healthProbe(db);
  return {
    async get(uid) {
      const snap = await available(() => members.doc(uid).get());
      return snap.exists ? (snap.data() as StaffMember) : null;
    },
    async list() {
      const snap = await available(() => members.get());
      return snap.docs
        .map((d) => d.data() as StaffMember)
        .sort((a, b) => (a.email === b.email ? (a.uid < b.uid ? -1 : 1) : a.email < b.email ? -1 : 1));
    },
    async save(member) {
      await available(() => members.doc(member.uid).set(member));
    },
    async remove(uid) {
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const ref = members.doc(uid);
          if (!(await tx.get(ref)).exists) return false;
          tx.delete(ref);
          return true;
        }),
      );
    },
    async invite(invitation) {
      await available(() => invitations.doc(invitation.tokenHash).set(invitation));
    },
    async invitation(tokenHash) {
      const snap = await available(() => invitations.doc(tokenHash).get());
      return snap.exists ? (snap.data() as StaffInvitation) : null;
    },
    async invitations() {
      const snap = await available(() => invitations.orderBy("createdAt", "desc").get());
      return snap.docs.map((d) => d.data() as StaffInvitation);
    },
    async accept(tokenHash, member, at) {
      const ref = invitations.doc(tokenHash);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx): Promise<InvitationAcceptance> => {
          const snap = await tx.get(ref);
          if (!snap.exists) return "missing";
          const invitation = snap.data() as StaffInvitation;
          if (invitation.acceptedAt) return "used";
          if (invitation.expiresAt <= at) return "expired";
          tx.update(ref, { acceptedAt: at, acceptedBy: member.uid });
          tx.set(members.doc(member.uid), member);
          return "accepted";
        }),
      );
    },
    async withdraw(tokenHash) {
      const ref = invitations.doc(tokenHash);
      return availableTransaction(probe, () =>
        db.runTransaction(async (tx) => {
          const snap = await tx.get(ref);
          if (!snap.exists || snap.get("acceptedAt")) return false;
          tx.delete(ref);
          return true;
        }),
      );
    },
  };
}
