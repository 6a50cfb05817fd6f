// npm run bench:purchase: concurrent shoppers buying, against the production build. SQLite with one
// server process; the Firestore emulator with one, two and four shop processes (each its own port
// and data directory, as separate instances behind a load balancer), 10 and 30 shoppers split
// over them. Each shopper loops: product page → add to cart → checkout page → place order with
// 4242 → order page, every purchase a new guest. Reported: orders per second, latency of the two
// POSTs and how many times Firestore retried a placement. Emulator figures: a real Firestore is
// networked and differs. Results go to bench/results/<date>-purchase.md. Nothing is asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { startFirestoreEmulator } from "../scripts/emulators/firestore";
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty } from "~/server/seed/seed.server";
import { createStore } from "~/server/store/create-store.server";
import { HttpShopper } from "../tests/e2e/support/http-shopper";
import { allProducts } from "../tests/support/all-products";
import { ensureBuild, rssOf, startServer } from "./server";

const FIRST_PORT = 3340;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const SHOPPER_COUNTS = [10, 30];
const PROCESS_COUNTS = [1, 2, 4];

interface Outcome {
  orders: number;
  failures: number;
  addMs: number[];
  checkoutMs: number[];
  flowMs: number[];
}

/** Stock for days: the benchmark measures buying, not selling out. */
async function prepare(env: Record<string, string>): Promise<string[]> {
  // firebase-admin reads the emulator's address from the process environment.
  if (env.FIRESTORE_EMULATOR_HOST) process.env.FIRESTORE_EMULATOR_HOST = env.FIRESTORE_EMULATOR_HOST;
  const store = createStore(parseConfig(env));
  await seedIfEmpty(store, () => {});
  const products = (await allProducts(store)).filter((p) => p.status === "active");
  await store.products.upsertMany(
    products.map((p) => ({ ...p, variants: p.variants.map((v) => ({ ...v, stock: 1_000_000 })) })),
  );
  await store.close();
  return products.map((p) => p.id);
}

async function shopper(base: string, productIds: string[], until: number, outcome: Outcome, seed: number) {
  let n = seed;
  while (Date.now() < until) {
    const shopper = new HttpShopper(base);
    const id = productIds[n++ % productIds.length];
    const flowStarted = performance.now();
    try {
      let started = performance.now();
      const added = await shopper.add(id);
      outcome.addMs.push(performance.now() - started);
      if (added.status !== 303) throw new Error(`add answered ${added.status}`);
      const form = await shopper.checkoutForm(`bench-${n}@example.com`);
      started = performance.now();
      const placed = await shopper.post("/checkout", form);
      outcome.checkoutMs.push(performance.now() - started);
      const location = placed.headers.get("location") ?? "";
      if (placed.status !== 303 || !location.includes("/orders/"))
        throw new Error(`checkout answered ${placed.status}`);
      const order = await shopper.call(location.replace(/^https?:\/\/[^/]+/, ""));
      if (!(await order.text()).includes("Thank you! Your order is confirmed."))
        throw new Error("order page without confirmation");
      outcome.orders += 1;
      outcome.flowMs.push(performance.now() - flowStarted);
    } catch (error) {
      outcome.failures += 1;
      if (outcome.failures <= 3) console.error(error);
    }
  }
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

interface Row {
  label: string;
  processes: number;
  shoppers: number;
  ordersPerSecond: number;
  orders: number;
  failures: number;
  addP50: number;
  addP99: number;
  checkoutP50: number;
  checkoutP99: number;
  flowP99: number;
  retries: string;
  rss: number;
}

async function measure(
  label: string,
  bases: string[],
  servers: ChildProcess[],
  productIds: string[],
  shoppers: number,
  statsFiles: string[],
): Promise<Row> {
  for (const file of statsFiles) fs.rmSync(file, { force: true });
  const outcome: Outcome = { orders: 0, failures: 0, addMs: [], checkoutMs: [], flowMs: [] };
  const started = Date.now();
  // Shoppers split evenly over the instances, as a round-robin load balancer would.
  await Promise.all(
    Array.from({ length: shoppers }, (_, i) =>
      shopper(bases[i % bases.length], productIds, started + DURATION_S * 1000, outcome, i * 7),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 500)); // the servers write their transaction figures
  let transactions = 0;
  let attempts = 0;
  for (const file of statsFiles) {
    if (!fs.existsSync(file)) continue;
    const stats = JSON.parse(fs.readFileSync(file, "utf8")) as { transactions: number; attempts: number };
    transactions += stats.transactions;
    attempts += stats.attempts;
  }
  const row: Row = {
    label,
    processes: bases.length,
    shoppers,
    ordersPerSecond: outcome.orders / seconds,
    orders: outcome.orders,
    failures: outcome.failures,
    addP50: percentile(outcome.addMs, 50),
    addP99: percentile(outcome.addMs, 99),
    checkoutP50: percentile(outcome.checkoutMs, 50),
    checkoutP99: percentile(outcome.checkoutMs, 99),
    flowP99: percentile(outcome.flowMs, 99),
    retries: statsFiles.length ? `${attempts - transactions} in ${transactions}` : "—",
    rss: servers.reduce((sum, server) => sum + rssOf(server.pid), 0),
  };
  console.log(JSON.stringify(row));
  return row;
}

/** Start `processes` shop instances on `env` (each its own port and data directory), measure each shopper count, stop them. */
async function run(label: string, env: Record<string, string>, processes: number, firestore: boolean): Promise<Row[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-bench-purchase-"));
  const productIds = await prepare({ ...env, DATA_DIR: path.join(root, "instance-1") });
  const statsFiles = firestore ? Array.from({ length: processes }, (_, i) => path.join(root, `tx-${i + 1}.json`)) : [];
  const servers: ChildProcess[] = [];
  try {
    const started = await Promise.all(
      Array.from({ length: processes }, (_, i) =>
        startServer({
          ...env,
          PORT: String(FIRST_PORT + i),
          DATA_DIR: path.join(root, `instance-${i + 1}`),
          ...(firestore ? { HEMLINE_TX_STATS_FILE: statsFiles[i] } : {}),
        }),
      ),
    );
    servers.push(...started.map((s) => s.server));
    const bases = started.map((_, i) => `http://127.0.0.1:${FIRST_PORT + i}`);
    // Warm-up: a few purchases on each instance so first compile and connection costs are not measured.
    await Promise.all(
      bases.map((base, i) =>
        shopper(
          base,
          productIds,
          Date.now() + 2000,
          { orders: 0, failures: 0, addMs: [], checkoutMs: [], flowMs: [] },
          i,
        ),
      ),
    );
    const rows: Row[] = [];
    for (const shoppers of SHOPPER_COUNTS)
      rows.push(await measure(label, bases, servers, productIds, shoppers, statsFiles));
    return rows;
  } finally {
    for (const server of servers) server.kill();
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(root, { recursive: true, force: true });
  }
}

ensureBuild();
const rows: Row[] = [];
rows.push(...(await run("SQLite (embedded)", {}, 1, false)));
const firestore = await startFirestoreEmulator();
try {
  for (const processes of PROCESS_COUNTS) {
    rows.push(
      ...(await run(
        "Firestore emulator",
        {
          SHOP_BACKEND: "firebase",
          // A project of its own per run: an empty database each time.
          GCLOUD_PROJECT: `demo-hemline-bench-${processes}`,
          FIRESTORE_EMULATOR_HOST: firestore.host,
          // Guests never reach Auth; the variable only satisfies the Firebase backend's configuration.
          FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
          FIREBASE_STORAGE_EMULATOR_HOST: "127.0.0.1:9",
        },
        processes,
        true,
      )),
    );
  }
} finally {
  await firestore.stop();
}

const date = new Date().toISOString().slice(0, 10);
const lines = [
  `# Purchase benchmark ${date}`,
  "",
  `Production build. Each shop process is a separate instance (its own port and data directory; on ` +
    `Firestore they share only the database). Shoppers are split evenly over the processes and buy for ` +
    `${DURATION_S} s after a 2 s warm-up: product page → add to cart (POST) → checkout page → place ` +
    `order with the test card 4242 (POST) → order page, every purchase a new guest, over the 98 seeded ` +
    `products (stock raised so nothing sells out). The load generator, the emulator and every shop ` +
    `process share the ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ` +
    `${process.version}: treat as indicative. Firestore figures are against the local emulator, not a ` +
    `real Firestore. Retries: placement transactions Firestore ran again after an abort (contention), ` +
    `out of all placements.`,
  "",
  "| backend | processes | shoppers | orders/s | orders | failed | add p50 ms | add p99 ms | place " +
    "order p50 ms | place order p99 ms | whole purchase p99 ms | retries | servers' RSS MB |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|",
  ...rows.map(
    (r) =>
      `| ${r.label} | ${r.processes} | ${r.shoppers} | ${r.ordersPerSecond.toFixed(1)} | ${r.orders} | ` +
      `${r.failures} | ${r.addP50.toFixed(0)} | ${r.addP99.toFixed(0)} | ${r.checkoutP50.toFixed(0)} | ` +
      `${r.checkoutP99.toFixed(0)} | ${r.flowP99.toFixed(0)} | ${r.retries} | ` +
      `${(r.rss / 1024 / 1024).toFixed(0)} |`,
  ),
  "",
];
fs.mkdirSync("bench/results", { recursive: true });
const file = path.join("bench/results", `${date}-purchase.md`);
fs.writeFileSync(file, lines.join("\n"));
console.log(`\nWrote ${file}`);
