import type { App } from "firebase-admin/app";
import type { UserImportOptions, UserImportRecord } from "firebase-admin/auth";
import { authSdk } from "~/server/firebase-sdk.server";
import type { LocalAccount } from "../local/account-export.server";

// Embedded accounts into Firebase Auth with their uid (so profiles, orders and reviews still
// match) and their password hash: Firebase Auth verifies STANDARD_SCRYPT hashes given the scrypt
// parameters, which the embedded hash stores with each password. An account already imported is
// left as it is, so importing again changes nothing.

export interface AccountImportResult {
  imported: number;
  /** Accounts Firebase refused (e.g. the e-mail belongs to another uid there), with its reason. */
  failed: Array<{ uid: string; email: string; reason: string }>;
}

/** The hash options and record for one embedded account; null when its hash is not a scrypt hash. */
export function scryptImport(
  account: LocalAccount,
): { options: UserImportOptions; record: UserImportRecord; group: string } | null {
  const [scheme, n, r, p, saltText, keyText] = account.passwordHash.split("$");
  if (scheme !== "scrypt" || !saltText || !keyText) return null;
  const key = Buffer.from(keyText, "base64");
  const options: UserImportOptions = {
    hash: {
      algorithm: "STANDARD_SCRYPT",
      memoryCost: Number(n),
      blockSize: Number(r),
      parallelization: Number(p),
      derivedKeyLength: key.length,
    },
  };
  return {
    options,
    group: [n, r, p, key.length].join("$"),
    record: {
      uid: account.uid,
      email: account.email,
      passwordHash: key,
      passwordSalt: Buffer.from(saltText, "base64"),
      metadata: { creationTime: new Date(account.createdAt).toUTCString() },
    },
  };
}

export async function importAccounts(app: App, accounts: readonly LocalAccount[]): Promise<AccountImportResult> {
  const auth = authSdk().getAuth(app);
  const failed: AccountImportResult["failed"] = [];
  // One hash configuration per importUsers call (which takes up to 1000 accounts).
  const groups = new Map<string, { options: UserImportOptions; records: UserImportRecord[] }>();
  for (const account of accounts) {
    const item = scryptImport(account);
    if (!item) {
      failed.push({ uid: account.uid, email: account.email, reason: "not a scrypt password hash" });
      continue;
    }
    const group = groups.get(item.group) ?? { options: item.options, records: [] };
    group.records.push(item.record);
    groups.set(item.group, group);
  }
  let imported = 0;
  for (const { options, records } of groups.values()) {
    for (let i = 0; i < records.length; i += 100) {
      // An account already there with the same e-mail was imported by an earlier run: importUsers
      // may not overwrite it (the Auth emulator refuses to), and it needs nothing more.
      const chunk = records.slice(i, i + 100);
      const present = await auth.getUsers(chunk.map((r) => ({ uid: r.uid })));
      const done = new Set(
        present.users
          .filter((u) => u.email?.toLowerCase() === chunk.find((r) => r.uid === u.uid)?.email?.toLowerCase())
          .map((u) => u.uid),
      );
      imported += done.size;
      const batch = chunk.filter((r) => !done.has(r.uid));
      if (batch.length === 0) continue;
      const result = await auth.importUsers(batch, options);
      imported += result.successCount;
      for (const error of result.errors) {
        const record = batch[error.index]!;
        failed.push({ uid: record.uid, email: record.email ?? "", reason: error.error.message });
      }
    }
  }
  return { imported, failed };
}

/** How many of these uids have an account in Firebase Auth with the same e-mail. */
export async function countMatchingAccounts(app: App, accounts: readonly LocalAccount[]): Promise<number> {
  const auth = authSdk().getAuth(app);
  let found = 0;
  for (let i = 0; i < accounts.length; i += 100) {
    const batch = accounts.slice(i, i + 100);
    const result = await auth.getUsers(batch.map((a) => ({ uid: a.uid })));
    const emails = new Map(batch.map((a) => [a.uid, a.email.toLowerCase()]));
    found += result.users.filter((u) => u.email?.toLowerCase() === emails.get(u.uid)).length;
  }
  return found;
}
