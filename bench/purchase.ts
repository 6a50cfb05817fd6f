// npm run bench:purchase: 10 concurrent shoppers buying, against the production build, on SQLite
// and on the Firestore emulator (emulator figures: a real Firestore is networked and differs).
// Each shopper loops: product page → add to cart → checkout page → place order with 4242 → order
// page. Reported: orders per second and latency of the two POSTs. Results go to
// bench/results/<date>-purchase.md. Not a test: nothing is asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFirestoreEmulator } from "../scripts/emulators/firestore";
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty } from "~/server/seed/seed.server";
import { createStore } from "~/server/store/create-store.server";
import { allProducts } from "../tests/support/all-products";
import { ensureBuild, rssOf, startServer } from "./server";

const PORT = 3340;
const BASE = `http://127.0.0.1:${PORT}`;
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);

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
  await store.products.upsertMany(products.map((p) => ({ ...p, variants: p.variants.map((v) => ({ ...v, stock: 1_000_000 })) })));
  await store.close();
  return products.map((p) => p.id);
}

/** A browser's cookie jar, enough for the shop's own cookies. */
class Jar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

const field = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*name="${name}"`).exec(html)?.slice(1).find(Boolean) ?? "";

async function shopper(productIds: string[], until: number, outcome: Outcome, seed: number) {
  let n = seed;
  while (Date.now() < until) {
    const jar = new Jar();
    const call = async (url: string, init: RequestInit = {}) => {
      const response = await fetch(BASE + url, { ...init, redirect: "manual", headers: { ...(init.headers ?? {}), cookie: jar.header() } });
      jar.take(response);
      return response;
    };
    const post = (url: string, form: Record<string, string>) =>
      call(url, { method: "POST", body: new URLSearchParams(form), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const id = productIds[n++ % productIds.length];
    const flowStarted = performance.now();
    try {
      const page = await (await call(`/products/${id}`)).text();
      const colour = /name="colour"[^>]*value="([^"]+)"/.exec(page)?.[1] ?? "";
      const size = /name="size"(?![^>]*disabled)[^>]*value="([^"]+)"/.exec(page)?.[1] ?? "";
      let started = performance.now();
      const added = await post(`/products/${id}`, { csrf: field(page, "csrf"), intent: "add", productId: id, colour, size, quantity: "1" });
      outcome.addMs.push(performance.now() - started);
      if (added.status !== 303) throw new Error(`add answered ${added.status}`);
      const checkout = await (await call("/checkout")).text();
      started = performance.now();
      const placed = await post("/checkout", {
        csrf: field(checkout, "csrf"),
        checkoutKey: field(checkout, "checkoutKey"),
        email: `bench-${n}@example.com`,
        name: "Bench Shopper",
        line1: "1 Load Street",
        city: "Dublin",
        postalCode: "D01",
        country: "IE",
        shippingMethod: "standard",
        cardNumber: "4242424242424242",
        expiry: "12/34",
        cvc: "123",
      });
      outcome.checkoutMs.push(performance.now() - started);
      const location = placed.headers.get("location") ?? "";
      if (placed.status !== 303 || !location.includes("/orders/")) throw new Error(`checkout answered ${placed.status}`);
      const order = await call(location.replace(/^https?:\/\/[^/]+/, ""));
      if (!(await order.text()).includes("Thank you! Your order is confirmed.")) throw new Error("order page without confirmation");
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

async function run(label: string, env: Record<string, string>) {
  const productIds = await prepare(env);
  const { server } = await startServer({ ...env, PORT: String(PORT) });
  try {
    // Warm-up: a few purchases so the first compile and connection costs are not measured.
    await shopper(productIds, Date.now() + 2000, { orders: 0, failures: 0, addMs: [], checkoutMs: [], flowMs: [] }, 0);
    const outcome: Outcome = { orders: 0, failures: 0, addMs: [], checkoutMs: [], flowMs: [] };
    const started = Date.now();
    await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(productIds, started + DURATION_S * 1000, outcome, i * 7)));
    const seconds = (Date.now() - started) / 1000;
    const row = {
      label,
      ordersPerSecond: outcome.orders / seconds,
      orders: outcome.orders,
      failures: outcome.failures,
      addP50: percentile(outcome.addMs, 50),
      addP99: percentile(outcome.addMs, 99),
      checkoutP50: percentile(outcome.checkoutMs, 50),
      checkoutP99: percentile(outcome.checkoutMs, 99),
      flowP99: percentile(outcome.flowMs, 99),
      rss: rssOf(server.pid),
    };
    console.log(JSON.stringify(row));
    return row;
  } finally {
    server.kill();
  }
}

ensureBuild();
const rows = [];
const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-bench-purchase-"));
try {
  rows.push(await run("SQLite (embedded)", { DATA_DIR: sqliteDir }));
} finally {
  fs.rmSync(sqliteDir, { recursive: true, force: true });
}
const firestore = await startFirestoreEmulator();
const firebaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-bench-purchase-fb-"));
try {
  rows.push(
    await run("Firestore emulator (emulator figures)", {
      DATA_DIR: firebaseDir,
      SHOP_BACKEND: "firebase",
      GCLOUD_PROJECT: "demo-hemline-bench",
      FIRESTORE_EMULATOR_HOST: firestore.host,
      // Guests never reach Auth; the variable only satisfies the Firebase backend's configuration.
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
    }),
  );
} finally {
  await firestore.stop();
  fs.rmSync(firebaseDir, { recursive: true, force: true });
}

const date = new Date().toISOString().slice(0, 10);
const lines = [
  `# Purchase benchmark ${date}`,
  "",
  `Production build, 1 server process; ${SHOPPERS} concurrent shoppers for ${DURATION_S} s after a 2 s warm-up, each looping product page → add to cart (POST) → checkout page → place order with the test card 4242 (POST) → order page, every purchase a new guest. The load generator shares the ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}. Shared machine: treat as indicative. Firestore figures are against the local emulator, not a real Firestore.`,
  "",
  "| backend | orders/s | orders | failed | add p50 ms | add p99 ms | place order p50 ms | place order p99 ms | whole purchase p99 ms | server RSS MB |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows.map(
    (r) =>
      `| ${r.label} | ${r.ordersPerSecond.toFixed(1)} | ${r.orders} | ${r.failures} | ${r.addP50.toFixed(0)} | ${r.addP99.toFixed(0)} | ${r.checkoutP50.toFixed(0)} | ${r.checkoutP99.toFixed(0)} | ${r.flowP99.toFixed(0)} | ${(r.rss / 1024 / 1024).toFixed(0)} |`,
  ),
  "",
];
fs.mkdirSync("bench/results", { recursive: true });
const file = path.join("bench/results", `${date}-purchase.md`);
fs.writeFileSync(file, lines.join("\n"));
console.log(`\nWrote ${file}`);
