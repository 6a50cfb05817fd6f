// npm run bench:side-by-side: Hemline's production build against a peer shop already running at
// PEER_URL (e.g. Vendure + its Remix storefront, started by tools/peer/setup.sh), on the same
// machine in the same run. Routes are interleaved round by round so both sides see the same load
// from the other engineers; CPU per request comes from /proc (utime + stime of the serving
// processes), the steadier figure on a shared machine. Not a test: nothing is asserted.
//
// Environment: PEER_URL (http://127.0.0.1:4011), PEER_DIR (/tmp/peerbench/peer: its `pids` file
// lists the peer's processes as name=pid lines), BENCH_DURATION (s per route and side, 15),
// BENCH_ROUNDS (3), BENCH_PORT (3340), BENCH_SKIP_BUILD=1 to serve the build as it is.
// BEFORE_DIR: another checkout of Hemline, built, with its own node_modules (e.g. a worktree of the
// commit before a change): served too, with a session, as a fourth side of the same run, so a
// change's before and after come from one run and one load.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild, rssOf, startServer } from "./server";

const PEER_URL = (process.env.PEER_URL ?? "http://127.0.0.1:4011").replace(/\/$/, "");
const PEER_DIR = process.env.PEER_DIR ?? "/tmp/peerbench/peer";
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3340);
const BASE = `http://127.0.0.1:${PORT}`;
const CONNECTIONS = 10;
const TICKS_PER_S = 100; // USER_HZ on Linux (getconf CLK_TCK)

/** The same five page types on both sides: the peer's routes are those its README names. */
const ROUTES = [
  { label: "home", hemline: "/", peer: "/" },
  { label: "listing (24 cards)", hemline: "/products", peer: "/collections/electronics" },
  { label: "category", hemline: "/products?category=shoes", peer: "/collections/footwear" },
  { label: "product page", hemline: "/products/p0001", peer: "/products/laptop" },
  { label: "search", hemline: "/products?search=jeans", peer: "/search?q=camera" },
];

const BEFORE_DIR = process.env.BEFORE_DIR ? path.resolve(process.env.BEFORE_DIR) : null;
const BEFORE_PORT = PORT + 1;

type Side = "hemline" | "hemline anonymous" | "peer" | "before";
const SIDES: Side[] = ["hemline", "peer", "hemline anonymous", ...(BEFORE_DIR ? (["before"] as const) : [])];

interface Sample {
  requests: number;
  seconds: number;
  cpuMs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function peerPids(): number[] {
  const file = path.join(PEER_DIR, "pids");
  if (!fs.existsSync(file)) throw new Error(`${file} not found: start the peer first (tools/peer/setup.sh start)`);
  return [...fs.readFileSync(file, "utf8").matchAll(/=(\d+)/g)].map((m) => Number(m[1]));
}

/** CPU time (user + system) the processes have used so far, in ms. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_S;
}

/** The cookies a first visit sets, as a Cookie header: a browsing visitor's session. */
async function sessionCookie(url: string): Promise<string> {
  const res = await fetch(url, { redirect: "manual" });
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function measure(url: string, pids: number[], cookie: string | null): Promise<Sample> {
  const headers = cookie ? { cookie } : undefined;
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const cpuBefore = cpuMs(pids);
  const started = process.hrtime.bigint();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    requests: result.requests.total,
    seconds,
    cpuMs: cpuMs(pids) - cpuBefore,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

function combine(samples: Sample[]) {
  const requests = samples.reduce((n, s) => n + s.requests, 0);
  const seconds = samples.reduce((n, s) => n + s.seconds, 0);
  const cpu = samples.reduce((n, s) => n + s.cpuMs, 0);
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const p50s = sorted(samples.map((s) => s.p50));
  return {
    requests,
    rps: requests / seconds,
    cpuPerRequest: requests ? cpu / requests : NaN,
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...samples.map((s) => s.p99)),
    failed: samples.reduce((n, s) => n + s.errors + s.non2xx, 0),
  };
}

const pidsOfPeer = peerPids();
for (const route of ROUTES) {
  const res = await fetch(PEER_URL + route.peer);
  if (!res.ok) throw new Error(`peer ${route.peer}: HTTP ${res.status}`);
  await res.arrayBuffer();
}
const peerCookie = await sessionCookie(PEER_URL + "/");

if (process.env.BENCH_SKIP_BUILD !== "1") ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-side-by-side-"));
const { server } = await startServer({ PORT: String(PORT), DATA_DIR: dataDir, WEB_CONCURRENCY: "1" });
const beforeDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-side-by-side-before-"));
// The before side runs as it ran then: its own scripts, no flags of this checkout.
const before = BEFORE_DIR
  ? await startServer(
      { PORT: String(BEFORE_PORT), DATA_DIR: beforeDataDir, WEB_CONCURRENCY: "1" },
      { cwd: BEFORE_DIR, nodeFlags: [] },
    )
  : null;
const beforeCommit = BEFORE_DIR
  ? spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: BEFORE_DIR, encoding: "utf8" }).stdout.trim()
  : "";
const samples = new Map<string, Sample[]>();
let rss = { hemline: 0, peer: 0, before: 0 };
try {
  const pidsOfHemline = [server.pid!];
  const hemlineCookie = await sessionCookie(BASE + "/");
  const beforeBase = `http://127.0.0.1:${BEFORE_PORT}`;
  const beforeCookie = before ? await sessionCookie(beforeBase + "/") : null;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const route of ROUTES) {
      for (const side of SIDES) {
        const sample =
          side === "peer"
            ? await measure(PEER_URL + route.peer, pidsOfPeer, peerCookie)
            : side === "before"
              ? await measure(beforeBase + route.hemline, [before!.server.pid!], beforeCookie)
              : await measure(BASE + route.hemline, pidsOfHemline, side === "hemline" ? hemlineCookie : null);
        const key = `${route.label}|${side}`;
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        const c = combine([sample]);
        console.log(
          `round ${round} ${route.label} ${side}: ${c.rps.toFixed(0)} req/s, ${c.cpuPerRequest.toFixed(2)} CPU ms/req, p99 ${c.p99} ms`,
        );
      }
    }
  }
  rss = {
    hemline: rssOf(server.pid),
    peer: pidsOfPeer.reduce((n, pid) => n + rssOf(pid), 0),
    before: before ? rssOf(before.server.pid) : 0,
  };
} finally {
  server.kill();
  before?.server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(beforeDataDir, { recursive: true, force: true });
}

const date = new Date().toISOString().slice(0, 10);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const lines = [
  `# Side by side ${date}: Hemline against the peer`,
  "",
  `Hemline's production build (one process, default seed) and the peer at \`${PEER_URL}\`, measured in turn route by route`,
  `(${ROUNDS} rounds, ${DURATION_S} s a route and side after a 1 s warm-up, autocannon with ${CONNECTIONS} connections,`,
  `on ${os.cpus().length} cores, Node ${process.version}). "Session" sends the cookies of a first visit to \`/\`; "anonymous" sends none.`,
  "req/s over all rounds; p50 the median of the rounds', p99 the worst round's; CPU ms per request is utime + stime from",
  "/proc of the serving processes (Hemline: its one process; the peer: every PID in its pids file) over the requests served.",
  "A request still unanswered when its run ends is not counted (nor is its CPU time subtracted): a side that answers",
  "nothing within the run shows no figure.",
  `Shared machine (other engineers' tests ran meanwhile): the CPU figure is the steadier one. RSS after the run: Hemline ${mb(rss.hemline)} MB,`,
  `the peer ${mb(rss.peer)} MB${before ? `, Hemline before (${beforeCommit}) ${mb(rss.before)} MB` : ""}.`,
  "",
  "| route | Hemline req/s | peer req/s | ratio | Hemline p50/p99 ms | peer p50/p99 ms | Hemline CPU ms/req | peer CPU ms/req |" +
    " Hemline anonymous req/s | anonymous p50/p99 ms | anonymous CPU ms/req | failed (H/P/A) |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
];
for (const route of ROUTES) {
  const [h, p, a] = SIDES.map((side) => combine(samples.get(`${route.label}|${side}`) ?? []));
  lines.push(
    [
      "",
      route.label,
      h.rps.toFixed(0),
      p.rps.toFixed(0),
      p.requests ? `${(h.rps / p.rps).toFixed(1)}×` : "n/a (peer served none)",
      `${h.p50}/${h.p99}`,
      p.requests ? `${p.p50}/${p.p99}` : "—",
      h.cpuPerRequest.toFixed(2),
      p.requests ? p.cpuPerRequest.toFixed(2) : "—",
      a.rps.toFixed(0),
      `${a.p50}/${a.p99}`,
      a.cpuPerRequest.toFixed(2),
      `${h.failed}/${p.failed}/${a.failed}`,
      "",
    ]
      .join(" | ")
      .trim(),
  );
}
if (before) {
  lines.push(
    "",
    `Hemline before (\`${beforeCommit}\`, served from \`${BEFORE_DIR}\` as it ran then) and after, both with a session, in the same run:`,
    "",
    "| route | before req/s | after req/s | before p50/p99 ms | after p50/p99 ms | before CPU ms/req | after CPU ms/req |" +
      " before vs peer req/s | after vs peer req/s |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  );
  for (const route of ROUTES) {
    const [h, p, b] = (["hemline", "peer", "before"] as const).map((side) =>
      combine(samples.get(`${route.label}|${side}`) ?? []),
    );
    const ratio = (x: number) => (p.requests ? `${(x / p.rps).toFixed(1)}×` : "n/a");
    const cells = [route.label, b.rps.toFixed(0), h.rps.toFixed(0), `${b.p50}/${b.p99}`, `${h.p50}/${h.p99}`];
    cells.push(b.cpuPerRequest.toFixed(2), h.cpuPerRequest.toFixed(2), ratio(b.rps), ratio(h.rps));
    lines.push(`| ${cells.join(" | ")} |`);
  }
}
lines.push(
  "",
  "Routes: " + ROUTES.map((r) => `${r.label}: Hemline \`${r.hemline}\`, peer \`${r.peer}\``).join("; ") + ".",
  "",
);
const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : "";
const file = path.join("bench/results", `${date}-side-by-side${label}.md`);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(file, lines.join("\n"));
console.log(lines.join("\n"));
console.log(`\nWrote ${file}`);
