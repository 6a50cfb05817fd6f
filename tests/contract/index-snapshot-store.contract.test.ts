import crypto from "node:crypto";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createFirebaseIndexSnapshots } from "~/server/index-snapshots/firebase.server";
import type { IndexSnapshotStore } from "~/server/index-snapshots/port";
import { createSqliteIndexSnapshots } from "~/server/index-snapshots/sqlite.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { makeTempDir } from "../support/temp-dir";

// The index-snapshot port on both adapters (decisions 0009, 0021): a snapshot written whole is read
// back whole by another instance (its own connection or client), and the lease is held by one
// holder at a time until it lapses or is released.

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
      const [a, b] = apps.map((app) => createFirebaseIndexSnapshots(getFirestore(app), getStorage(app).bucket(bucket)));
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

  it("gives the lease to one holder at a time, renewable by it, to another once it lapses or is released", async () => {
    const { a, b } = fresh();
    const start = new Date("2026-11-25T10:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await a.lease("one", 60_000, start)).toBe(true);
    expect(await b.lease("two", 60_000, at(1_000))).toBe(false);
    expect(await a.lease("one", 60_000, at(30_000))).toBe(true);
    expect(await b.lease("two", 60_000, at(80_000))).toBe(false);
    expect(await b.lease("two", 60_000, at(90_001))).toBe(true);
    expect(await a.lease("one", 60_000, at(91_000))).toBe(false);
    await b.release("two");
    expect(await a.lease("one", 60_000, at(92_000))).toBe(true);
    // Releasing a lease one does not hold changes nothing.
    await b.release("two");
    expect(await b.lease("two", 60_000, at(93_000))).toBe(false);
  });

  it("lets exactly one of many instances starting together take the lease", async () => {
    const { a, b } = fresh();
    const now = new Date();
    const takes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).lease(`instance-${i}`, 60_000, now)),
    );
    expect(takes.filter(Boolean)).toHaveLength(1);
  });
});
