import crypto from "node:crypto";
import { once } from "node:events";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import { afterEach, describe, expect, inject, it } from "vitest";
import { createCloudStorageFeedFiles } from "~/server/feed-files/cloud-storage.server";
import { createLocalDiskFeedFiles } from "~/server/feed-files/local-disk.server";
import type { FeedFileRef, FeedFileStore, OpenedFeedFile } from "~/server/feed-files/port";
import { makeTempDir } from "../support/temp-dir";

// The feed-files port on both adapters (decision 0034): a feed streamed in is streamed out byte for
// byte by another instance, only once whole; the newest of a group wins; older ones are removed;
// and (on disk) a reader of an older file keeps reading it while a newer one replaces it.

interface FeedFilesAdapter {
  name: string;
  /** Two instances of one shop: their own adapters on the same disk or bucket. */
  create(): { a: FeedFileStore; b: FeedFileStore; readerKeepsRemovedFile: boolean; dispose(): Promise<void> };
}

const ADAPTERS: FeedFilesAdapter[] = [
  {
    name: "local disk",
    create() {
      const temp = makeTempDir("hemline-feed-files-");
      return {
        a: createLocalDiskFeedFiles(temp.dir),
        b: createLocalDiskFeedFiles(temp.dir),
        readerKeepsRemovedFile: true,
        dispose: async () => temp.remove(),
      };
    },
  },
  {
    name: "cloud storage (emulator)",
    create() {
      process.env.FIREBASE_STORAGE_EMULATOR_HOST = inject("storageEmulatorHost");
      const bucket = `hemline-feeds-${crypto.randomBytes(5).toString("hex")}`;
      const apps: App[] = [0, 1].map((i) =>
        initializeApp({ projectId: "demo-hemline" }, `feed-files-${crypto.randomBytes(5).toString("hex")}-${i}`),
      );
      const [a, b] = apps.map((app) => createCloudStorageFeedFiles(getStorage(app).bucket(bucket)));
      return {
        a,
        b,
        // A download cut when its object is removed is allowed here (see the adapter).
        readerKeepsRemovedFile: false,
        dispose: () => Promise.all(apps.map((app) => deleteApp(app))).then(() => undefined),
      };
    },
  },
];

const GROUP = "grp_A-1";
const ref = (key: string, gzip = false): FeedFileRef => ({ group: GROUP, key, format: "xml", gzip });

/** Writes `bytes` through a writer in pieces, with backpressure, and commits. */
async function put(store: FeedFileStore, file: FeedFileRef, bytes: Buffer, builtAt: Date) {
  const writer = await store.create(file, builtAt);
  for (let at = 0; at < bytes.length; at += 64 * 1024) {
    if (!writer.stream.write(bytes.subarray(at, at + 64 * 1024))) await once(writer.stream, "drain");
  }
  await writer.commit();
}

const bytesOf = async (file: OpenedFeedFile | null) => buffer(file!.read());

/** The key of the newest feed of the group, the file let go again. */
async function newestKey(store: FeedFileStore) {
  const newest = await store.newest(GROUP, "xml");
  await newest?.close();
  return newest?.key ?? null;
}

describe.each(ADAPTERS)("FeedFileStore contract: $name", (adapter) => {
  let shop: ReturnType<FeedFilesAdapter["create"]>;
  const fresh = () => (shop = adapter.create());
  afterEach(async () => shop?.dispose());

  it("streams a feed in and out byte for byte, for another instance, with its key, time and size", async () => {
    const { a, b } = fresh();
    expect(await newestKey(b)).toBeNull();
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const builtAt = new Date("2026-11-27T10:00:00.000Z");
    await put(a, ref("k1"), bytes, builtAt);
    const newest = await b.newest(GROUP, "xml");
    expect(newest).toMatchObject({ key: "k1", size: bytes.length });
    expect(newest!.builtAt.toISOString()).toBe(builtAt.toISOString());
    expect((await bytesOf(newest)).equals(bytes)).toBe(true);
    expect(await b.exists(ref("k1"))).toBe(true);
    // Another format of the group is not this one.
    expect(await b.newest(GROUP, "tsv")).toBeNull();
  });

  it("keeps a gzipped copy apart from the feed, opened by its own name", async () => {
    const { a, b } = fresh();
    await put(a, ref("k1"), Buffer.from("<rss>plain</rss>"), new Date());
    expect(await b.open(ref("k1", true))).toBeNull();
    expect(await b.exists(ref("k1", true))).toBe(false);
    const zipped = crypto.randomBytes(1000);
    await put(a, ref("k1", true), zipped, new Date());
    const opened = await b.open(ref("k1", true));
    expect(opened).toMatchObject({ key: "k1", size: 1000 });
    expect((await bytesOf(opened)).equals(zipped)).toBe(true);
    // The gzipped copy is never taken for the newest feed itself.
    expect((await bytesOf(await b.newest(GROUP, "xml"))).toString()).toBe("<rss>plain</rss>");
  });

  it("shows nothing of a file until it is committed, and nothing of one aborted", async () => {
    const { a, b } = fresh();
    const writer = await a.create(ref("k1"), new Date());
    writer.stream.write(Buffer.from("<rss>half"));
    expect(await b.newest(GROUP, "xml")).toBeNull();
    expect(await b.exists(ref("k1"))).toBe(false);
    await writer.abort();
    expect(await b.newest(GROUP, "xml")).toBeNull();
    await put(a, ref("k2"), Buffer.from("<rss>whole</rss>"), new Date());
    expect((await bytesOf(await b.newest(GROUP, "xml"))).toString()).toBe("<rss>whole</rss>");
  });

  it("answers the newest built feed of the group; older files, plain and gzipped, are removed", async () => {
    const { a, b } = fresh();
    await put(a, ref("old"), Buffer.from("old"), new Date("2026-11-27T10:00:00Z"));
    await put(a, ref("old", true), Buffer.from("old-gz"), new Date("2026-11-27T10:00:00Z"));
    await put(b, ref("new"), Buffer.from("new"), new Date("2026-11-27T10:05:00Z"));
    expect(await newestKey(a)).toBe("new");
    // Another group is untouched by this one's removal.
    const other: FeedFileRef = { group: "other", key: "old", format: "xml" };
    await put(a, other, Buffer.from("other"), new Date("2026-11-27T10:00:00Z"));
    await b.removeOlder(GROUP, "new");
    expect(await a.exists(ref("old"))).toBe(false);
    expect(await a.exists(ref("old", true))).toBe(false);
    expect((await bytesOf(await a.newest(GROUP, "xml"))).toString()).toBe("new");
    expect((await bytesOf(await a.newest("other", "xml"))).toString()).toBe("other");
  });

  it("lets a reader of an older file keep reading while a newer one is written and the older removed (where the store allows)", async () => {
    const { a, b, readerKeepsRemovedFile } = fresh();
    const old = crypto.randomBytes(2 * 1024 * 1024);
    await put(a, ref("old"), old, new Date("2026-11-27T10:00:00Z"));
    const reading = (await b.newest(GROUP, "xml"))!;
    const stream = reading.read();
    // Take the first piece, then let the newer feed replace this one.
    const first = await new Promise<Buffer>((resolve) => stream.once("data", resolve));
    stream.pause();
    await put(a, ref("new"), crypto.randomBytes(1024), new Date("2026-11-27T10:05:00Z"));
    await a.removeOlder(GROUP, "new");
    const rest = buffer(Readable.from(stream)).then(
      (bytes) => Buffer.concat([first, bytes]),
      () => null,
    );
    const whole = await rest;
    if (readerKeepsRemovedFile) expect(whole?.equals(old)).toBe(true);
    // Where the store may cut it, what was read is still the older file's start, never another's bytes.
    else if (whole) expect(old.subarray(0, whole.length).equals(whole)).toBe(true);
    expect(await newestKey(b)).toBe("new");
  });

  it("refuses names it did not make", async () => {
    const { a } = fresh();
    await expect(a.create({ group: "../etc", key: "k", format: "xml" }, new Date())).rejects.toThrow(/Not a feed file/);
    await expect(a.newest("a/b", "xml")).rejects.toThrow(/Not a feed group/);
  });
});
