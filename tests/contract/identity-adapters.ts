import { inject } from "vitest";
import type { IdentityProvider } from "~/server/auth/port";
import { createFirebaseIdentity } from "~/server/auth/firebase/identity.server";
import { createLocalIdentity } from "~/server/auth/local/identity.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { authEmulatorResetCodes, resetAuthEmulator } from "../../scripts/emulators/auth";
import { makeTempDir } from "../support/temp-dir";

export interface IdentityUnderTest {
  name: string;
  /**
   * Firebase records revocation to the second: a session opened in the same second as a
   * revocation still passes. Tests wait this long before revoking.
   */
  revocationSettleMs: number;
  create(): Promise<{ identity: IdentityProvider; lastResetCode(email: string): Promise<string | undefined>; dispose(): Promise<void> }>;
}

export const IDENTITY_ADAPTERS: IdentityUnderTest[] = [
  {
    name: "local (sqlite)",
    revocationSettleMs: 0,
    async create() {
      const temp = makeTempDir();
      const db = openDatabase(temp.dir);
      const mails: Array<{ email: string; url: string }> = [];
      const identity = createLocalIdentity(db, {
        idleTimeoutMs: 60_000,
        absoluteTimeoutMs: 120_000,
        resetTokenTtlMs: 3_600_000,
        sendResetMail: async (email, url) => {
          mails.push({ email, url });
        },
      });
      return {
        identity,
        async lastResetCode(email) {
          const url = mails.filter((m) => m.email === email).at(-1)?.url;
          return url ? new URL(url).searchParams.get("token") ?? undefined : undefined;
        },
        async dispose() {
          db.close();
          temp.remove();
        },
      };
    },
  },
  {
    name: "firebase (auth emulator)",
    revocationSettleMs: 1100,
    async create() {
      const host = inject("authEmulatorHost");
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
      const projectId = "demo-hemline";
      await resetAuthEmulator(host, projectId);
      const identity = createFirebaseIdentity({ apiKey: "fake-api-key", emulatorHost: host, projectId });
      return {
        identity,
        async lastResetCode(email) {
          return (await authEmulatorResetCodes(host, projectId)).filter((c) => c.email === email).at(-1)?.oobCode;
        },
        async dispose() {
          await resetAuthEmulator(host, projectId);
        },
      };
    },
  },
];
