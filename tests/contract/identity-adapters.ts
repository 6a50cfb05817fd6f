import crypto from "node:crypto";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { inject } from "vitest";
import type { IdentityProvider } from "~/server/auth/port";
import { createFirebaseIdentity } from "~/server/auth/firebase/identity.server";
import { createLocalIdentity } from "~/server/auth/local/identity.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { authEmulatorResetCodes, resetAuthEmulator } from "../../scripts/emulators/auth";
import { makeTempDir } from "../support/temp-dir";

export interface IdentityUnderTest {
  name: string;
  /** A fresh provider whose session rules read the time from `now`. */
  create(now: () => number): Promise<{
    identity: IdentityProvider;
    /** Another provider on the same database (its own connection or client), as a second server instance has. */
    reopen(): Promise<IdentityProvider>;
    lastResetCode(email: string): Promise<string | undefined>;
    dispose(): Promise<void>;
  }>;
}

export const IDENTITY_ADAPTERS: IdentityUnderTest[] = [
  {
    name: "local (sqlite)",
    async create(now) {
      const temp = makeTempDir();
      const dbs = [openDatabase(temp.dir)];
      const mails: Array<{ email: string; url: string }> = [];
      const open = () =>
        createLocalIdentity(dbs.at(-1)!, {
          resetTokenTtlMs: 3_600_000,
          sendResetMail: async (email, url) => {
            mails.push({ email, url });
          },
          now,
        });
      return {
        identity: open(),
        async reopen() {
          dbs.push(openDatabase(temp.dir));
          return open();
        },
        async lastResetCode(email) {
          const url = mails.filter((m) => m.email === email).at(-1)?.url;
          return url ? (new URL(url).searchParams.get("token") ?? undefined) : undefined;
        },
        async dispose() {
          for (const db of dbs) db.close();
          temp.remove();
        },
      };
    },
  },
  {
    name: "firebase (auth + firestore emulators)",
    async create(now) {
      const host = inject("authEmulatorHost");
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
      process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
      const projectId = "demo-hemline";
      await resetAuthEmulator(host, projectId);
      // Session records in a Firestore database of their own per test; each instance its own client.
      const recordsProject = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
      const apps: ReturnType<typeof initializeApp>[] = [];
      const open = () => {
        apps.push(initializeApp({ projectId: recordsProject }, `${recordsProject}-instance-${apps.length + 1}`));
        return createFirebaseIdentity({
          apiKey: "fake-api-key",
          emulatorHost: host,
          projectId,
          firestore: getFirestore(apps.at(-1)!),
          now,
        });
      };
      return {
        identity: open(),
        reopen: async () => open(),
        async lastResetCode(email) {
          return (await authEmulatorResetCodes(host, projectId)).filter((c) => c.email === email).at(-1)?.oobCode;
        },
        async dispose() {
          await Promise.all(apps.map((app) => deleteApp(app)));
          await resetAuthEmulator(host, projectId);
        },
      };
    },
  },
];
