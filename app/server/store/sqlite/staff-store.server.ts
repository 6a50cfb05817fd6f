import type { StaffInvitation, StaffMember, StaffRole } from "~/domain/staff";
import type { InvitationAcceptance, StaffStore } from "../port";
import type { SqliteDatabase } from "./database.server";

interface MemberRow {
  uid: string;
  email: string;
  role: string;
  refund_limit_minor: number | null;
  changed_by: string;
  added_at: string;
  updated_at: string;
}

interface InvitationRow {
  token_hash: string;
  email: string;
  role: string;
  refund_limit_minor: number | null;
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: string | null;
}

const memberOf = (r: MemberRow): StaffMember => ({
  uid: r.uid,
  email: r.email,
  role: r.role as StaffRole,
  refundLimitMinor: r.refund_limit_minor,
  changedBy: r.changed_by,
  addedAt: r.added_at,
  updatedAt: r.updated_at,
});

const invitationOf = (r: InvitationRow): StaffInvitation => ({
  tokenHash: r.token_hash,
  email: r.email,
  role: r.role as StaffRole,
  refundLimitMinor: r.refund_limit_minor,
  invitedBy: r.invited_by,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  acceptedAt: r.accepted_at,
  acceptedBy: r.accepted_by,
});

export function createSqliteStaffStore(db: SqliteDatabase): StaffStore {
  const getMember = db.prepare<[string], MemberRow>("SELECT * FROM staff_members WHERE uid = ?");
  const listMembers = db.prepare<[], MemberRow>("SELECT * FROM staff_members ORDER BY email, uid");
  const upsertMember = db.prepare(
    `INSERT INTO staff_members (uid, email, role, refund_limit_minor, changed_by, added_at, updated_at)
     VALUES (@uid, @email, @role, @refundLimitMinor, @changedBy, @addedAt, @updatedAt)
     ON CONFLICT (uid) DO UPDATE SET email = excluded.email, role = excluded.role,
       refund_limit_minor = excluded.refund_limit_minor, changed_by = excluded.changed_by,
       added_at = excluded.added_at, updated_at = excluded.updated_at`,
  );
  const deleteMember = db.prepare<[string]>("DELETE FROM staff_members WHERE uid = ?");
  const insertInvitation = db.prepare(
    `INSERT OR REPLACE INTO staff_invitations
       (token_hash, email, role, refund_limit_minor, invited_by, created_at, expires_at, accepted_at, accepted_by)
     VALUES (@tokenHash, @email, @role, @refundLimitMinor, @invitedBy, @createdAt, @expiresAt, @acceptedAt, @acceptedBy)`,
  );
  const getInvitation = db.prepare<[string], InvitationRow>("SELECT * FROM staff_invitations WHERE token_hash = ?");
  const listInvitations = db.prepare<[], InvitationRow>(
    "SELECT * FROM staff_invitations ORDER BY created_at DESC, token_hash",
  );
  const markAccepted = db.prepare<[string, string, string]>(
    "UPDATE staff_invitations SET accepted_at = ?, accepted_by = ? WHERE token_hash = ? AND accepted_at IS NULL",
  );
  const deleteWaiting = db.prepare<[string]>(
    "DELETE FROM staff_invitations WHERE token_hash = ? AND accepted_at IS NULL",
  );
  // IMMEDIATE (below): the write lock first, so a second process accepting the same link waits and sees it used.
  const accept = db.transaction((tokenHash: string, member: StaffMember, at: string): InvitationAcceptance => {
    const row = getInvitation.get(tokenHash);
    if (!row) return "missing";
    if (row.accepted_at) return "used";
    if (row.expires_at <= at) return "expired";
    markAccepted.run(at, member.uid, tokenHash);
    upsertMember.run(member);
    return "accepted";
  });
  return {
    async get(uid) {
      const row = getMember.get(uid);
      return row ? memberOf(row) : null;
    },
    async list() {
      return listMembers.all().map(memberOf);
    },
    async save(member) {
      upsertMember.run(member);
    },
    async remove(uid) {
      return deleteMember.run(uid).changes > 0;
    },
    async invite(invitation) {
      insertInvitation.run(invitation);
    },
    async invitation(tokenHash) {
      const row = getInvitation.get(tokenHash);
      return row ? invitationOf(row) : null;
    },
    async invitations() {
      return listInvitations.all().map(invitationOf);
    },
    async accept(tokenHash, member, at) {
      return accept.immediate(tokenHash, member, at);
    },
    async withdraw(tokenHash) {
      return deleteWaiting.run(tokenHash).changes > 0;
    },
  };
}
