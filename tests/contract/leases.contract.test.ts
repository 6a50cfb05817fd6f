import crypto from "node:crypto";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createFirestoreLeases } from "~/server/leases/firestore.server";
import type { LeaseStore } from "~/server/leases/port";
import { createSqliteLeases } from "~/server/leases/sqlite.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { makeTempDir } from "../support/temp-dir";

// The lease port on both adapters (decision 0034): each named lease is held by one holder at a
// time, renewable by it, taken by another once it lapses or is released; leases of other names
// are independent; of many instances asking at once exactly one gets it.

interface LeaseAdapter {
  name: string;
  /** Two instances of one shop: their own connections or clients to the same database. */
  create(): { a: LeaseStore; b: LeaseStore; dispose(): Promise<void> };
}

const ADAPTERS: LeaseAdapter[] = [
  {
    name: "sqlite",
    create() {
      const temp = makeTempDir();
      const [one, two] = [openDatabase(temp.dir), openDatabase(temp.dir)];
      return {
        a: createSqliteLeases(one),
        b: createSqliteLeases(two),
        async dispose() {
          one.close();
          two.close();
          temp.remove();
        },
      };
    },
  },
  {
    name: "firestore (emulator)",
    create() {
      process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
      const projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
      const apps: App[] = [0, 1].map((i) => initializeApp({ projectId }, `${projectId}-${i}`));
      const [a, b] = apps.map((app) => createFirestoreLeases(getFirestore(app)));
      return { a, b, dispose: () => Promise.all(apps.map((app) => deleteApp(app))).then(() => undefined) };
    },
  },
];

describe.each(ADAPTERS)("LeaseStore contract: $name", (adapter) => {
  let shop: ReturnType<LeaseAdapter["create"]>;
  const fresh = () => (shop = adapter.create());
  afterEach(async () => shop?.dispose());

  it("gives a lease to one holder at a time, renewable by it, to another once it lapses or is released", async () => {
    const { a, b } = fresh();
    const start = new Date("2026-11-27T10:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(await a.take("feed-x", "one", 60_000, start)).toBe(true);
    expect(await b.take("feed-x", "two", 60_000, at(1_000))).toBe(false);
    // Renewed by its holder: still refused past the first expiry.
    expect(await a.take("feed-x", "one", 60_000, at(30_000))).toBe(true);
    expect(await b.take("feed-x", "two", 60_000, at(80_000))).toBe(false);
    // Lapsed (the holder stopped renewing): the other takes it, and the first holder no longer has it.
    expect(await b.take("feed-x", "two", 60_000, at(90_001))).toBe(true);
    expect(await a.take("feed-x", "one", 60_000, at(91_000))).toBe(false);
    await b.release("feed-x", "two");
    expect(await a.take("feed-x", "one", 60_000, at(92_000))).toBe(true);
    // Releasing a lease one does not hold changes nothing.
    await b.release("feed-x", "two");
    expect(await b.take("feed-x", "two", 60_000, at(93_000))).toBe(false);
  });

  it("keeps leases of different names apart", async () => {
    const { a, b } = fresh();
    const now = new Date();
    expect(await a.take("feed-one", "one", 60_000, now)).toBe(true);
    expect(await b.take("feed-two", "two", 60_000, now)).toBe(true);
    expect(await b.take("feed-one", "two", 60_000, now)).toBe(false);
    await a.release("feed-two", "one");
    expect(await a.take("feed-two", "one", 60_000, now)).toBe(false);
  });

  it("lets exactly one of many instances asking together take a lease", async () => {
    const { a, b } = fresh();
    const now = new Date();
    const takes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).take("feed-race", `instance-${i}`, 60_000, now)),
    );
    expect(takes.filter(Boolean)).toHaveLength(1);
  });

  it("refuses a name that is not one", async () => {
    const { a } = fresh();
    await expect(a.take("feeds/x", "one", 60_000)).rejects.toThrow(/Not a lease name/);
  });
});
