// npm run bench: the production build on a seeded store, measured with autocannon (10
// connections) at the default seed and at 100,000 products, plus the product page's gzipped
// client JS. Figures go to bench/results/<date>[-BENCH_LABEL].md. Not a test: no thresholds are asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty, seedLarge } from "~/server/seed/seed.server";
import { createStore } from "~/server/store/create-store.server";
import { ensureBuild, rssOf, startServer } from "./server";

const PORT = 3330;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
/** Server processes (scripts/serve.mjs); 1, as `npm start` runs by default. The load generator shares the 2 cores. */
const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 1);

interface Row {
  label: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** `fresh`: every request a URL not asked before (a counter in the query), so each is rendered (decision 0021). */
const ROUTES: Array<{ label: string; path: string; fresh?: boolean }> = [
  { label: "home", path: "/" },
  { label: "listing", path: "/products" },
  { label: "category + size", path: "/products?category=jeans&size=M" },
  { label: "product page", path: "/products/p0001" },
  { label: "typo search", path: "/products?search=jeens" },
  { label: "listing, each request rendered", path: "/products?category=jeans&r=", fresh: true },
  { label: "product page, each request rendered", path: "/products/p0001?r=", fresh: true },
];

async function seed(dataDir: string, large: number): Promise<number> {
  const store = createStore(parseConfig({ DATA_DIR: dataDir }));
  await seedIfEmpty(store);
  if (large > 0) await seedLarge(store, large);
  const count = await store.products.count();
  await store.close();
  return count;
}

let fresh = 0;

async function measure(label: string, urlPath: string, unique = false): Promise<Row> {
  const requests = unique
    ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: `${urlPath}${++fresh}` }) }]
    : undefined;
  // Warm up, then measure.
  await autocannon({ url: BASE + urlPath, connections: 10, duration: 2, requests });
  const result = await autocannon({ url: BASE + urlPath, connections: 10, duration: DURATION_S, requests });
  return {
    label,
    path: urlPath,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The JS a browser loads for the product page before any interaction: preloads, imports, scripts. */
async function productPageJs(): Promise<{ files: number; gzipBytes: number }> {
  const html = await (await fetch(`${BASE}/products/p0001`)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="(\/build\/[^"]+\.js)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<script[^>]+src="(\/build\/[^"]+\.js)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/import(?:[^"']*from)?\s*\(?"(\/build\/[^"]+\.js)"/g)) urls.add(match[1]);
  let gzipBytes = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(BASE + url)).arrayBuffer());
    gzipBytes += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, gzipBytes };
}

async function scenario(name: string, large: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-bench-"));
  try {
    const seedStarted = Date.now();
    const count = await seed(dataDir, large);
    const seedMs = Date.now() - seedStarted;
    const { server, startupMs } = await startServer({
      PORT: String(PORT),
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: String(WORKERS),
    });
    try {
      const rows: Row[] = [];
      for (const route of ROUTES) {
        rows.push(await measure(route.label, route.path, route.fresh));
        console.log(`${name} ${route.label}: ${JSON.stringify(rows.at(-1))}`);
      }
      const js = await productPageJs();
      return { name, count, seedMs, startupMs, rows, js, rss: rssOf(server.pid) };
    } finally {
      server.kill();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureBuild();
const scenarios = [await scenario("default seed", 0)];
if (LARGE > 0) scenarios.push(await scenario(`${LARGE.toLocaleString("en")} products`, LARGE));

const date = new Date().toISOString().slice(0, 10);
const lines = [
  `# Benchmark ${date}`,
  "",
  `Production build (\`node scripts/start.mjs\` with the flags of \`npm start\`, ${WORKERS} serving process${WORKERS === 1 ? "" : "es"}), ` +
    `autocannon with 10 connections for ${DURATION_S} s per route after a 2 s ` +
    `warm-up, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ` +
    `${process.version}. Shared machine: treat as indicative.`,
  "",
];
for (const s of scenarios) {
  lines.push(
    `## ${s.name} (${s.count.toLocaleString("en")} products in the store)`,
    "",
    `Seeding: ${(s.seedMs / 1000).toFixed(1)} s. Start-up to first listing served (includes building the ` +
      `search index): ${(s.startupMs / 1000).toFixed(1)} s. Memory (RSS) of the server processes after the ` +
      `run: ${(s.rss / 1024 / 1024).toFixed(0)} MB in all.`,
    "",
    "| route | path | req/s | p50 ms | p99 ms | errors | non-2xx |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...s.rows.map(
      (r) =>
        `| ${r.label} | \`${r.path}${r.label.includes("rendered") ? "N" : ""}\` | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
    ),
    "",
    `Product page client JS: ${s.js.files} files, ${(s.js.gzipBytes / 1024).toFixed(1)} KB gzipped (issue 13's goal: 80 KB).`,
    "",
  );
}
fs.mkdirSync("bench/results", { recursive: true });
const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : "";
const file = path.join("bench/results", `${date}${label}.md`);
fs.writeFileSync(file, lines.join("\n"));
console.log(`\nWrote ${file}`);
