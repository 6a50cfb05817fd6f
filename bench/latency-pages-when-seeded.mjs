// The latency tool's pages.mjs, started once the shop lists products: a fresh Firestore is seeded
// after /healthz first answers, and pages.mjs reads the product links once, at its start.
// PAGES_SCRIPT for ../shared/tools/latency/run.sh (bench/firebase-round-trips.ts sets it).
import path from "node:path";
import { pathToFileURL } from "node:url";

const base = process.env.BASE;
const tool = process.env.LATENCY_TOOL;
for (let i = 0; i < 240; i++) {
  const page = await fetch(`${base}/products?category=dresses`).then(
    (r) => r.text(),
    () => "",
  );
  if (page.includes('href="/products/')) break;
  await new Promise((r) => setTimeout(r, 1000));
}
await import(pathToFileURL(path.join(tool, "pages.mjs")).href);
