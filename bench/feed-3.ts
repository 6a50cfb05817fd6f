// npx tsx bench/feed-3.ts: the kept product feed over HTTP from the production server (issue 30 part 2,
// step "stream with backpressure"), at 100,000 products on the embedded store. Run
// `NODE_ENV=production npx remix build` first. The same build served two ways, one after the other
// on the same store and kept feed: "before" sends /feeds/google.xml through Remix as main did (the
// build's handleFeedRequest replaced by one that passes every request on), "after" through
// scripts/server.mjs's handleFeedRequest (stream.pipeline from the kept file). For each: one fast
// client (time to last byte and the server's CPU, plain and gzipped), then two slow clients reading
// 1 MB/s each for BENCH_SLOW_SECONDS (default 30) while the server's RSS is sampled. Not a test: no
// thresholds. BENCH_LARGE changes the catalogue's size.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import url from "node:url";
import { SERVER_NODE_FLAGS } from "../scripts/node-flags.mjs";
import { parseConfig } from "~/server/config.server";
import { seedIfEmpty, seedLarge } from "~/server/seed/seed.server";
import { createStore } from "~/server/store/create-store.server";
import { rssOf } from "./server";

const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4393);
const SLOW_SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 30);
const SLOW_RATE = 1e6;
const ORIGIN = "https://shop.example";
const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const load = () => os.loadavg()[0].toFixed(1);

/** User + system CPU seconds of a process (/proc/<pid>/stat, clock ticks of 1/100 s). */
function cpuOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples a resident size every 200 ms until stopped; the largest seen. */
function peakSampler(read: () => number) {
  let peak = read();
  const timer = setInterval(() => (peak = Math.max(peak, read())), 200);
  return () => {
    clearInterval(timer);
    return Math.max(peak, read());
  };
}

/** One fetch read as fast as this process can: time to last byte, bytes as sent, the server's CPU meanwhile. */
function fastFetch(pid: number, encoding: string) {
  return new Promise<{ ms: number; bytes: number; cpu: number; encoding: string }>((resolve, reject) => {
    const cpuBefore = cpuOf(pid);
    const began = performance.now();
    const headers = { "Accept-Encoding": encoding };
    http
      .get({ host: "127.0.0.1", port: PORT, path: "/feeds/google.xml", headers }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () =>
          resolve({
            ms: performance.now() - began,
            bytes,
            cpu: cpuOf(pid) - cpuBefore,
            encoding: String(response.headers["content-encoding"] ?? "identity"),
          }),
        );
      })
      .on("error", reject);
  });
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

async function startServer(build: string, dataDir: string, logs: string[]): Promise<ChildProcess> {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/serve.mjs", build], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      SESSION_SECRET: "bench-secret-bench-secret-bench-secret-42",
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

async function measure(how: string, build: string, dataDir: string, firstStart: boolean) {
  const logs: string[] = [];
  const server = await startServer(build, dataDir, logs);
  try {
    await until(() => logs.some((l) => /\[server\] http/.test(l)), "the server to listen");
    // The first start builds the kept feed and its gzip; later starts find them kept and current.
    if (firstStart) await until(() => logs.some((l) => /Gzipped .*\.xml in/.test(l)), "the kept feed and its gzip");
    const pid = server.pid!;
    const idleRss = rssOf(pid);
    const rows: string[] = [];
    for (const encoding of ["identity", "gzip"]) {
      const fast = await fastFetch(pid, encoding);
      const ttlb = `${(fast.ms / 1000).toFixed(1)} s to last byte, ${mb(fast.bytes)} MB sent`;
      rows.push(`| ${how} | one fast client, ${fast.encoding} | ${ttlb} | ${fast.cpu.toFixed(1)} s | — | ${load()} |`);
      console.log(rows.at(-1));
    }
    const stop = peakSampler(() => rssOf(pid));
    const read = await Promise.all([slowFetch(SLOW_SECONDS), slowFetch(SLOW_SECONDS)]);
    const peak = stop();
    const slow = `two slow clients (1 MB/s each, ${SLOW_SECONDS} s; read ${read.map(mb).join(" and ")} MB)`;
    rows.push(`| ${how} | ${slow} | — | — | ${mb(idleRss)} → ${mb(peak)} MB | ${load()} |`);
    console.log(rows.at(-1));
    return { rows, logs };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-bench-feed3-"));
  try {
    const config = parseConfig({ DATA_DIR: dataDir });
    const store = createStore(config);
    await seedIfEmpty(store, () => {});
    await seedLarge(store, LARGE, () => {});
    const count = await store.products.count();
    await store.close();

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
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
