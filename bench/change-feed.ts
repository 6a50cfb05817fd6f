// npx tsx bench/change-feed.ts [products]: how an instance follows the Firestore catalogue, measured
// on the emulator. (a) the change-feed query (ordered by commit time and document id, resumed
// after a cursor, in pages of 5,000), which the shop uses; (b) a real-time listener (onSnapshot)
// on the products collection, the alternative. Reports time to the whole catalogue, memory held
// and how soon a write on another client is seen. Writes bench/results/<date>-change-feed.md.
import fs from "node:fs";
import path from "node:path";
import { startFirestoreEmulator } from "../scripts/emulators/firestore";
import { buildLargeCatalogue } from "~/server/seed/catalogue.server";
import { firestoreFor } from "~/server/store/firestore/firebase-app.server";
import { productFromDoc } from "~/server/store/firestore/product-store.server";
import { createFirestoreStore } from "~/server/store/firestore/store.server";
import type { Product } from "~/domain/product";

const COUNT = Number(process.argv[2] ?? 20_000);
const emulator = await startFirestoreEmulator();
process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
const projectId = "demo-hemline-feed-bench";
const store = createFirestoreStore(projectId);
// Live JS heap after a GC: RSS does not shrink when the first case lets go, so it would flatter the second.
const mb = () => process.memoryUsage().heapUsed / 1024 / 1024;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

try {
  console.log(`Seeding ${COUNT} products…`);
  for (const batch of buildLargeCatalogue(COUNT)) {
    // A loaded machine can keep the emulator from answering for a while: try a batch again.
    for (let attempt = 1; ; attempt++) {
      try {
        await store.products.upsertMany(batch);
        break;
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
  }

  // (a) the cursor query, as the catalogue index reads it
  gc();
  const rssBeforeA = mb();
  let started = performance.now();
  const held = new Map<string, Product>();
  let cursor: string | null = null;
  for (;;) {
    const batch = await store.products.changes(cursor, 5000);
    for (const c of batch.changes) if (c.kind === "product") held.set(c.product.id, c.product);
    cursor = batch.cursor;
    if (!batch.more) break;
  }
  const cursorMs = performance.now() - started;
  gc();
  const cursorRss = mb() - rssBeforeA;
  started = performance.now();
  const idle = await store.products.changes(cursor, 5000);
  const idlePollMs = performance.now() - started;
  const first = held.values().next().value!;
  await store.products.save({ ...first, name: "Seen by the feed" });
  started = performance.now();
  const seen = await store.products.changes(cursor, 5000);
  const pollAfterWriteMs = performance.now() - started;
  held.clear();

  // (b) a real-time listener holding the whole collection
  gc();
  const rssBeforeB = mb();
  const db = firestoreFor(projectId);
  started = performance.now();
  let listenerFirstMs = 0;
  let sawWriteMs = 0;
  let writtenAt = 0;
  await new Promise<void>((resolve) => {
    const unsubscribe = db.collection("products").onSnapshot((snap) => {
      if (!listenerFirstMs) {
        // The index needs its own copy either way: build it, as the cursor case does.
        for (const doc of snap.docs) held.set(doc.id, productFromDoc(doc.data()));
        listenerFirstMs = performance.now() - started;
        resolve();
      } else if (writtenAt && snap.docChanges().length > 0 && !sawWriteMs) {
        sawWriteMs = performance.now() - writtenAt;
        unsubscribe();
      }
    });
  });
  gc();
  const listenerRss = mb() - rssBeforeB;
  held.clear();
  writtenAt = performance.now();
  await store.products.save({ ...first, name: "Seen by the listener" });
  for (let i = 0; i < 100 && !sawWriteMs; i++) await new Promise((r) => setTimeout(r, 50));

  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `# Following the catalogue on Firestore (emulator), ${COUNT.toLocaleString("en")} products, ${date}`,
    "",
    "One Node process, Firestore emulator on the same 2 shared cores: indicative figures. Memory held: " +
      "growth of the live JS heap (after a GC) while following the catalogue, with the application's own " +
      "copy of every product in both cases (an index needs one); the listener adds the SDK's watch state.",
    "",
    "| way | whole catalogue, ms | memory held, MB | idle check, ms | a write seen after, ms | document reads to start |",
    "|---|---:|---:|---:|---:|---:|",
    `| cursor query (pages of 5,000), used | ${cursorMs.toFixed(0)} | ${cursorRss.toFixed(0)} | ` +
      `${idlePollMs.toFixed(0)} (${idle.changes.length} changes) | ${pollAfterWriteMs.toFixed(0)} at the ` +
      `next poll (${seen.changes.length} change) | ${COUNT.toLocaleString("en")} |`,
    `| onSnapshot listener | ${listenerFirstMs.toFixed(0)} | ${listenerRss.toFixed(0)} | — (pushed) | ` +
      `${sawWriteMs ? sawWriteMs.toFixed(0) : "not seen in 5 s"} | ${COUNT.toLocaleString("en")} |`,
    "",
  ];
  fs.mkdirSync("bench/results", { recursive: true });
  const file = path.join("bench/results", `${date}-change-feed.md`);
  fs.writeFileSync(file, lines.join("\n"));
  console.log(lines.join("\n"));
} finally {
  await store.close();
  await emulator.stop();
}
