// npx tsx bench/feed-3.ts: the kept product feed over HTTP from the production server (issue 30 part 2,
// step "stream with backpressure"), at 100,000 products on the embedded store. Run
// `NODE_ENV=production npx remix build` first. The same build served two ways, one after the other
// on the same store and kept feed: "before" sends /feeds/google.xml through Remix as main did (the
// build's handleFeedRequest replaced by one that passes every request on), "after" through
// scripts/server.mjs's handleFeedRequest (stream.pipeline from the kept file). For each: one fast
// client (time to last byte and the server's CPU, plain and gzipped), then two slow clients reading
// 1 MB/s each for BENCH_SLOW_SECONDS (default 30) while the server's RSS is sampled. Not a test: no
// thresholds. BENCH_LARGE changes the catalogue's size.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { fastFetch, load, startFeedServer, withLargeStore } from "./feed-server";
import { rssOf } from "./server";

const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4393);
const SLOW_SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 30);
const SLOW_RATE = 1e6;
const mb = (bytes: number) => (bytes / 1e6).toFixed(0);

/** Samples a resident size every 200 ms until stopped; the largest seen. */
function peakSampler(read: () => number) {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 200);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read());
  };
}

/** A client reading at most SLOW_RATE bytes a second, for `seconds`, then hanging up. */
function slowFetch(seconds: number) {
  return new Promise<number>((resolve, reject) => {
    const began = Date.now();
    const headers = { "Accept-Encoding": "identity" };
    const request = http.get({ host: "127.0.0.1", port: PORT, path: "/feeds/google.xml", headers }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        const ahead = bytes / SLOW_RATE - (Date.now() - began) / 1000;
        if (ahead > 0) {
          response.pause();
          setTimeout(() => response.resume(), ahead * 1000);
        }
      });
      setTimeout(() => {
        request.destroy();
        resolve(bytes);
      }, seconds * 1000);
    });
    request.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? undefined : reject(error)));
  });
}

async function measure(how: string, build: string, dataDir: string, firstStart: boolean) {
  const { server, logs, stop } = await startFeedServer({ build, port: PORT, dataDir, firstStart });
  try {
    const pid = server.pid!;
    const idleRss = rssOf(pid);
    const rows: string[] = [];
    for (const encoding of ["identity", "gzip"]) {
      const fast = await fastFetch(PORT, pid, encoding);
      const ttlb = `${(fast.ms / 1000).toFixed(1)} s to last byte, ${mb(fast.bytes)} MB sent`;
      rows.push(`| ${how} | one fast client, ${fast.encoding} | ${ttlb} | ${fast.cpu.toFixed(1)} s | — | ${load()} |`);
      console.log(rows.at(-1));
    }
    const stopSampling = peakSampler(() => rssOf(pid));
    const read = await Promise.all([slowFetch(SLOW_SECONDS), slowFetch(SLOW_SECONDS)]);
    const peak = stopSampling();
    const slow = `two slow clients (1 MB/s each, ${SLOW_SECONDS} s; read ${read.map(mb).join(" and ")} MB)`;
    rows.push(`| ${how} | ${slow} | — | — | ${mb(idleRss)} → ${mb(peak)} MB | ${load()} |`);
    console.log(rows.at(-1));
    return { rows, logs };
  } finally {
    await stop();
  }
}

async function main() {
  await withLargeStore("feed3", LARGE, async (dataDir, count) => {
    // "before": the same build, its feed handler passing every request on to Remix (main's way).
    const build = path.resolve("build/index.js");
    const throughRemix = path.join(dataDir, "through-remix.mjs");
    const href = url.pathToFileURL(build).href;
    fs.writeFileSync(
      throughRemix,
      `export * from ${JSON.stringify(href)};\nimport * as built from ${JSON.stringify(href)};\n` +
        `export const entry = { module: { ...built.entry.module, handleFeedRequest: (_req, _res, next) => next() } };\n`,
    );
    const loadAtStart = load();
    const after1 = await measure("after: handleFeedRequest (pipeline)", build, dataDir, true);
    const before = await measure("before: through Remix", throughRemix, dataDir, false);
    const after2 = await measure("after, again", build, dataDir, false);
    const built = after1.logs.find((l) => /Built the xml product feed/.test(l)) ?? "";
    const report = [
      `# The kept product feed over HTTP, through Remix and piped with backpressure, at ${count.toLocaleString("en")} products` +
        ` (${new Date().toISOString().slice(0, 10)})`,
      "",
      `\`npx tsx bench/feed-3.ts\` (bench/feed-3.ts): embedded store (SQLite), Node ${process.version}, the production build` +
        ` served by scripts/serve.mjs with the production V8 flags, over HTTP on 127.0.0.1, ${os.cpus().length} cores shared` +
        ` with other engineers' work (1-minute load ${loadAtStart} at the start, ${load()} at the end).`,
      "",
      `The kept feed: ${built.slice(0, 200)}`,
      "",
      "| server | client | fast client: time to last byte | server CPU during it | server RSS (idle → peak) | load |",
      "|---|---|---|---:|---|---:|",
      ...after1.rows,
      ...before.rows,
      ...after2.rows,
      "",
    ];
    console.log(report.join("\n"));
    const out = path.join("bench", "results", `${new Date().toISOString().slice(0, 10)}-feed-3.md`);
    fs.writeFileSync(out, report.join("\n"));
  });
}

await main();
