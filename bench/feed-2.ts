// npx tsx --expose-gc bench/feed-2.ts: the product feed's build in the background (issue 30 part 2),
// at 100,000 products on the embedded store. In one process: how long a build takes reading the
// catalogue the old way (the change feed, whole products) and the lean way (feedPage: active
// products by id, the feed's fields only), and the process's peak RSS during each. Then against the
// production build (run `NODE_ENV=production npx remix build` first): the server started on the
// seeded store builds the feed at start; after a catalogue change, how long the kept feed takes
// to stream (plain and gzipped, over HTTP) while the new one is built, the server's RSS during that
// build, and how long it took. Not a test: no thresholds. BENCH_LARGE changes the catalogue size.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty, seedLarge } from "~/server/seed/seed.server";
import { createCatalogService } from "~/server/services/catalog/catalog.server";
import { createLocalDiskFeedFiles } from "~/server/feed-files/local-disk.server";
import { createProductFeedService } from "~/server/services/feed/product-feed.server";
import { createStore } from "~/server/store/create-store.server";
import type { FeedPage, Store } from "~/server/store/port";
import { rssOf } from "./server";

const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4391);
const ORIGIN = "https://shop.example";
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)}`;
const s = (ms: number) => (ms / 1000).toFixed(1);

/** The feed's read as it was before feedPage: the change feed from the start, whole products. */
function changeFeedPages(store: Store) {
  const seen = new Set<string>();
  return {
    async feedPage(after: string | null, limit: number): Promise<FeedPage> {
      const batch = await store.products.changes(after, limit);
      const products = [];
      for (const change of batch.changes) {
        if (change.kind !== "product" || change.product.status !== "active" || seen.has(change.product.id)) continue;
        seen.add(change.product.id);
        products.push(change.product);
      }
      return { products, next: batch.more ? batch.cursor : null };
    },
  };
}

/** Samples a resident size every 200 ms until stopped; the largest seen. */
function peakSampler(read: () => number) {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 200);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read());
  };
}

async function inProcessBuilds(dataDir: string, store: Store) {
  const config = parseConfig({ DATA_DIR: dataDir });
  const catalog = createCatalogService({ store, log: () => undefined });
  await catalog.start();
  const rows: string[] = [];
  // Alternated, BENCH_ROUNDS times, so a change in the shared machine's load falls on both.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
  const reads = Array.from({ length: rounds }, () => [
    ["before: the change feed, whole products", () => changeFeedPages(store)],
    ["after: feedPage, the feed's fields of active products", () => store.products],
  ]).flat() as [string, () => Pick<Store["products"], "feedPage">][];
  for (const [how, productsOf] of reads) {
    const products = productsOf();
    (globalThis as { gc?: () => void }).gc?.();
    const logs: string[] = [];
    const dir = fs.mkdtempSync(path.join(dataDir, "feeds-"));
    const feed = createProductFeedService({
      products,
      version: () => catalog.version(),
      files: createLocalDiskFeedFiles(dir),
      cacheDir: dir,
      brand: config.shopName,
      shopName: config.shopName,
      rates: config.shipping,
      log: (m) => logs.push(m),
    });
    const rssBefore = process.memoryUsage().rss;
    const stop = peakSampler(() => process.memoryUsage().rss);
    const began = performance.now();
    // Nothing is kept yet: this waits for the build (and not for its gzip, which follows it).
    await (await feed.open({ format: "xml", country: config.feed.country, origin: ORIGIN })).close();
    const ms = performance.now() - began;
    const peak = stop();
    await feed.settled();
    rows.push(`| ${how} | ${s(ms)} | ${mb(rssBefore)} | ${mb(peak)} | ${os.loadavg()[0].toFixed(1)} |`);
    console.log(rows.at(-1), logs.join(" "));
  }
  return rows;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-bench-feed2-"));
  const config = parseConfig({ DATA_DIR: dataDir });
  let store = createStore(config);
  const report: string[] = [];
  try {
    await seedIfEmpty(store, () => {});
    await seedLarge(store, LARGE, () => {});
    const count = await store.products.count();
    const load = () => os.loadavg()[0].toFixed(1);
    const buildLoad = load();
    const builds = await inProcessBuilds(dataDir, store);
    await store.close();
    if (process.env.BENCH_SERVER === "0") {
      console.log(builds.join("\n"));
      return;
    }

    // The production server on the same store: it builds the home country's feed at start.
    const logs: { at: number; line: string }[] = [];
    const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", "build/index.js"], {
      env: {
        ...process.env,
        // The production build; NODE_ENV=test only because the test-hook switch that rebuilds after
        // every change (instead of waiting five minutes) is refused in production.
        NODE_ENV: "test",
        PORT: String(PORT),
        DATA_DIR: dataDir,
        PUBLIC_URL: ORIGIN,
        HEMLINE_TEST_HOOKS: "feed-rebuild-seconds=0",
        SESSION_SECRET: "bench-secret-bench-secret-bench-secret-42",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    server.stdout!.setEncoding("utf8");
    server.stdout!.on("data", (text: string) => {
      for (const line of text.split("\n").filter(Boolean)) logs.push({ at: Date.now(), line });
    });
    const logged = async (pattern: RegExp, since: number, timeoutMs = 600_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = logs.find((l) => l.at >= since && pattern.test(l.line));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no log line like ${pattern}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const base = `http://127.0.0.1:${PORT}`;
    const started = Date.now();
    const startPeak = peakSampler(() => rssOf(server.pid));
    try {
      const firstBuilt = await logged(/Built the xml product feed/, started);
      const startRss = startPeak();
      const get = async (headers: Record<string, string>) => {
        const began = performance.now();
        const response = await fetch(`${base}/feeds/google.xml`, { headers });
        let bytes = 0;
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
        return { ms: performance.now() - began, bytes, etag: response.headers.get("etag") ?? "" };
      };
      // Wait for the gzipped copy, so the figures below are not taken beside that compression.
      await logged(/Gzipped .*\.xml in/, started);
      const kept = await get({ "Accept-Encoding": "identity" });

      // A catalogue change, written as another process would, then fetches until the server starts the new build.
      store = createStore(config);
      const product = (await store.products.feedPage(null, 1)).products[0];
      const full = (await store.products.get(product.id))!;
      await store.products.save({ ...full, priceMinor: full.priceMinor + 100 });
      await store.close();
      const changedAt = Date.now();
      const rebuildPeak = peakSampler(() => rssOf(server.pid));
      let during = kept;
      let duringGz = kept;
      for (;;) {
        const probe = await fetch(`${base}/feeds/google.xml`, { headers: { "If-None-Match": kept.etag } });
        await probe.arrayBuffer();
        if (logs.some((l) => l.at >= changedAt && /Building the xml product feed/.test(l.line))) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      during = await get({ "Accept-Encoding": "identity" });
      const plainStillBuilding = !logs.some((l) => l.at >= changedAt && /Built the xml/.test(l.line));
      duringGz = await get({ "Accept-Encoding": "gzip" });
      const gzStillBuilding = !logs.some((l) => l.at >= changedAt && /Built the xml/.test(l.line));
      const rebuilt = await logged(/Built the xml product feed/, changedAt);
      const rebuildRss = rebuildPeak();
      const after = await get({ "Accept-Encoding": "identity" });
      report.push(
        `# Product feed built in the background, at ${count.toLocaleString("en")} products (${new Date().toISOString().slice(0, 10)})`,
        "",
        `\`npx tsx --expose-gc bench/feed-2.ts\` (bench/feed-2.ts): embedded store (SQLite), Node ${process.version}, ` +
          `${os.cpus().length} cores shared with other engineers' work (1-minute load ${buildLoad} when the builds began, ${load()} at the end).`,
        "",
        "## Build time, before and after the lean read (one process, XML, the fetch waiting for the first build)",
        "",
        "| read | build (s) | RSS before (MB) | peak RSS during the build (MB) | load after |",
        "|---|---:|---:|---:|---:|",
        ...builds,
        "",
        "## Production server (`scripts/serve.mjs build/index.js`, the production V8 flags, HEMLINE_TEST_HOOKS=feed-rebuild-seconds=0)",
        "",
        `- Start-up build (beside the catalogue index's own build at start): ${firstBuilt.line}`,
        `- Peak RSS of the server from its start to the end of that build: ${mb(startRss)} MB.`,
        `- Kept feed over HTTP, nothing building: ${s(kept.ms)} s for ${mb(kept.bytes)} MB.`,
        `- After a catalogue change, while the new feed is built: plain ${s(during.ms)} s for ${mb(during.bytes)} MB` +
          ` (ETag ${during.etag === kept.etag ? "of the previous feed" : "of ANOTHER feed"};` +
          ` build still running at its end: ${plainStillBuilding ? "yes" : "no"}),` +
          ` gzipped ${s(duringGz.ms)} s (${mb(duringGz.bytes)} MB once decoded by the client;` +
          ` build still running at its end: ${gzStillBuilding ? "yes" : "no"}).`,
        `- The rebuild: ${rebuilt.line} Peak RSS of the server from the change to the end of the rebuild: ${mb(rebuildRss)} MB.`,
        `- Kept feed after the rebuild: ${s(after.ms)} s, ETag ${after.etag !== kept.etag ? "new" : "UNCHANGED"}.`,
        "",
        "Server log lines about the feed:",
        "",
        ...logs.filter((l) => /feed|Gzipped/i.test(l.line)).map((l) => `- ${l.line.slice(0, 300)}`),
        "",
      );
    } finally {
      server.kill("SIGTERM");
    }
    const out = path.join("bench", "results", `${new Date().toISOString().slice(0, 10)}-feed-2.md`);
    fs.writeFileSync(out, report.join("\n"));
    console.log(report.join("\n"));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
