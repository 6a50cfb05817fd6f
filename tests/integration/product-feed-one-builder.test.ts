import crypto from "node:crypto";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { getStorage } from "firebase-admin/storage";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCloudStorageFeedFiles } from "~/server/feed-files/cloud-storage.server";
import { createFirestoreLeases } from "~/server/leases/firestore.server";
import type { LeaseStore } from "~/server/leases/port";
import { createCatalogService } from "~/server/services/catalog/catalog.server";
import {
  createProductFeedService,
  type FeedRequest,
  type OpenedFeed,
  type ProductFeedService,
} from "~/server/services/feed/product-feed.server";
import { createFirestoreStoreOn } from "~/server/store/firestore/store.server";
import type { FeedPage, Store } from "~/server/store/port";
import { makeProduct } from "../support/product-factory";
import { makeTempDir } from "../support/temp-dir";

// Two instances of one shop on Firebase (one Firestore and one Storage emulator; each instance its
// own firebase-admin clients, catalogue index and local directory, as two processes have): one of
// them builds each feed under its lease and puts it in Cloud Storage, both send that same feed; an
// instance that dies while building is replaced once its lease lapses (decision 0034). Builds are
// counted from each instance's log (both run in this one process, so they share its metrics).

// Short, so a dead builder is replaced within the test; long enough for the emulator to answer a renewal on a loaded machine.
const LEASE_MS = 5000;

interface Instance {
  name: string;
  feed: ProductFeedService;
  store: Store;
  logs: string[];
  /** Makes the instance's next feed read wait at its first page until let go. */
  holdReads(): void;
  letReadsGo(): void;
  /** From now on nothing this instance asks of Firestore's leases is answered, as of a process that died. */
  die(): void;
  /** True once a build of the instance has reached the catalogue (and holds the lease). */
  reading(): boolean;
}

const builtIn = (instance: Instance) => instance.logs.filter((line) => line.startsWith("Built the ")).length;

async function until(what: string, done: () => boolean | Promise<boolean>) {
  for (let round = 0; round < 600; round++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Never happened: ${what}`);
}

const bytesOf = async (feed: OpenedFeed) => buffer(feed.body());

describe("product feed on two Firebase instances", () => {
  const apps: App[] = [];
  const dirs: Array<{ remove(): void }> = [];
  let a: Instance;
  let b: Instance;
  let projectId: string;
  let bucket: string;

  function instance(name: string, bucket: string): Instance {
    const app = initializeApp({ projectId }, `${projectId}-${name}`);
    apps.push(app);
    const db = getFirestore(app);
    const store = createFirestoreStoreOn(db);
    const catalog = createCatalogService({ store, log: () => undefined });
    const files = createCloudStorageFeedFiles(getStorage(app).bucket(bucket));
    const real = createFirestoreLeases(db);
    let dead = false;
    const never = new Promise<never>(() => undefined);
    const leases: LeaseStore = {
      take: (...args) => (dead ? never : real.take(...args)),
      release: (...args) => (dead ? never : real.release(...args)),
    };
    let gate: Promise<void> | null = null;
    let open = () => undefined as void;
    let reading = false;
    const logs: string[] = [];
    const dir = makeTempDir(`hemline-feed-${name}-`);
    dirs.push(dir);
    const feed = createProductFeedService({
      products: {
        async feedPage(after: string | null, limit: number): Promise<FeedPage> {
          reading = true;
          if (gate) await gate;
          return store.products.feedPage(after, limit);
        },
      },
      version: async () => catalog.version(),
      files,
      leases,
      leaseMs: LEASE_MS,
      cacheDir: dir.dir,
      brand: "Hemline",
      shopName: "Hemline",
      rates: { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 },
      batchSize: 2,
      log: (line) => logs.push(line),
    });
    return {
      name,
      feed,
      store,
      logs,
      holdReads: () => {
        reading = false;
        gate = new Promise<void>((resolve) => (open = resolve));
      },
      letReadsGo: () => {
        gate = null;
        open();
      },
      die: () => (dead = true),
      reading: () => reading,
    };
  }

  beforeAll(async () => {
    process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
    process.env.FIREBASE_STORAGE_EMULATOR_HOST = inject("storageEmulatorHost");
    projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
    bucket = `hemline-feeds-${crypto.randomBytes(5).toString("hex")}`;
    a = instance("a", bucket);
    b = instance("b", bucket);
    await a.store.products.upsertMany(
      Array.from({ length: 5 }, (_, i) => makeProduct({ id: `twin${i}`, name: `Twin shirt ${i}`, priceMinor: 2500 })),
    );
  });

  afterAll(async () => {
    await Promise.all([a.feed.settled(), b.feed.settled()]);
    a.feed.stop();
    b.feed.stop();
    await Promise.all(apps.map((app) => deleteApp(app)));
    for (const dir of dirs) dir.remove();
  });

  /** Both instances' logs, shown with a failed count of builds. */
  const logsOf = () => `A:\n${a.logs.join("\n")}\nB:\n${b.logs.join("\n")}`;

  const request: FeedRequest = { format: "xml", country: "IE", origin: "https://twins.example" };

  it("builds each catalogue version once between them, and both send the same feed, ETag and gzipped copy", async () => {
    // Both start together, each asked to keep the home feed (as every instance does at start).
    await Promise.all([a.feed.start([request]), b.feed.start([request])]);
    await Promise.all([a.feed.settled(), b.feed.settled()]);
    expect(builtIn(a) + builtIn(b), logsOf()).toBe(1);
    const [fromA, fromB] = await Promise.all([a.feed.open(request), b.feed.open(request)]);
    expect(fromA.etag).toBe(fromB.etag);
    expect(fromA.current && fromB.current).toBe(true);
    expect(fromA.size).toBe(fromB.size);
    const [first, second] = await Promise.all([bytesOf(fromA), bytesOf(fromB)]);
    expect(first.equals(second)).toBe(true);
    expect(first.length).toBe(fromA.size);
    expect(first.toString()).toContain("<g:id>TWIN4-BLACK-S</g:id>");
    // The builder's gzipped copy is what both send to a client taking gzip.
    const [zipA, zipB] = await Promise.all([
      (await a.feed.open(request)).gzipped(),
      (await b.feed.open(request)).gzipped(),
    ]);
    const [bytesA, bytesB] = await Promise.all([buffer(zipA!.stream), buffer(zipB!.stream)]);
    expect(bytesA.equals(bytesB)).toBe(true);
    expect(zlib.gunzipSync(bytesA).equals(first)).toBe(true);

    // A catalogue change: both see it on their next fetch, one builds.
    await b.store.products.upsertMany([makeProduct({ id: "twin2", name: "Twin shirt 2", priceMinor: 3100 })]);
    const stale = await Promise.all([a.feed.open(request), b.feed.open(request)]);
    await Promise.all(stale.map((feed) => feed.close()));
    await Promise.all([a.feed.settled(), b.feed.settled()]);
    expect(builtIn(a) + builtIn(b), logsOf()).toBe(2);
    const [newA, newB] = await Promise.all([a.feed.open(request), b.feed.open(request)]);
    expect(newA.etag).toBe(newB.etag);
    expect(newA.etag).not.toBe(fromA.etag);
    expect(newA.current && newB.current).toBe(true);
    const [changedA, changedB] = await Promise.all([bytesOf(newA), bytesOf(newB)]);
    expect(changedA.equals(changedB)).toBe(true);
    expect(changedA.toString()).toMatch(/<g:id>TWIN2-BLACK-S<\/g:id>[\s\S]*?<g:price>31.00 EUR<\/g:price>/);
    // In Storage, the newer feed and its gzipped copy; the older ones are gone once it is in place.
    const current = newA.etag.replaceAll('"', "");
    const [objects] = await getStorage(apps[0]).bucket(bucket).getFiles({ prefix: "feeds/" });
    expect(objects.map((object) => object.name.split("/").at(-1)).sort()).toEqual([
      `${current}.xml`,
      `${current}.xml.gz`,
    ]);
  });

  it("lets the other instance build a feed once the builder that died mid-build lets its lease lapse", async () => {
    const fresh: FeedRequest = { format: "xml", country: "IE", origin: "https://after-a-crash.example" };
    const before = builtIn(a) + builtIn(b);
    a.holdReads();
    // A's first fetch of a feed never built: A takes the lease and starts building, then dies.
    const waitingOnA = a.feed.open(fresh).then(
      (feed) => feed,
      (error: unknown) => error,
    );
    await until("A's build reads the catalogue", () => a.reading());
    a.die();
    // B's fetch has nothing to send: it waits, and builds once A's lease has lapsed.
    const fromB = await b.feed.open(fresh);
    expect(b.logs.some((line) => line.startsWith("Another instance is building the xml product feed"))).toBe(true);
    expect(builtIn(b) + builtIn(a), logsOf()).toBe(before + 1);
    const sent = await bytesOf(fromB);
    expect(sent.toString()).toContain("<link>https://after-a-crash.example</link>");
    expect(sent.toString()).toContain("<g:id>TWIN4-BLACK-S</g:id>");

    // A comes back to life: its build, whose lease lapsed, is thrown away, not kept beside B's.
    a.letReadsGo();
    const aGot = await waitingOnA;
    await a.feed.settled();
    expect(a.logs.some((line) => /Could not build the xml product feed .*lease lapsed/.test(line))).toBe(true);
    expect(builtIn(a) + builtIn(b), logsOf()).toBe(before + 1);
    // What A's fetch was answered with is the feed B built.
    expect((aGot as OpenedFeed).etag).toBe(fromB.etag);
    expect((await bytesOf(aGot as OpenedFeed)).equals(sent)).toBe(true);
  });
});
