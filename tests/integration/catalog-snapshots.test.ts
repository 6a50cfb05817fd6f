import crypto from "node:crypto";
import { gzipSync } from "node:zlib";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { parseProductQuery } from "~/lib/product-query";
import { createFirebaseIndexSnapshots } from "~/server/index-snapshots/firebase.server";
import { createFirestoreLeases } from "~/server/leases/firestore.server";
import type { LeaseStore } from "~/server/leases/port";
import type { IndexSnapshotStore } from "~/server/index-snapshots/port";
import { seedIfEmpty } from "~/server/seed/seed.server";
import { buildLargeCatalogue } from "~/server/seed/catalogue.server";
import { createCatalogService, type CatalogService } from "~/server/services/catalog/catalog.server";
import { decodeSnapshot, SNAPSHOT_FORMAT } from "~/server/services/catalog/snapshot-codec.server";
import { createFirestoreStore, createFirestoreStoreOn } from "~/server/store/firestore/store.server";
import type { Store } from "~/server/store/port";
import { loader as healthz } from "~/routes/healthz";
import type { AppContext } from "~/server/context.server";
import { createLoadContext } from "~/server/load-context.server";
import { allProducts } from "../support/all-products";

// Instances on the Firebase backend share one catalogue index: one builds it under a lease and
// writes a snapshot to Cloud Storage; the others load it and catch up from the change feed.
// Run on the Firestore and Storage emulators, each "instance" with a client of its own.

const QUERIES = [
  "",
  "category=jeans&size=32",
  "category=t-shirts&size=M&colour=Navy",
  "search=jeens",
  "search=jeens&sort=relevance",
  "search=linen+shirt&sort=price-asc",
  "search=cashmre",
  "sort=newest&page=2",
  "sort=price-desc&min=50&max=100",
  "colour=Black&colour=White",
  "category=dresses&sort=featured",
  "sort=rating",
  "category=jeans&sort=rating&page=2",
];

interface Instance {
  catalog: CatalogService;
  /** Products this instance read through the change feed. */
  reads: () => number;
}

describe("catalogue index snapshots (Firestore and Storage emulators)", () => {
  let projectId: string;
  let bucket: string;
  let seeder: Store;
  const apps: App[] = [];
  const instances: Instance[] = [];

  /** A serving instance: its own Firestore and Storage clients, as another process has. */
  function instance(
    wrap: (s: IndexSnapshotStore) => IndexSnapshotStore = (s) => s,
    leases: (l: LeaseStore) => LeaseStore = (l) => l,
  ): Instance {
    const app = initializeApp({ projectId }, `${projectId}-${apps.length}`);
    apps.push(app);
    const store = createFirestoreStoreOn(getFirestore(app));
    let read = 0;
    const counted: Store = {
      ...store,
      products: {
        ...store.products,
        async changes(cursor, limit) {
          const batch = await store.products.changes(cursor, limit);
          read += batch.changes.length;
          return batch;
        },
      },
    };
    const snapshots = {
      files: wrap(createFirebaseIndexSnapshots(getStorage(app).bucket(bucket))),
      leases: leases(createFirestoreLeases(getFirestore(app))),
    };
    const catalog = createCatalogService({
      store: counted,
      syncIntervalMs: 0,
      snapshots,
      snapshotPollMs: 100,
      log: () => {},
    });
    const made = { catalog, reads: () => read };
    instances.push(made);
    return made;
  }

  const list = (catalog: CatalogService, qs: string) =>
    catalog.listProducts(parseProductQuery(new URLSearchParams(qs)).query);

  async function answers(catalog: CatalogService) {
    return Promise.all(QUERIES.map((qs) => list(catalog, qs)));
  }

  beforeAll(async () => {
    process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = inject("storageEmulatorHost");
    projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
    bucket = `hemline-index-${crypto.randomBytes(5).toString("hex")}`;
    seeder = createFirestoreStore(projectId);
    // The emulator's first answers can be slow on a loaded machine: wait until it answers.
    for (let attempt = 1; ; attempt++) {
      try {
        await seeder.ping();
        break;
      } catch (error) {
        if (attempt === 6) throw error;
      }
    }
    await seedIfEmpty(seeder, () => {});
    // More than the demo catalogue, so sizes, colours and ties are plentiful.
    for (const batch of buildLargeCatalogue(600)) await seeder.products.upsertMany(batch);
    // Read the feed once, so the emulator's first slow answers (JIT, a loaded machine) are behind us.
    const products = await allProducts(seeder);
    // Ratings on some products (approved reviews), so snapshots carry them and "Top rated" has ties to break.
    for (const [i, p] of products
      .filter((p, j) => p.category === "jeans" || j % 7 === 0)
      .slice(0, 40)
      .entries()) {
      await seeder.products.setRating(p.id, { count: 1 + (i % 4), total: (1 + (i % 4)) * (3 + (i % 3)), version: 1 });
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.catalog.stop()));
    await seeder.close();
    await Promise.all(apps.map((app) => deleteApp(app)));
  });

  it("builds once when two instances start together, and the other loads the snapshot", async () => {
    const a = instance();
    const b = instance();
    await Promise.all([a.catalog.start(), b.catalog.start()]);
    const builders = [a, b].filter((i) => i.catalog.holdsSnapshotLease());
    expect(builders).toHaveLength(1);
    const total = (await list(a.catalog, "")).total;
    expect(total).toBeGreaterThan(600);
    // One of them read the catalogue; the other read nothing of it.
    expect(Math.min(a.reads(), b.reads())).toBe(0);
    expect(Math.max(a.reads(), b.reads())).toBeGreaterThanOrEqual(total);
    expect(await answers(b.catalog)).toEqual(await answers(a.catalog));
  });

  it("serves from a snapshot exactly what an index built from the catalogue serves", async () => {
    const fromSnapshot = instance();
    await fromSnapshot.catalog.start();
    expect(fromSnapshot.reads()).toBe(0);
    // Built from scratch: no snapshot store at all.
    const app = initializeApp({ projectId }, `${projectId}-scratch`);
    apps.push(app);
    const scratch = createCatalogService({ store: createFirestoreStoreOn(getFirestore(app)) });
    expect(await answers(fromSnapshot.catalog)).toEqual(await answers(scratch));
  });

  it("builds from the catalogue when Storage does not answer, and serves the same listings", async () => {
    // A bucket that cannot be reached: the lease (Firestore) still decides who builds.
    const cut = instance((s) => ({
      ...s,
      read: async () => Promise.reject(new Error("connect ECONNREFUSED")),
      write: async () => Promise.reject(new Error("connect ECONNREFUSED")),
    }));
    await cut.catalog.start();
    expect(cut.catalog.isReady()).toBe(true);
    const reference = instance();
    await reference.catalog.start();
    expect(await answers(cut.catalog)).toEqual(await answers(reference.catalog));
  });

  it("catches up with changes made after the snapshot, on instances started before and after them", async () => {
    const before = instance();
    await before.catalog.start();
    const [first] = (await list(before.catalog, "search=jeans")).items;
    const product = (await seeder.products.get(first.id))!;
    await seeder.products.save({ ...product, name: "Zanzibar Flare Jeans" });
    const gone = (await list(before.catalog, "category=socks")).items[0];
    await seeder.products.delete(gone.id);
    // A review approved since: the product's new rating puts it first in "Top rated".
    const rated = (await list(before.catalog, "category=dresses&sort=newest")).items.at(-1)!;
    await seeder.products.setRating(rated.id, { count: 50, total: 250, version: 99 });

    const after = instance();
    await after.catalog.start();
    // Only the changes since the snapshot were read.
    expect(after.reads()).toBeLessThan(10);
    for (const catalog of [before.catalog, after.catalog]) {
      expect((await list(catalog, "search=zanzibar")).items.map((p) => p.id)).toEqual([first.id]);
      expect((await list(catalog, "search=zanzibr")).items.map((p) => p.id)).toEqual([first.id]);
      expect((await list(catalog, "category=socks&sort=newest")).items.map((p) => p.id)).not.toContain(gone.id);
      expect((await list(catalog, "sort=rating")).items[0]).toMatchObject({
        id: rated.id,
        rating: { average: 5, count: 50 },
      });
    }
    expect(await answers(after.catalog)).toEqual(await answers(before.catalog));

    // The lease holder's next refresh writes the changes into the snapshot: a new instance reads none.
    const holder = instances.find((i) => i.catalog.holdsSnapshotLease())!;
    await holder.catalog.refreshSnapshot();
    const later = instance();
    await later.catalog.start();
    expect(later.reads()).toBe(0);
    expect((await list(later.catalog, "search=zanzibar")).items.map((p) => p.id)).toEqual([first.id]);
  });

  it("ignores a snapshot of another format (written before an upgrade), builds and writes one of its own", async () => {
    // Format 3 kept the cards as JSON in the header: [header length][header].
    const header = Buffer.from(JSON.stringify({ format: SNAPSHOT_FORMAT - 1, cursor: null, rows: [] }));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length);
    const old = new Uint8Array(gzipSync(Buffer.concat([length, header])));
    let written: Uint8Array | null = null;
    // This instance alone sees the old snapshot, and holds the lease (as after an upgrade of the whole shop).
    const upgraded = instance(
      (s) => ({ ...s, read: async () => old, write: async (bytes) => void (written = bytes) }),
      () => ({ take: async () => true, release: async () => {} }),
    );
    await upgraded.catalog.start();
    const reference = instance();
    await reference.catalog.start();
    expect(upgraded.reads()).toBeGreaterThan(600);
    expect(await answers(upgraded.catalog)).toEqual(await answers(reference.catalog));
    expect(written).not.toBeNull();
    expect(await decodeSnapshot(written!)).toMatchObject({ cursor: expect.any(String) });
  });

  it('answers /healthz 503 "starting" until the index is ready, then 200', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = instance((s) => ({ ...s, read: async () => (await gate, s.read()) }));
    const store = createFirestoreStoreOn(getFirestore(apps.at(-1)!));
    // The load context the server hands the route, for a shop whose index is still loading.
    const shop = { backend: { store, media: {} }, catalog: slow.catalog } as unknown as AppContext;
    const context = createLoadContext(shop, { clientAddress: null, disallowedMethod: null, earlyVisit: null });
    const call = () => (healthz as (args: { context: typeof context }) => Promise<Response>)({ context });
    const starting = await call();
    expect(starting.status).toBe(503);
    expect(await starting.json()).toEqual({ status: "starting" });
    open();
    await slow.catalog.start();
    const up = await call();
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({ status: "ok" });
  });
});
