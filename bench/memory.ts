// Memory of the one production process (issue 13: RSS ≤ 150 MB under load at the default seed).
// Starts the production build (embedded backend, default seed) in one process, reads its resident
// memory at idle and after 10 connections on each route with a first visit's session cookie, and
// its CPU per request. `npx tsx bench/memory.ts`; BENCH_PORT, BENCH_DURATION (s a route),
// NODE_OPTIONS (V8 flags to try) and DATA_DIR are taken from the environment.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startServer } from "./server";

const PORT = process.env.BENCH_PORT ?? "4710";
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? "bench/.data/memory");
const PROBE_FILE = path.join(os.tmpdir(), `hemline-memory-probe-${PORT}.json`);
const ROUTES = ["/", "/products", "/products?category=shoes", "/products/p0001", "/products?search=jeans"];

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** VmRSS, RssAnon (heap, buffers), RssFile (mapped code), VmHWM (peak), in bytes. */
function procStatus(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile"), peak: kb("VmHWM") };
}

function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ
}

async function probe(pid: number): Promise<{ before: NodeJS.MemoryUsage; afterGc: NodeJS.MemoryUsage }> {
  fs.rmSync(PROBE_FILE, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 50 && !fs.existsSync(PROBE_FILE); i++) await new Promise((r) => setTimeout(r, 100));
  return JSON.parse(fs.readFileSync(PROBE_FILE, "utf8"));
}

function line(
  label: string,
  pid: number,
  s: ReturnType<typeof procStatus>,
  usage: NodeJS.MemoryUsage,
  gc: NodeJS.MemoryUsage,
): string {
  return [
    `| ${label} | ${mb(s.rss)} | ${mb(s.anon)} | ${mb(s.file)} | ${mb(s.peak)}`,
    `${mb(usage.heapTotal)} | ${mb(usage.heapUsed)} | ${mb(usage.arrayBuffers)} | ${mb(gc.heapUsed)} | ${mb(gc.arrayBuffers)} | ${mb(gc.rss)} |`,
  ].join(" | ");
}

const probeOption = `--import=${path.resolve("bench/memory-probe.mjs")}`;
const { server } = await startServer({
  PORT,
  DATA_DIR,
  MEMORY_PROBE_FILE: PROBE_FILE,
  NODE_OPTIONS: [process.env.NODE_OPTIONS ?? "", "--expose-gc", probeOption].join(" ").trim(),
});
const pid = server.pid!;
try {
  const loadBefore = os.loadavg()[0].toFixed(1);
  const first = await fetch(`${BASE}/`, { redirect: "manual" });
  await first.arrayBuffer();
  const cookie = first.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await new Promise((r) => setTimeout(r, 2000));
  const row = async (label: string) => {
    const status = procStatus(pid); // before the probe's collection
    const { before, afterGc } = await probe(pid);
    return line(label, pid, status, before, afterGc);
  };
  const rows = [await row("idle after start")];
  let requests = 0;
  let cpu = 0;
  for (const route of ROUTES) {
    const before = cpuMs(pid);
    const result = await autocannon({ url: BASE + route, connections: 10, duration: DURATION_S, headers: { cookie } });
    cpu += cpuMs(pid) - before;
    requests += result.requests.total;
    if (result.errors || result.non2xx) console.error(`${route}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    rows.push(await row(`after ${route}`));
  }
  const loadAfter = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(
    `NODE_OPTIONS: ${process.env.NODE_OPTIONS || "(none)"}; load average at start ${loadBefore}, at the end ${loadAfter}`,
  );
  console.log(
    "| moment | RSS | anon | file | peak RSS | heap total | heap used | array buffers | heap used after GC | array buffers after GC | RSS after GC |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
  console.log(
    `${requests} requests, ${(requests / (ROUTES.length * DURATION_S)).toFixed(0)} req/s, CPU ${(cpu / requests).toFixed(2)} ms/request`,
  );
} finally {
  server.kill("SIGTERM");
}
