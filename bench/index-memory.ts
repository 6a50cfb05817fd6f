// npx tsx bench/index-memory.ts build <products> <file> | load <file>: the catalogue index's memory
// in one Node process, without a database (decision 0009, issue 18). `build` indexes the demo
// catalogue plus <products> generated ones and writes the snapshot to <file>; `load`, run in a
// fresh process with --expose-gc (`node --expose-gc --import tsx bench/index-memory.ts load …`),
// decodes it as a starting instance does, then reports the load time and, after a forced GC, heap,
// external (typed arrays, buffers) and RSS, plus the peak RSS during the load. Not part of `npm test`.
import fs from "node:fs";
import { buildLargeCatalogue, buildSeedCatalogue } from "~/server/seed/catalogue.server";
import { CatalogIndex } from "~/server/services/catalog/catalog-index.server";
import { decodeSnapshot, encodeSnapshot } from "~/server/services/catalog/snapshot-codec.server";
import { parseProductQuery } from "~/lib/product-query";
import type { ProductInput } from "~/domain/product";

const [mode, a, b] = process.argv.slice(2);
const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
const gc = (globalThis as { gc?: () => void }).gc;

function asChange(p: ProductInput, seq: number) {
  return {
    kind: "product" as const,
    product: {
      ...p,
      seq,
      createdAt: p.createdAt ?? "2026-01-01T00:00:00.000Z",
      updatedAt: p.updatedAt ?? "2026-01-01T00:00:00.000Z",
    },
  };
}

function report(label: string, ms: number, peakRss: number): void {
  gc?.();
  const m = process.memoryUsage();
  console.log(
    `${label}: ${(ms / 1000).toFixed(1)} s; after GC heap ${mb(m.heapUsed)} (of ${mb(m.heapTotal)}), external ${mb(m.external)} ` +
      `(arrayBuffers ${mb(m.arrayBuffers)}), RSS ${mb(m.rss)}; peak RSS ${mb(peakRss)}${gc ? "" : " (no --expose-gc!)"}`,
  );
}

function trackPeak(): { peak: () => number; stop: () => void } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  return { peak: () => Math.max(peak, process.memoryUsage.rss()), stop: () => clearInterval(timer) };
}

const query = (search: string) => parseProductQuery(new URLSearchParams(search)).query!;

if (mode === "build") {
  const count = Number(a);
  const started = Date.now();
  const index = new CatalogIndex();
  let seq = 0;
  index.applyChanges(
    buildSeedCatalogue().map((p) => asChange(p, ++seq)),
    null,
  );
  for (const batch of buildLargeCatalogue(count))
    index.applyChanges(
      batch.map((p) => asChange(p, ++seq)),
      String(seq),
    );
  index.warm();
  report(`built ${index.size} products`, Date.now() - started, process.memoryUsage.rss());
  const encodeStarted = Date.now();
  const bytes = await encodeSnapshot(index.export());
  fs.writeFileSync(b, bytes);
  console.log(
    `snapshot: ${mb(bytes.length)} gzipped, encoded in ${((Date.now() - encodeStarted) / 1000).toFixed(1)} s`,
  );
} else if (mode === "load") {
  gc?.();
  const base = process.memoryUsage();
  console.log(`before: heap ${mb(base.heapUsed)}, RSS ${mb(base.rss)}`);
  const bytes = new Uint8Array(fs.readFileSync(a));
  const peak = trackPeak();
  const started = Date.now();
  const data = await decodeSnapshot(bytes);
  if (!data) throw new Error("snapshot of another format");
  const index = CatalogIndex.import(data);
  index.warm();
  const ms = Date.now() - started;
  peak.stop();
  report(`loaded ${index.size} products`, ms, peak.peak());
  const t = Date.now();
  const answers = ["", "category=jeans&size=32", "search=jeens"].map((q) => index.query(query(q)));
  console.log(
    `three listings in ${Date.now() - t} ms: ${answers.map((r) => r.total).join(", ")} results; ` +
      `first card ${JSON.stringify(answers[0].items[0]).slice(0, 120)}…`,
  );
  report("after the listings", Date.now() - started, peak.peak());
} else {
  console.error("usage: build <products> <file> | load <file>");
  process.exit(2);
}
