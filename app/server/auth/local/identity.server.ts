import crypto from "node:crypto";
import type { SqliteDatabase } from "~/server/store/sqlite/database.server";
import { storageWatchOf } from "~/server/store/sqlite/storage-full.server";
import { IdentityError, SESSION_TTL_MS, type Identity, type IdentityProvider, type Session } from "../port";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password-hash.server";

// The embedded identity provider: accounts in SQLite, server-side sessions (a row each, so one can
// end alone) that last SESSION_TTL_MS, and single-use reset tokens. Only hashes of tokens are
// stored, so a copy of the database cannot be used to sign in or reset a password.

export interface LocalIdentityOptions {
  resetTokenTtlMs: number;
  sendResetMail(email: string, url: string): Promise<void>;
  now?: () => number;
}

interface AccountRow {
  uid: string;
  email: string;
  password_hash: string;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
const newToken = () => crypto.randomBytes(32).toString("base64url");
const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function createLocalIdentity(db: SqliteDatabase, options: LocalIdentityOptions): IdentityProvider {
  const now = options.now ?? Date.now;
  const accountByEmail = db.prepare<[string], AccountRow>(
    "SELECT uid, email, password_hash FROM local_accounts WHERE email = ?",
  );
  const accountByUid = db.prepare<[string], AccountRow>(
    "SELECT uid, email, password_hash FROM local_accounts WHERE uid = ?",
  );
  const insertAccount = db.prepare(
    "INSERT INTO local_accounts (uid, email, password_hash, created_at, password_changed_at) VALUES (?, ?, ?, ?, ?)",
  );
  const setPassword = db.prepare("UPDATE local_accounts SET password_hash = ?, password_changed_at = ? WHERE uid = ?");
  const insertSession = db.prepare(
    "INSERT INTO local_sessions (token_hash, uid, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?)",
  );
  const sessionByHash = db.prepare<[string], { uid: string; created_at: number; expires_at: number; email: string }>(
    `SELECT s.uid, s.created_at, s.expires_at, a.email
     FROM local_sessions s JOIN local_accounts a ON a.uid = s.uid WHERE s.token_hash = ?`,
  );
  const deleteSession = db.prepare("DELETE FROM local_sessions WHERE token_hash = ?");
  const deleteSessionsOf = db.prepare("DELETE FROM local_sessions WHERE uid = ?");
  const deleteExpiredSessions = db.prepare("DELETE FROM local_sessions WHERE expires_at <= ?");
  const insertReset = db.prepare("INSERT INTO local_password_resets (token_hash, uid, expires_at) VALUES (?, ?, ?)");
  const resetByHash = db.prepare<[string], { uid: string; expires_at: number; used_at: number | null; email: string }>(
    `SELECT r.uid, r.expires_at, r.used_at, a.email FROM local_password_resets r
     JOIN local_accounts a ON a.uid = r.uid WHERE r.token_hash = ?`,
  );
  const markResetUsed = db.prepare(
    "UPDATE local_password_resets SET used_at = ? WHERE token_hash = ? AND used_at IS NULL",
  );
  const markOtherResetsUsed = db.prepare(
    "UPDATE local_password_resets SET used_at = ? WHERE uid = ? AND used_at IS NULL",
  );

  function openSession(account: { uid: string; email: string }): { identity: Identity; session: Session } {
    const token = newToken();
    const at = now();
    const expiresAt = at + SESSION_TTL_MS;
    // last_seen_at is kept at the start: use does not extend a session (see the port).
    insertSession.run(sha256(token), account.uid, at, at, expiresAt);
    // Housekeeping rides on sign-in rather than a timer: cheap and enough.
    deleteExpiredSessions.run(at);
    return { identity: { uid: account.uid, email: account.email }, session: { token, expiresAt: new Date(expiresAt) } };
  }

  function validReset(code: string) {
    const row = resetByHash.get(sha256(code));
    if (!row || row.used_at !== null || row.expires_at <= now()) {
      throw new IdentityError("invalid-reset-code");
    }
    return row;
  }

  // The account and its first session commit together: a full disk leaves neither.
  const createAccount = db.transaction((uid: string, email: string, hash: string, at: string) => {
    insertAccount.run(uid, email, hash, at, at);
    return openSession({ uid, email });
  });

  // A full disk answers StorageFullError, as the store does (they share the database).
  return storageWatchOf(db).guard<IdentityProvider>({
    kind: "local",

    async signIn(email, password) {
      const account = accountByEmail.get(normaliseEmail(email));
      const ok = await verifyPassword(password, account?.password_hash ?? DUMMY_HASH);
      if (!account || !ok) throw new IdentityError("invalid-credentials");
      return openSession(account);
    },

    async signUp(email, password) {
      const normalised = normaliseEmail(email);
      if (accountByEmail.get(normalised)) throw new IdentityError("email-exists");
      const hash = await hashPassword(password);
      const uid = crypto.randomUUID().replace(/-/g, "");
      const at = new Date(now()).toISOString();
      try {
        return createAccount.immediate(uid, normalised, hash, at);
      } catch (error) {
        // Two registrations racing for one e-mail: the UNIQUE index decides.
        if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") {
          throw new IdentityError("email-exists");
        }
        throw error;
      }
    },

    async verifySession(token) {
      const hash = sha256(token);
      const row = sessionByHash.get(hash);
      if (!row) return null;
      // Sessions opened before this rule slid their expiry; none lives past 14 days from its start.
      if (Math.min(row.expires_at, row.created_at + SESSION_TTL_MS) <= now()) {
        deleteSession.run(hash);
        return null;
      }
      return { uid: row.uid, email: row.email };
    },

    claimedUid(token) {
      // A local token names nobody by itself; its row does (a local read, no wait). Unchecked, as the port says.
      return token ? (sessionByHash.get(sha256(token))?.uid ?? null) : null;
    },

    async endSession(token) {
      deleteSession.run(sha256(token));
    },

    async endAllSessions(uid) {
      deleteSessionsOf.run(uid);
    },

    async sendPasswordReset(email, link) {
      const account = accountByEmail.get(normaliseEmail(email));
      if (!account) return;
      const token = newToken();
      insertReset.run(sha256(token), account.uid, now() + options.resetTokenTtlMs);
      await options.sendResetMail(account.email, link.resetUrl(token));
    },

    async checkResetCode(code) {
      return validReset(code).email;
    },

    async resetPassword(code, newPassword) {
      const row = validReset(code);
      const hash = await hashPassword(newPassword);
      const at = now();
      db.transaction(() => {
        // Single use even when two requests race: only one UPDATE can flip used_at.
        if (markResetUsed.run(at, sha256(code)).changes !== 1) {
          throw new IdentityError("invalid-reset-code");
        }
        setPassword.run(hash, new Date(at).toISOString(), row.uid);
        markOtherResetsUsed.run(at, row.uid);
        deleteSessionsOf.run(row.uid);
      }).immediate();
    },

    async changePassword(uid, _email, currentPassword, newPassword) {
      const account = accountByUid.get(uid);
      if (!account || !(await verifyPassword(currentPassword, account.password_hash))) {
        throw new IdentityError("wrong-current-password");
      }
      const hash = await hashPassword(newPassword);
      db.transaction(() => {
        setPassword.run(hash, new Date(now()).toISOString(), uid);
        deleteSessionsOf.run(uid);
      }).immediate();
    },
  });
}
