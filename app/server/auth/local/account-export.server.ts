import type { SqliteDatabase } from "~/server/store/sqlite/database.server";

// The embedded backend's accounts as they are stored, for moving the shop to Firebase Auth. Only
// the migration reads this: the identity port speaks of sessions, never of password hashes.

export interface LocalAccount {
  uid: string;
  email: string;
  /** "scrypt$N$r$p$salt(base64)$key(base64)" (password-hash.server.ts). */
  passwordHash: string;
  createdAt: string;
}

export function listLocalAccounts(db: SqliteDatabase): LocalAccount[] {
  return db
    .prepare<[], { uid: string; email: string; password_hash: string; created_at: string }>(
      "SELECT uid, email, password_hash, created_at FROM local_accounts ORDER BY uid",
    )
    .all()
    .map((row) => ({ uid: row.uid, email: row.email, passwordHash: row.password_hash, createdAt: row.created_at }));
}
