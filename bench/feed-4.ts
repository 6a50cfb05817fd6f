// npx tsx bench/feed-4.ts: the plain (uncompressed) kept product feed over HTTP at 100,000 products
// (issue 30 asks under 5 s), read by one fast client, with the file read 64 KB at a time (Node's
// default, as before FEED_READ_CHUNK_KB), 512 KB (the default now) and 1 MB (BENCH_CHUNKS changes
// them). Run `NODE_ENV=production npx remix build` first. bench/feed-3.ts's setup, trimmed to that one
// question: one store and kept feed, the same build started with each setting, alternated
// BENCH_ROUNDS times (default 3) so a change in the shared machine's load falls on all. Not a test:
// no thresholds. Writes bench/results/<date>-feed-4<BENCH_SUFFIX>.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fastFetch, load, startFeedServer, withLargeStore } from "./feed-server";

const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4394);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The FEED_READ_CHUNK_KB settings compared (64: Node's default, as before the setting). */
const CHUNKS = (process.env.BENCH_CHUNKS ?? "64,512,1024").split(",").map(Number);

async function measure(dataDir: string, chunkKb: number, firstStart: boolean) {
  const build = path.resolve("build/index.js");
  const env = { FEED_READ_CHUNK_KB: String(chunkKb) };
  const { server, logs, stop } = await startFeedServer({ build, port: PORT, dataDir, env, firstStart });
  try {
    const fast = await fastFetch(PORT, server.pid!);
    const row =
      `| ${chunkKb} KB | ${(fast.ms / 1000).toFixed(1)} s | ${(fast.bytes / 1e6).toFixed(0)} MB | ` +
      `${fast.cpu.toFixed(1)} s | ${load()} |`;
    console.log(row);
    return { row, ms: fast.ms, logs };
  } finally {
    await stop();
  }
}

async function main() {
  await withLargeStore("feed4", LARGE, async (dataDir, count) => {
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
  });
}

await main();
