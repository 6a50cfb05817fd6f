// npm run bench:round-trips: issue 41's figures. The latency tool's method
// (../shared/tools/latency/run.sh: one shop on SHOP_BACKEND=firebase, the Firestore and Auth
// emulators behind proxies adding DELAY ms each way, each page timed near and far) run on this
// checkout and, with BEFORE_DIR, on another built checkout (e.g. main before the change). Not a
// test: nothing is asserted; the table goes to bench/results/<date>-firebase-round-trips.md.
//
// Environment: LATENCY_TOOL (the tool's folder), BEFORE_DIR (optional), ROUNDS (3), DELAY (5),
// BENCH_SKIP_BUILD=1 (use the build as it is).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureBuild } from "./server";

const TOOL = path.resolve(
  process.env.LATENCY_TOOL ??
    ["../shared/tools/latency", "../../shared/tools/latency"].find((p) => fs.existsSync(p)) ??
    "../shared/tools/latency",
);
const ROUNDS = process.env.ROUNDS ?? "3";
const DELAY = Number(process.env.DELAY ?? "5");
const BEFORE_DIR = process.env.BEFORE_DIR ? path.resolve(process.env.BEFORE_DIR) : null;
// pages.mjs reads the product links once at its start: this waits for a fresh Firestore's seed first.
const PAGES = path.resolve("bench/latency-pages-when-seeded.mjs");

interface Row {
  key: string;
  nearMs: number;
  farMs: number;
}
interface Run {
  rounds: number;
  placed: number;
  tried: number;
  rows: Row[];
}

function measure(cwd: string, label: string): Run {
  const out = fs.mkdtempSync(path.join("/tmp", "hemline-round-trips-"));
  console.log(`\n== ${label} (${cwd}) ==`);
  const run = spawnSync("bash", [path.join(TOOL, "run.sh")], {
    cwd,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, ROUNDS, DELAY: String(DELAY), LAT_OUT: out, PAGES_SCRIPT: PAGES, LATENCY_TOOL: TOOL },
  });
  if (run.status !== 0) throw new Error(`the latency tool failed for ${label}; logs in ${out}`);
  return JSON.parse(fs.readFileSync(path.join(out, "pages.json"), "utf8")) as Run;
}

const trips = (r: Row) => (r.farMs - r.nearMs) / (2 * DELAY);

function main() {
  if (!fs.existsSync(path.join(TOOL, "run.sh"))) throw new Error(`no latency tool at ${TOOL}: set LATENCY_TOOL`);
  if (process.env.BENCH_SKIP_BUILD !== "1") ensureBuild();
  const before = BEFORE_DIR ? measure(BEFORE_DIR, "before") : null;
  const after = measure(process.cwd(), "after");
  const date = new Date().toISOString().slice(0, 10);
  const rtt = 2 * DELAY;
  const cols = before
    ? "| page | before: ms near | ms far | round trips | after: ms near | ms far | round trips |\n|---|---:|---:|---:|---:|---:|---:|"
    : "| page | ms near | ms far | round trips |\n|---|---:|---:|---:|";
  const lines = after.rows.map((a) => {
    const b = before?.rows.find((r) => r.key === a.key);
    const cells = (r: Row) => `${r.nearMs} | ${r.farMs} | ${trips(r).toFixed(1)}`;
    return before ? `| ${a.key} | ${b ? cells(b) : "– | – | –"} | ${cells(a)} |` : `| ${a.key} | ${cells(a)} |`;
  });
  const placed = (r: Run) => `${r.placed}/${r.tried}`;
  const text =
    `# Firebase round trips (issue 41), ${date}\n\n` +
    `The latency tool's method (${path.basename(TOOL)}/run.sh): one shop on SHOP_BACKEND=firebase, the database ` +
    `${rtt} ms away (round trip) or near, medians over ${ROUNDS} interleaved rounds on one warm process; ` +
    `"round trips" = (far - near) / ${rtt} ms, the database round trips the visitor waits for one after another. ` +
    `Purchases placed: ${before ? `before ${placed(before)}, ` : ""}after ${placed(after)}.` +
    (BEFORE_DIR ? ` Before: ${BEFORE_DIR}.` : "") +
    `\n\n${cols}\n${lines.join("\n")}\n`;
  const file = path.join("bench/results", `${date}-firebase-round-trips.md`);
  fs.writeFileSync(file, text);
  console.log(`\n${text}\nwritten ${file}`);
}

main();
