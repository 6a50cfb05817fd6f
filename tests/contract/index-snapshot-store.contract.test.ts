import crypto from "node:crypto";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createFirebaseIndexSnapshots } from "~/server/index-snapshots/firebase.server";
import type { IndexSnapshotStore } from "~/server/index-snapshots/port";
import { createSqliteIndexSnapshots } from "~/server/index-snapshots/sqlite.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { makeTempDir } from "../support/temp-dir";

// The index-snapshot port on both adapters (decisions 0009, 0021): a snapshot written whole is read
// back whole by another instance (its own connection or client). Its lease is the LeaseStore's
// (tests/contract/leases.contract.test.ts).

interface SnapshotAdapter {
  name: string;
  /** Two instances on one shop: their own connections or clients to the same database. */
  create(): { a: IndexSnapshotStore; b: IndexSnapshotStore; dispose(): Promise<void> };
}

const ADAPTERS: SnapshotAdapter[] = [
  {
    name: "sqlite",
    create() {
      const temp = makeTempDir();
      const [one, two] = [openDatabase(temp.dir), openDatabase(temp.dir)];
      return {
        a: createSqliteIndexSnapshots(one),
        b: createSqliteIndexSnapshots(two),
        async dispose() {
          one.close();
          two.close();
          temp.remove();
        },
      };
    },
  },
  {
    name: "firebase (Firestore and Storage emulators)",
    create() {
      process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
      process.env.FIREBASE_STORAGE_EMULATOR_HOST = inject("storageEmulatorHost");
      const projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
      const bucket = `hemline-index-${crypto.randomBytes(5).toString("hex")}`;
      const apps: App[] = [0, 1].map((i) => initializeApp({ projectId }, `${projectId}-${i}`));
      const [a, b] = apps.map((app) => createFirebaseIndexSnapshots(getStorage(app).bucket(bucket)));
      return { a, b, dispose: () => Promise.all(apps.map((app) => deleteApp(app))).then(() => undefined) };
    },
  },
];

describe.each(ADAPTERS)("IndexSnapshotStore contract: $name", (adapter) => {
  let shop: ReturnType<SnapshotAdapter["create"]>;
  const fresh = () => (shop = adapter.create());
  afterEach(async () => shop?.dispose());

  it("has no snapshot at first; one instance's snapshot is what the other reads, replaced whole", async () => {
    const { a, b } = fresh();
    expect(await b.read()).toBeNull();
    const first = crypto.randomBytes(300_000);
    await a.write(first);
    expect(Buffer.from((await b.read())!).equals(first)).toBe(true);
    const second = crypto.randomBytes(1_000);
    await b.write(second);
    expect(Buffer.from((await a.read())!).equals(second)).toBe(true);
  });
});
