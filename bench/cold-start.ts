// npx tsx bench/cold-start.ts <products> [build dir…]: how soon a fresh Firebase instance serves
// listings. Seeds the demo catalogue plus <products> generated ones into the Firestore emulator
// (with a Storage emulator for the index snapshot), then for each build directory given (default:
// this one; pass a checkout of main to measure "before") starts the production server and times,
// from its spawn: listening, /healthz 200, the first /products, a category with a size filter and
// the typo search "jeens", then its RSS and the products it read from the change feed (its
// start-up log line; a build without one reads the whole catalogue). Cases: one instance alone
// (with this build's snapshot already written, as when a shop scales out), two starting together,
// and the very first instance of a shop (no snapshot yet). Appends to
// bench/results/<date>-cold-start-raw.md. Not part of `npm test`.
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFirestoreEmulator } from "../scripts/emulators/firestore";
import { startStorageEmulator } from "../scripts/emulators/storage";
import { buildLargeCatalogue, buildSeedCatalogue } from "~/server/seed/catalogue.server";
import { createFirestoreStore } from "~/server/store/firestore/store.server";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import { createFirebaseIndexSnapshots } from "~/server/index-snapshots/firebase.server";
import { CatalogIndex } from "~/server/services/catalog/catalog-index.server";
import { encodeSnapshot } from "~/server/services/catalog/snapshot-codec.server";
import { rssOf } from "./server";

const args = process.argv.slice(2).filter((a) => !a.startsWith("--"));
/**
 * --synthetic-snapshot: store only the demo catalogue, and write a snapshot built in this process
 * from it plus the generated products, valid at the feed's end. An instance then starts exactly
 * as from a real snapshot (load, catch up: nothing to read), without the long seeding and the
 * first instance's whole-catalogue read; product pages of generated products would 404.
 */
const SYNTHETIC = process.argv.includes("--synthetic-snapshot");
const COUNT = Number(args[0] ?? 20_000);
const BUILDS = args.slice(1).length ? args.slice(1) : ["."];
const PROJECT = `demo-hemline-cold-${COUNT}`;
const FIRST_PORT = Number(process.env.BENCH_PORT ?? 3460);
const LISTINGS = {
  products: "/products",
  "category+size": "/products?category=jeans&size=32",
  jeens: "/products?search=jeens",
} as const;

interface Outcome {
  listening: number;
  healthy: number;
  listings: Record<keyof typeof LISTINGS, number>;
  rssMb: number;
  feedReads: string;
  log: string;
}

const firestore = await startFirestoreEmulator();
const storage = await startStorageEmulator({ projectId: PROJECT });
process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
process.env.FIREBASE_STORAGE_EMULATOR_HOST = storage.host;

async function seed(bucket: string): Promise<void> {
  const store = createFirestoreStore(PROJECT);
  const started = Date.now();
  await store.products.upsertMany(buildSeedCatalogue());
  if (SYNTHETIC) {
    const feed = await store.products.changes(null, 1000);
    const index = new CatalogIndex();
    index.applyChanges(feed.changes, feed.cursor);
    for (const batch of buildLargeCatalogue(COUNT)) {
      const changes = batch.map((p) => ({
        kind: "product" as const,
        product: { ...p, seq: 1, createdAt: p.createdAt!, updatedAt: p.updatedAt! },
      }));
      index.applyChanges(changes, feed.cursor);
    }
    const app = initializeApp({ projectId: PROJECT, storageBucket: bucket }, "bench-snapshot");
    await createFirebaseIndexSnapshots(getStorage(app).bucket(bucket)).write(await encodeSnapshot(index.export()));
    await deleteApp(app);
    await store.close();
    return;
  }
  let written = 0;
  for (const batch of buildLargeCatalogue(COUNT)) {
    for (let attempt = 1; ; attempt++) {
      try {
        await store.products.upsertMany(batch);
        break;
      } catch (error) {
        // A loaded machine can keep the emulator from answering for a while: try the batch again.
        if (attempt === 5) throw error;
      }
    }
    written += batch.length;
    if (written % 10_000 === 0)
      console.log(`  seeded ${written}/${COUNT} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await store.close();
}

function start(
  dir: string,
  port: number,
  bucket: string,
): { server: ChildProcess; spawned: number; output: () => string } {
  let output = "";
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", "build/index.js"], {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "hemline-cold-")),
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-42",
      SHOP_BACKEND: "firebase",
      GCLOUD_PROJECT: PROJECT,
      FIRESTORE_EMULATOR_HOST: firestore.host,
      FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9",
      FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
      FIREBASE_STORAGE_BUCKET: bucket,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { server, spawned: Date.now(), output: () => output };
}

async function until(check: () => Promise<boolean>, limitMs = 600_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

async function measure(dir: string, port: number, bucket: string): Promise<Outcome> {
  const { server, spawned, output } = start(dir, port, bucket);
  const base = `http://127.0.0.1:${port}`;
  try {
    await until(async () => (await fetch(`${base}/healthz`)).status > 0);
    const listening = Date.now() - spawned;
    let healthyAt = 0;
    const healthWatch = until(async () => (await fetch(`${base}/healthz`)).ok).then(
      () => (healthyAt = Date.now() - spawned),
    );
    const listings = {} as Outcome["listings"];
    // A shopper arriving at once: each listing is asked for as soon as the previous one answered.
    for (const [name, url] of Object.entries(LISTINGS) as Array<[keyof typeof LISTINGS, string]>) {
      await until(async () => (await fetch(`${base}${url}`)).ok);
      listings[name] = Date.now() - spawned;
    }
    await healthWatch;
    const rssMb = rssOf(server.pid) / 1e6;
    const line = /Catalogue index ready in \d+ ms \(([^)]*)\): [\d,]+ products listed, ([\d,]+) read/.exec(output());
    return {
      listening,
      healthy: healthyAt,
      listings,
      rssMb,
      feedReads: line ? `${line[2]} (${line[1]})` : "whole catalogue (no start-up log)",
      log: output(),
    };
  } finally {
    server.kill();
    await new Promise((r) => server.once("exit", r));
  }
}

const s = (ms: number) => (ms / 1000).toFixed(1);
const RAW = path.join("bench/results", `${new Date().toISOString().slice(0, 10)}-cold-start-raw.md`);
const row = (build: string, scenario: string, o: Outcome) => {
  const line =
    `| ${build} | ${scenario} | ${s(o.listening)} | ${s(o.healthy)} | ${s(o.listings.products)} | ` +
    `${s(o.listings["category+size"])} | ${s(o.listings.jeens)} | ${o.rssMb.toFixed(0)} | ${o.feedReads} |`;
  fs.mkdirSync("bench/results", { recursive: true });
  fs.appendFileSync(
    RAW,
    `${(COUNT + 98).toLocaleString("en")} products${SYNTHETIC ? " (synthetic snapshot)" : ""}: ${line}\n`,
  );
  return line;
};

try {
  console.log(`Seeding ${COUNT.toLocaleString("en")} + 98 products…`);
  const seeded = Date.now();
  const syntheticBucket = `hemline-cold-synthetic-${Date.now()}`;
  await seed(syntheticBucket);
  const seedS = ((Date.now() - seeded) / 1000).toFixed(0);
  const rows: string[] = [];
  for (const [i, dir] of BUILDS.entries()) {
    const build = dir === "." ? "this branch" : path.basename(path.resolve(dir));
    // A bucket of its own per build: the first instance finds no snapshot.
    const bucket = SYNTHETIC ? syntheticBucket : `hemline-cold-${i}-${Date.now()}`;
    if (dir === "." && !SYNTHETIC) {
      // Another build (main) has no snapshots: its first instance is any instance.
      console.log(`${build}: the first instance…`);
      rows.push(row(build, "first instance of the shop", await measure(dir, FIRST_PORT, bucket)));
      console.log(rows.at(-1));
    }
    console.log(`${build}: one instance…`);
    rows.push(row(build, "one instance", await measure(dir, FIRST_PORT, bucket)));
    console.log(rows.at(-1));
    console.log(`${build}: two instances together…`);
    const both = await Promise.all([measure(dir, FIRST_PORT, bucket), measure(dir, FIRST_PORT + 1, bucket)]);
    rows.push(...both.map((o, n) => row(build, `two together (#${n + 1})`, o)));
    console.log(rows.slice(-2).join("\n"));
  }
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `## ${(COUNT + 98).toLocaleString("en")} products (${date}, seeded in ${seedS} s${SYNTHETIC ? ", synthetic snapshot" : ""})`,
    "",
    `Firestore and Storage emulators, production build, ${os.cpus().length} shared cores ` +
      `(${os.cpus()[0]?.model ?? "unknown CPU"}), Node ${process.version}. Seconds from spawning the ` +
      `server; RSS of the server after the three listings.`,
    "",
    "| build | case | listening | /healthz 200 | /products | category+size | `jeens` | RSS MB | products read from the change feed |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|",
    ...rows,
    "",
  ];
  console.log(lines.join("\n"));
} finally {
  await Promise.all([firestore.stop(), storage.stop()]);
}
