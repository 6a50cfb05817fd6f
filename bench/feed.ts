// npx tsx --expose-gc bench/feed.ts: the Google product feed at 100,000 products (embedded store):
// how long the feed takes to stream when built from the catalogue and when served from the kept
// file (plain, and gzipped as a client taking gzip gets it), how many items and bytes, and how much the heap grows while it streams (the feed is
// written a batch at a time, so the heap should not grow with the catalogue).
// Figures go to bench/results/<date>-feed.md. Not a test: no thresholds are asserted.
// BENCH_LARGE changes the catalogue size.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty, seedLarge } from "~/server/seed/seed.server";
import { createCatalogService } from "~/server/services/catalog/catalog.server";
import type { FeedFormat } from "~/server/services/feed/feed-format.server";
import { createLocalDiskFeedFiles } from "~/server/feed-files/local-disk.server";
import { createProductFeedService } from "~/server/services/feed/product-feed.server";
import { createStore } from "~/server/store/create-store.server";
import type { Readable } from "node:stream";

const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);

/** Reads a stream to the end as a client would, counting bytes and the largest heap seen. */
async function drain(stream: Readable) {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapStart = process.memoryUsage().heapUsed;
  let peak = heapStart;
  let bytes = 0;
  let chunks = 0;
  const started = performance.now();
  for await (const value of stream as AsyncIterable<Buffer>) {
    bytes += value.byteLength;
    if (++chunks % 20 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  return { ms: performance.now() - started, bytes, peakMb: (peak - heapStart) / 1e6 };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-bench-feed-"));
  const config = parseConfig({ DATA_DIR: dataDir });
  const store = createStore(config);
  try {
    await seedIfEmpty(store, () => {});
    await seedLarge(store, LARGE, () => {});
    const count = await store.products.count();
    const catalog = createCatalogService({ store, log: () => undefined });
    await catalog.start();
    const logs: string[] = [];
    const feed = createProductFeedService({
      products: store.products,
      version: () => catalog.version(),
      files: createLocalDiskFeedFiles(path.join(dataDir, "cache", "feeds")),
      cacheDir: path.join(dataDir, "cache", "feeds"),
      brand: config.shopName,
      shopName: config.shopName,
      rates: config.shipping,
      log: (m) => logs.push(m),
    });
    const rows: string[] = [];
    for (const format of ["xml", "tsv"] as FeedFormat[]) {
      const request = { format, country: config.feed.country, origin: "https://shop.example" };
      const built = await drain(await (await feed.open(request)).body());
      // The gzipped copy is written in the background after the build (a client taking gzip gets it):
      // waited for first, so the kept file's figure is not slowed by the compression running beside it.
      await feed.settled();
      const kept = await drain(await (await feed.open(request)).body());
      const gzipped = await (await feed.open(request)).gzipped();
      const runs: [string, Awaited<ReturnType<typeof drain>>][] = [
        ["built from the catalogue", built],
        ["served from the kept file", kept],
      ];
      if (gzipped) runs.push(["served from the kept file, gzipped (bytes as sent)", await drain(gzipped.stream)]);
      for (const [how, run] of runs)
        rows.push(
          `| ${format} | ${how} | ${(run.ms / 1000).toFixed(2)} | ${(run.bytes / 1e6).toFixed(0)} | ${run.peakMb.toFixed(0)} |`,
        );
    }
    const date = new Date().toISOString().slice(0, 10);
    const report = [
      `# Google product feed at ${count.toLocaleString("en")} products (${date})`,
      "",
      `Embedded store (SQLite), Node ${process.version}, ${os.cpus().length} cores (shared with other work while measured). ` +
        "One process; the feed read to the end through the feed service's stream, as the route sends it.",
      "",
      ...logs.map((l) => `- ${l}`),
      "",
      "| format | how | seconds to the last byte | MB sent | heap growth while streaming (MB, sampled) |",
      "|---|---|---:|---:|---:|",
      ...rows,
      "",
      "The heap figure is the largest heap seen while reading minus the heap before (after a GC when run " +
        "with --expose-gc): what the stream holds, not the feed's size.",
      "",
    ].join("\n");
    const out = path.join("bench", "results", `${date}-feed.md`);
    fs.writeFileSync(out, report);
    console.log(report);
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
