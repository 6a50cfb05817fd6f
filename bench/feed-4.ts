// npx tsx bench/feed-4.ts: the plain (uncompressed) kept product feed over HTTP at 100,000 products
// (issue 30 asks under 5 s), read by one fast client, with the file read 64 KB at a time (Node's
// default, as before FEED_READ_CHUNK_KB), 512 KB (the default now) and 1 MB (BENCH_CHUNKS changes
// them). Run `NODE_ENV=production npx remix build` first. bench/feed-3.ts's setup, trimmed to that one
// question: one store and kept feed, the same build started with each setting, alternated
// BENCH_ROUNDS times (default 3) so a change in the shared machine's load falls on all. Not a test:
// no thresholds. Writes bench/results/<date>-feed-4<BENCH_SUFFIX>.md.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty, seedLarge } from "~/server/seed/seed.server";
import { createStore } from "~/server/store/create-store.server";

const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4394);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The FEED_READ_CHUNK_KB settings compared (64: Node's default, as before the setting). */
const CHUNKS = (process.env.BENCH_CHUNKS ?? "64,512,1024").split(",").map(Number);
const ORIGIN = "https://shop.example";
const load = () => os.loadavg()[0].toFixed(1);

/** User + system CPU seconds of a process (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** One plain fetch read as fast as this process can: time to last byte, bytes, the server's CPU meanwhile. */
function fastFetch(pid: number) {
  return new Promise<{ ms: number; bytes: number; cpu: number }>((resolve, reject) => {
    const cpuBefore = cpuOf(pid);
    const began = performance.now();
    http
      .get(
        { host: "127.0.0.1", port: PORT, path: "/feeds/google.xml", headers: { "Accept-Encoding": "identity" } },
        (response) => {
          let bytes = 0;
          response.on("data", (chunk: Buffer) => (bytes += chunk.length));
          response.on("end", () => resolve({ ms: performance.now() - began, bytes, cpu: cpuOf(pid) - cpuBefore }));
        },
      )
      .on("error", reject);
  });
}

function startServer(dataDir: string, chunkKb: number, logs: string[]): ChildProcess {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", path.resolve("build/index.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-42",
      FEED_READ_CHUNK_KB: String(chunkKb),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout!.setEncoding("utf8");
  server.stdout!.on("data", (text: string) => logs.push(...text.split("\n").filter(Boolean)));
  return server;
}

async function until(test: () => boolean, what: string, timeoutMs = 1_800_000) {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function measure(dataDir: string, chunkKb: number, firstStart: boolean) {
  const logs: string[] = [];
  const server = startServer(dataDir, chunkKb, logs);
  try {
    await until(() => logs.some((l) => /\[server\] http/.test(l)), "the server to listen");
    // The first start builds the kept feed (and its gzip); later starts find them kept and current.
    if (firstStart) await until(() => logs.some((l) => /Gzipped .*xml/.test(l)), "the kept feed and its gzip");
    const fast = await fastFetch(server.pid!);
    const row =
      `| ${chunkKb} KB | ${(fast.ms / 1000).toFixed(1)} s | ${(fast.bytes / 1e6).toFixed(0)} MB | ` +
      `${fast.cpu.toFixed(1)} s | ${load()} |`;
    console.log(row);
    return { row, ms: fast.ms, logs };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-bench-feed4-"));
  try {
    const config = parseConfig({ DATA_DIR: dataDir });
    const store = createStore(config);
    await seedIfEmpty(store, () => {});
    await seedLarge(store, LARGE, () => {});
    const count = await store.products.count();
    await store.close();
    const loadAtStart = load();
    const rows: string[] = [];
    const times: Record<number, number[]> = Object.fromEntries(CHUNKS.map((kb) => [kb, []]));
    let built = "";
    for (let round = 0; round < ROUNDS; round++) {
      for (const chunkKb of round % 2 ? [...CHUNKS].reverse() : CHUNKS) {
        const result = await measure(dataDir, chunkKb, rows.length === 0);
        built ||= result.logs.find((l) => /Built the xml product feed/.test(l)) ?? "";
        rows.push(result.row);
        times[chunkKb].push(result.ms / 1000);
      }
    }
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return (sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2).toFixed(1);
    };
    const report = [
      `# The plain kept product feed over HTTP, read 64 KB to 1 MB at a time, at ${count.toLocaleString("en")} products` +
        ` (${new Date().toISOString().slice(0, 10)})`,
      "",
      `\`npx tsx bench/feed-4.ts\` (bench/feed-4.ts): embedded store (SQLite), Node ${process.version}, the production` +
        ` build served by scripts/serve.mjs with the production V8 flags and FEED_READ_CHUNK_KB as in the table, one` +
        ` client on the same machine reading /feeds/google.xml (Accept-Encoding: identity) as fast as it can, over` +
        ` 127.0.0.1; ${os.cpus().length} cores shared with other engineers' work (1-minute load ${loadAtStart} at the` +
        ` start, ${load()} at the end). The settings alternate, ${ROUNDS} rounds.`,
      "",
      `The kept feed: ${built.slice(0, 200)}`,
      "",
      "| FEED_READ_CHUNK_KB | time to last byte | sent | server CPU during it | load |",
      "|---:|---:|---:|---:|---:|",
      ...rows,
      "",
      `Median time to last byte: ${CHUNKS.map((kb) => `${kb} KB ${median(times[kb])} s`).join(", ")}.`,
      "",
    ];
    console.log(report.join("\n"));
    fs.writeFileSync(
      path.join(
        "bench",
        "results",
        `${new Date().toISOString().slice(0, 10)}-feed-4${process.env.BENCH_SUFFIX ?? ""}.md`,
      ),
      report.join("\n"),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
