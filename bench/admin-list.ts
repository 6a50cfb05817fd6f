// npx tsx bench/admin-list.ts: the back office's product list at 100,000 products (embedded
// store): how long the admin index takes to build from the store, how long a filtered, sorted
// page takes, and the process's memory. Figures go to bench/results/<date>-admin-list.md.
// Not a test: no thresholds are asserted. BENCH_LARGE changes the catalogue size.
// Run: npx tsx --expose-gc bench/admin-list.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseAdminProductQuery } from "~/lib/admin-product-query";
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty, seedLarge } from "~/server/seed/seed.server";
import { createAdminCatalogService } from "~/server/services/admin-catalog/admin-catalog.server";
import { createAuditService } from "~/server/services/audit/audit.server";
import { createStore } from "~/server/store/create-store.server";

const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const RUNS = 20;

const QUERIES = [
  "",
  "sort=name&page=1000",
  "q=linen",
  "q=jns",
  "category=jeans&status=active&sort=price-desc&page=3",
  "stock=low&sort=stock-asc",
  "stock=out",
  "status=draft&sort=updated",
];

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-bench-admin-"));
  const store = createStore(parseConfig({ DATA_DIR: dataDir }));
  try {
    await seedIfEmpty(store, () => {});
    await seedLarge(store, LARGE, () => {});
    const count = await store.products.count();
    const admin = createAdminCatalogService({ store, audit: createAuditService({ store }) });
    // Run with `node --expose-gc` (npx tsx --expose-gc) for a heap figure without garbage.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let t = performance.now();
    await admin.list(parseAdminProductQuery(new URLSearchParams()));
    const buildMs = performance.now() - t;
    gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

    const rows: string[] = [];
    for (const qs of QUERIES) {
      const query = parseAdminProductQuery(new URLSearchParams(qs));
      t = performance.now();
      const first = await admin.list(query);
      const firstMs = performance.now() - t;
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        t = performance.now();
        await admin.list(query);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      rows.push(
        `| \`${qs || "(all)"}\` | ${first.total.toLocaleString("en")} | ${firstMs.toFixed(1)} | ` +
          `${times[Math.floor(RUNS / 2)].toFixed(1)} | ${times[RUNS - 1].toFixed(1)} |`,
      );
    }

    const date = new Date().toISOString().slice(0, 10);
    const report = [
      `# Admin product list at ${count.toLocaleString("en")} products (${date})`,
      "",
      `Embedded store (SQLite), Node ${process.version}, ${os.cpus().length} cores. One process; each ` +
        `query through the admin catalogue service (index up to date with the store, then filter, sort, page ` +
        `of 50).`,
      "",
      `- Index built from the store (first list): ${(buildMs / 1000).toFixed(1)} s`,
      `- Heap added by the index: ~${heapMb.toFixed(0)} MB`,
      "",
      "| query | matches | first (ms) | median of 20 (ms) | slowest of 20 (ms) |",
      "|---|---:|---:|---:|---:|",
      ...rows,
      "",
      "“first” includes sorting the catalogue in that order (kept until the next change).",
      "",
    ].join("\n");
    const out = path.join("bench", "results", `${date}-admin-list.md`);
    fs.writeFileSync(out, report);
    console.log(report);
  } finally {
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
