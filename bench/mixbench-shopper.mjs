#!/usr/bin/env node
/* eslint-disable max-len -- a copy of ../shared/tools/peer/mixbench.mjs, its long report lines kept as they are */
// A copy of ../shared/tools/peer/mixbench.mjs (the shared file is not edited) with one more workload,
// for issue 27:
//   --workload shopper  as mix, but every Hemline visitor is a signed-in shopper with one item in the
//                       cart (registered and carted through the shop's own forms before the runs;
//                       the bench server needs TRUST_PROXY=1: each registration comes from its own
//                       X-Forwarded-For, so the sign-up rate limit does not refuse the tenth).
//                       The peer side is left out of this workload (its starter has no sign-up that
//                       works without e-mail verification); compare it with the mix of the same run.
// Everything else is mixbench's method, unchanged.
// mixbench: Hemline against the peer (Vendure + storefront-remix-starter) over each side's WHOLE
// catalogue, not one URL per route. Node built-ins only (node >= 20).
//
// Hemline keeps rendered pages in an in-process cache (its decision 0021: key = URL + hash of the
// loaders' data, 12 MB, 60 s), so a bench that asks for one URL per route measures cache hits.
// This one builds each side's URL list from its own catalogue and asks for it the way traffic does:
//
//   --workload mix   requests drawn from the list with Zipf popularity (rank k has weight 1/k^s,
//                    s = --zipf, default 1): home is rank 1, then product pages, listings and searches
//                    interleaved in proportion (the same type at the same rank on both sides), each
//                    type shuffled with --seed. Both sides get the same sequence of ranks.
//   --workload cold  the same draws, but every URL is new: `_v=<unique>` is appended, after checking
//                    (per page type) that the side renders the same page with it; a side that does not
//                    ignore it cycles through its full list instead (said in the output).
//   --workload one   the developers' bench: one fixed URL per route (home, listing, category, product
//                    page, search), each route measured on its own.
//
// Lists: Hemline — every product page in /sitemap.xml, every listing in it (/products and the
// categories) with pages 1–3 where they exist, home, and --searches searches; peer — every product
// (shop-api `products`), every collection with pages 1–3 where they exist, home, and the searches.
// Searches: real words of the side's own product names (most single words, some two-word phrases,
// ~15 % with a typo: a letter dropped, doubled, swapped or a neighbouring key), the same recipe on both sides.
//
// Visitors: each connection is a browsing visitor: it takes the cookies a first visit to `/` sets
// and sends them (updated from every Set-Cookie, as a browser would). --anonymous sends none.
// Requests look like a browser's (Chrome user agent, Accept: text/html, Accept-Encoding as given).
//
// Per side and run: req/s, p50/p99 latency (request sent to last body byte), non-2xx, errors, CPU ms
// per request of the side's whole process tree (utime+stime+cutime+cstime from /proc of the given
// PIDs and every descendant, before and after), RSS of that tree after the run (and its peak).
// Runs: a --warmup (unmeasured) then --seconds measured, rounds interleaved Hemline/peer/Hemline/peer.
// Requests still in flight at the end are waited for and counted (their time included).
//
//   node mixbench.mjs --hemline http://127.0.0.1:4020 --peer http://127.0.0.1:4011 \
//        --seconds 30 --rounds 3 --workload mix [--hemline-pid PID] [--peer-pids P1,P2]
//
// Defaults: --hemline-pid: the process listening on the Hemline URL's port; --peer-pids: the PIDs in
// $PEER_DIR/pids (setup.sh start writes it; PEER_DIR defaults to peerbench/peer under the temp folder); --peer-api
// http://127.0.0.1:4010/shop-api. Either side may be left out. --out FILE writes the Markdown there
// too, --json FILE the raw figures; --list prints the URL lists and exits.
// More: --warmup S (3), --connections N (10), --zipf S (1), --searches N (40), --seed N (1),
// --accept-encoding STR ("gzip, deflate, br", what browsers send: both sides then compress, Hemline
// with brotli, the peer with gzip; "" sends none, as the developers' autocannon bench does),
// --anonymous (no cookies).
import { signedInShopperWithCart } from "./shopper-session.mjs";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

const { values: opt } = parseArgs({
  options: {
    hemline: { type: "string" },
    "hemline-pid": { type: "string" },
    peer: { type: "string" },
    "peer-pids": { type: "string" },
    "peer-api": { type: "string", default: "http://127.0.0.1:4010/shop-api" },
    seconds: { type: "string", default: "30" },
    rounds: { type: "string", default: "3" },
    warmup: { type: "string", default: "3" },
    workload: { type: "string", default: "mix" },
    connections: { type: "string", default: "10" },
    zipf: { type: "string", default: "1" },
    searches: { type: "string", default: "40" },
    seed: { type: "string", default: "1" },
    "accept-encoding": { type: "string", default: "gzip, deflate, br" },
    anonymous: { type: "boolean", default: false },
    out: { type: "string" },
    json: { type: "string" },
    list: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});
if (opt.help || (!opt.hemline && !opt.peer)) {
  const head = fs
    .readFileSync(new URL(import.meta.url), "utf8")
    .split("\n")
    .slice(1, 48);
  console.log(
    head
      .filter((l) => l.startsWith("//"))
      .map((l) => l.slice(3))
      .join("\n"),
  );
  process.exit(opt.help ? 0 : 2);
}
const SECONDS = Number(opt.seconds);
const ROUNDS = Number(opt.rounds);
const WARMUP = Number(opt.warmup);
const WORKLOAD = opt.workload;
const CONNECTIONS = Number(opt.connections);
const ZIPF_S = Number(opt.zipf);
const N_SEARCHES = Number(opt.searches);
const SEED = Number(opt.seed);
const ENCODING = opt["accept-encoding"];
if (!["mix", "cold", "one", "shopper"].includes(WORKLOAD))
  throw new Error(`--workload ${WORKLOAD}: mix, cold, one or shopper`);
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();
const log = (...a) => console.error("[mixbench]", ...a);

// ---------------------------------------------------------------- small helpers
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function shuffle(xs, rand) {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
async function pool(items, n, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}
const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const withParam = (p, kv) => p + (p.includes("?") ? "&" : "?") + kv;

/** One GET for set-up (not measured): status, headers, text; redirects not followed. */
async function fetchPage(base, p, cookie) {
  const headers = { "user-agent": UA, accept: ACCEPT };
  if (cookie) headers.cookie = cookie;
  const res = await fetch(base + p, { redirect: "manual", headers });
  const body = await res.text();
  return {
    status: res.status,
    location: res.headers.get("location"),
    setCookie: res.headers.getSetCookie(),
    headers: res.headers,
    body,
  };
}
function jarFrom(setCookies, jar = new Map()) {
  for (const c of setCookies ?? []) {
    const pair = c.split(";")[0];
    const eq = pair.indexOf("=");
    if (eq < 1) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (!value || /;\s*max-age=0/i.test(c) || /expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}
const cookieHeader = (jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

function visibleText(html) {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
    .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[#\w]+;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
/** Share of words two texts have in common (multiset overlap / larger size). */
function similarity(a, b) {
  const count = (t) => t.split(" ").reduce((m, w) => m.set(w, (m.get(w) ?? 0) + 1), new Map());
  const ca = count(a);
  const cb = count(b);
  let common = 0;
  for (const [w, n] of ca) common += Math.min(n, cb.get(w) ?? 0);
  return common / Math.max(a.split(" ").length, b.split(" ").length);
}

// ---------------------------------------------------------------- search terms
const STOP = new Set(
  "the and for with from your this that set pack our new men women mens womens kids unisex size one two inch".split(
    " ",
  ),
);
const KEYS = Object.fromEntries(
  "q:wa w:qes e:wrd r:etf t:ryg y:tuh u:yij i:uok o:ipl p:ol a:qsz s:awdz d:sefx f:drgc g:fthv h:gyjb j:hukn k:jilm l:kop z:asx x:zsdc c:xdfv v:cfgb b:vghn n:bhjm m:njk"
    .split(" ")
    .map((kv) => kv.split(":")),
);
/** `n` distinct queries from product names: ~70 % single words, ~15 % two-word phrases, ~15 % typos. */
function searchTerms(names, n, rand) {
  const words = new Set();
  const pairs = new Set();
  for (const name of names) {
    const ws = name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 3 && !STOP.has(w) && !/^[ivx]+$/.test(w));
    ws.forEach((w) => w.length >= 4 && words.add(w));
    for (let i = 0; i + 1 < ws.length; i++) pairs.add(`${ws[i]} ${ws[i + 1]}`);
  }
  const nTypo = Math.round(n * 0.15);
  const nPair = Math.round(n * 0.15);
  const single = shuffle([...words], rand);
  const out = [];
  const seen = new Set();
  const add = (q, kind) => {
    if (!seen.has(q) && out.length < n) {
      seen.add(q);
      out.push({ q, kind });
    }
  };
  for (const w of single.slice(0, n - nTypo - nPair)) add(w, "word");
  for (const p of shuffle([...pairs], rand).slice(0, nPair)) add(p, "phrase");
  // typos as people make them, in turn: a letter dropped, a neighbouring key hit, a letter doubled,
  // two letters swapped (never the first letter)
  let kind = 0;
  for (const w of shuffle(
    single.filter((x) => x.length >= 5),
    rand,
  )) {
    if (out.filter((x) => x.kind === "typo").length >= nTypo) break;
    const i = 1 + Math.floor(rand() * (w.length - 2));
    const near = KEYS[w[i]] ?? "e";
    const t = [
      () => w.slice(0, i) + w.slice(i + 1),
      () => w.slice(0, i) + near[Math.floor(rand() * near.length)] + w.slice(i + 1),
      () => w.slice(0, i + 1) + w.slice(i),
      () => (i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w),
    ][kind % 4]();
    if (t !== w && !words.has(t)) {
      add(t, "typo");
      kind++;
    }
  }
  for (const w of single) add(w, "word"); // top up when the catalogue is small
  return out;
}

// ---------------------------------------------------------------- sides
/** Hemline: the sitemap gives products and listings; names for searches come from product pages. */
async function hemlineList(base, rand) {
  const sm = await fetchPage(base, "/sitemap.xml");
  if (sm.status !== 200) throw new Error(`Hemline /sitemap.xml: HTTP ${sm.status}`);
  const paths = [...sm.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const u = new URL(m[1].replace(/&#38;/g, "&").replace(/&amp;/g, "&"));
    return u.pathname + u.search;
  });
  const products = paths.filter((p) => /^\/products\/[^/?]+$/.test(p));
  const listings = paths.filter((p) => p === "/products" || /^\/products\?category=[^&]+$/.test(p));
  const names = [];
  const productEntries = (
    await pool(products, 4, async (p) => {
      const r = await fetchPage(base, p);
      if (r.status !== 200) return null;
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(r.body);
      if (h1) names.push(visibleText(h1[1]));
      return { path: p, type: "product" };
    })
  ).filter(Boolean);
  const listingEntries = [];
  for (const p of listings) {
    const r = await fetchPage(base, p);
    if (r.status !== 200) continue;
    const m = />\s*([\d,]+) products?\s*</.exec(r.body);
    const total = m ? Number(m[1].replace(/,/g, "")) : 0;
    const pages = Math.max(1, Math.min(3, Math.ceil(total / 24)));
    for (let n = 1; n <= pages; n++)
      listingEntries.push({ path: n === 1 ? p : withParam(p, `page=${n}`), type: "listing", total });
  }
  const terms = searchTerms(names, N_SEARCHES, rand);
  const searchEntries = await pool(terms, 4, async ({ q, kind }) => {
    let p = `/products?search=${encodeURIComponent(q)}`;
    let r = await fetchPage(base, p);
    if (r.status >= 300 && r.status < 400 && r.location) {
      const u = new URL(r.location, base);
      p = u.pathname + u.search;
      r = await fetchPage(base, p);
    }
    const m = />\s*([\d,]+) products?\s*</.exec(r.body);
    return { path: p, type: "search", q, kind, hits: m ? Number(m[1].replace(/,/g, "")) : null, status: r.status };
  });
  return { home: { path: "/", type: "home" }, product: productEntries, listing: listingEntries, search: searchEntries };
}

async function gql(api, query, variables = {}) {
  const res = await fetch(api, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const json = await res.json();
  if (json.errors) throw new Error(`shop-api: ${JSON.stringify(json.errors).slice(0, 300)}`);
  return json.data;
}
/** The peer: products and collections from Vendure's shop API; pages of 25 as the storefront lists them. */
async function peerList(base, api, rand) {
  const items = [];
  for (let skip = 0; ; skip += 100) {
    const d = await gql(api, "query($skip:Int){products(options:{take:100,skip:$skip}){totalItems items{slug name}}}", {
      skip,
    });
    items.push(...d.products.items);
    if (items.length >= d.products.totalItems || d.products.items.length === 0) break;
  }
  const { collections } = await gql(api, "{collections(options:{take:100}){items{slug name}}}");
  const total = async (input) =>
    (
      await gql(api, "query($input:SearchInput!){search(input:$input){totalItems}}", {
        input: { groupByProduct: true, take: 1, ...input },
      })
    ).search.totalItems;
  const listingEntries = [];
  for (const c of collections.items) {
    const t = await total({ collectionSlug: c.slug });
    const pages = Math.max(1, Math.min(3, Math.ceil(t / 25)));
    for (let n = 1; n <= pages; n++) {
      const p = `/collections/${c.slug}`;
      listingEntries.push({ path: n === 1 ? p : `${p}?page=${n}`, type: "listing", total: t });
    }
  }
  const terms = searchTerms(
    items.map((i) => i.name),
    N_SEARCHES,
    rand,
  );
  const searchEntries = [];
  for (const { q, kind } of terms)
    searchEntries.push({
      path: `/search?q=${encodeURIComponent(q)}`,
      type: "search",
      q,
      kind,
      hits: await total({ term: q }),
    });
  return {
    home: { path: "/", type: "home" },
    product: items.map((i) => ({ path: `/products/${i.slug}`, type: "product" })),
    listing: listingEntries,
    search: searchEntries,
  };
}

/** Home first, then the types interleaved in proportion (same type at the same rank on both sides). */
function rank(groups, rand) {
  const gs = ["product", "listing", "search"]
    .map((t) => ({ list: shuffle(groups[t], rand), taken: 0 }))
    .filter((g) => g.list.length);
  const ranked = [groups.home];
  for (;;) {
    let best = null;
    for (const g of gs)
      if (g.taken < g.list.length && (!best || (g.taken + 0.5) / g.list.length < (best.taken + 0.5) / best.list.length))
        best = g;
    if (!best) return ranked;
    ranked.push(best.list[best.taken++]);
  }
}
function zipfSampler(n, s) {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 1; k <= n; k++) cdf[k - 1] = sum += 1 / k ** s;
  return (rand) => {
    const u = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const HEMLINE_ONE = [
  ["home", "/"],
  ["listing", "/products"],
  ["category", "/products?category=shoes"],
  ["product page", "/products/p0001"],
  ["search", "/products?search=jeans"],
];
const PEER_ONE = [
  ["home", "/"],
  ["listing", "/collections/electronics"],
  ["category", "/collections/footwear"],
  ["product page", "/products/laptop"],
  ["search", "/search?q=camera"],
];

// ---------------------------------------------------------------- /proc
function procTable() {
  const t = new Map();
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const s = fs.readFileSync(`/proc/${e}/stat`, "utf8");
      const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
      // after the name: state 0, ppid 1, … utime 11, stime 12, cutime 13, cstime 14
      t.set(Number(e), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) });
    } catch {
      /* gone */
    }
  }
  return t;
}
/** The roots and every descendant that is alive now. */
function treeOf(roots, table = procTable()) {
  const out = new Set(roots.filter((p) => table.has(p)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, { ppid }] of table)
      if (!out.has(pid) && out.has(ppid)) {
        out.add(pid);
        grew = true;
      }
  }
  return [...out];
}
/** CPU ms of the tree; a child that ended meanwhile is in its parent's cutime/cstime. */
function treeCpuMs(roots) {
  const table = procTable();
  return (treeOf(roots, table).reduce((n, p) => n + table.get(p).ticks, 0) * 1000) / TICKS;
}
function treeMem(roots) {
  let rss = 0;
  let hwm = 0;
  for (const p of treeOf(roots)) {
    try {
      const st = fs.readFileSync(`/proc/${p}/status`, "utf8");
      rss += Number(/VmRSS:\s+(\d+)/.exec(st)?.[1] ?? 0) * 1024;
      hwm += Number(/VmHWM:\s+(\d+)/.exec(st)?.[1] ?? 0) * 1024;
    } catch {
      /* gone */
    }
  }
  return { rss, hwm };
}
function machineBusyTicks() {
  const f = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return total - f[3] - f[4]; // less idle and iowait
}
/** PIDs holding a listening TCP socket on `port`. */
function pidsListeningOn(port) {
  const inodes = new Set();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[3] === "0A" && parseInt(f[1].split(":").pop(), 16) === port) inodes.add(`socket:[${f[9]}]`);
    }
  }
  const pids = [];
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      if (fs.readdirSync(`/proc/${e}/fd`).some((fd) => inodes.has(safeReadlink(`/proc/${e}/fd/${fd}`))))
        pids.push(Number(e));
    } catch {
      /* not ours to read, or gone */
    }
  }
  return pids;
}
function safeReadlink(p) {
  try {
    return fs.readlinkSync(p);
  } catch {
    return "";
  }
}
const comm = (pid) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ").slice(0, 90);
  } catch {
    return "?";
  }
};

// ---------------------------------------------------------------- load
function get(agent, u, p, jar) {
  return new Promise((resolve, reject) => {
    const headers = { "user-agent": UA, accept: ACCEPT };
    if (ENCODING) headers["accept-encoding"] = ENCODING;
    if (jar?.map.size) headers.cookie = jar.header;
    const req = http.request({ agent, hostname: u.hostname, port: u.port, path: p, method: "GET", headers }, (res) => {
      let bytes = 0;
      res.on("data", (c) => (bytes += c.length));
      res.on("end", () => {
        const sc = res.headers["set-cookie"];
        if (jar && sc) {
          jarFrom(sc, jar.map);
          jar.header = cookieHeader(jar.map);
        }
        resolve({ status: res.statusCode, bytes });
      });
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end();
  });
}

/** Drives `next()` (→ {path, type}) on CONNECTIONS keep-alive connections for `seconds`. */
async function drive(side, next, seconds, measured) {
  const u = new URL(side.base);
  const lat = [];
  const byType = new Map();
  const statuses = new Map();
  const bad = [];
  let errors = 0;
  let bytes = 0;
  const errorKinds = new Map();
  const cpu0 = measured ? treeCpuMs(side.pids) : 0;
  const busy0 = machineBusyTicks();
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const jar = side.visitors[i % side.visitors.length] ?? null;
      while (performance.now() < deadline) {
        const { path: p, type } = next();
        const s = performance.now();
        try {
          const r = await get(agent, u, p, jar);
          const ms = performance.now() - s;
          lat.push(ms);
          if (!byType.has(type)) byType.set(type, []);
          byType.get(type).push(ms);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          bytes += r.bytes;
          if ((r.status < 200 || r.status > 299) && bad.length < 5) bad.push(`${r.status} ${p}`);
        } catch (e) {
          errors++;
          errorKinds.set(e.code ?? e.message, (errorKinds.get(e.code ?? e.message) ?? 0) + 1);
        }
      }
      agent.destroy();
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpuMs = measured ? treeCpuMs(side.pids) - cpu0 : 0;
  const self = process.cpuUsage(self0);
  const busyMs = ((machineBusyTicks() - busy0) * 1000) / TICKS;
  const selfMs = (self.user + self.system) / 1000;
  return {
    requests: lat.length,
    seconds: elapsed,
    lat,
    byType,
    statuses,
    bad,
    errors,
    errorKinds,
    bytes,
    cpuMs,
    selfMs,
    othersMs: busyMs - cpuMs - selfMs,
    ...treeMem(side.pids),
  };
}

// ---------------------------------------------------------------- set-up per side
async function prepare(side) {
  const rand = mulberry32(SEED);
  if (!side.pids.length) throw new Error(`${side.name}: no PIDs to measure`);
  const tree = treeOf(side.pids);
  log(`${side.name}: measuring PIDs ${tree.map((p) => `${p} (${comm(p)})`).join(", ")}`);
  // visitors: the cookies a first visit to / sets, one visitor per connection
  side.visitors = [];
  side.cookieNames = new Set();
  if (!opt.anonymous)
    for (let i = 0; i < CONNECTIONS; i++) {
      const r = await fetchPage(side.base, "/");
      const map = jarFrom(r.setCookie);
      for (const k of map.keys()) side.cookieNames.add(k);
      side.visitors.push({ map, header: cookieHeader(map) });
    }
  const first = await fetchPage(side.base, "/", side.visitors[0]?.header);
  side.cacheHeaders = [...first.headers.keys()]
    .filter((h) => /cache|age|etag|x-/i.test(h))
    .map((h) => `${h}: ${first.headers.get(h)}`);
  side.resetsCookie = first.setCookie.length > 0;
  if (WORKLOAD === "one") {
    side.routes = side.one.map(([label, p]) => ({ label, path: p }));
    for (const r of side.routes) {
      const x = await fetchPage(side.base, r.path, side.visitors[0]?.header);
      if (x.status !== 200) throw new Error(`${side.name} ${r.path}: HTTP ${x.status}`);
    }
    return;
  }
  const groups = await side.buildList(rand);
  side.groups = groups;
  if (WORKLOAD === "shopper") {
    if (side.name !== "Hemline") throw new Error("--workload shopper: Hemline only (leave --peer out)");
    const productId = groups.product[0].path.split("/").pop();
    const stamp = Date.now().toString(36);
    side.visitors = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const jar = await signedInShopperWithCart(
        side.base,
        `shopper-${stamp}-${i}@bench.example.com`,
        productId,
        `10.27.0.${i + 1}`,
      );
      side.visitors.push({ map: jar.cookies, header: jar.header() });
    }
    side.cookieNames = new Set(side.visitors[0].map.keys());
    log(`${side.name}: ${CONNECTIONS} signed-in shoppers with one item in the cart`);
  }
  side.ranked = rank(groups, rand);
  // every URL answers 200? (also warms both sides alike)
  const checked = await pool(side.ranked, 4, async (e) => ({
    e,
    status: (await fetchPage(side.base, e.path, side.visitors[0]?.header)).status,
  }));
  const failing = checked.filter((c) => c.status !== 200);
  if (failing.length)
    log(
      `${side.name}: ${failing.length} URLs of the list do not answer 200: ${failing
        .slice(0, 5)
        .map((c) => `${c.status} ${c.e.path}`)
        .join(", ")}`,
    );
  side.listFailures = failing.length;
  if (WORKLOAD === "cold") {
    // Does the side render the same page with a harmless unknown parameter?
    side.coldParam = true;
    side.coldCheck = [];
    for (const type of ["home", "product", "listing", "search"]) {
      const e = type === "home" ? groups.home : groups[type][0];
      if (!e) continue;
      const c = side.visitors[0]?.header;
      const a = await fetchPage(side.base, e.path, c);
      const b = await fetchPage(side.base, e.path, c);
      const v = await fetchPage(side.base, withParam(e.path, "_v=check1"), c);
      const ta = visibleText(a.body);
      const simBase = similarity(ta, visibleText(b.body));
      const simParam = similarity(ta, visibleText(v.body));
      const ok = v.status === a.status && simParam >= 0.95 && simParam >= simBase - 0.005;
      side.coldCheck.push(
        `${type} ${e.path}: ${v.status}, same text ${(simParam * 100).toFixed(1)} % (page vs itself ${(simBase * 100).toFixed(1)} %)${ok ? "" : " — NOT the same"}`,
      );
      if (!ok) side.coldParam = false;
    }
    log(`${side.name}: unique-parameter check: ${side.coldCheck.join("; ")}`);
  }
}

function makeNext(side, round, warm) {
  if (WORKLOAD === "one") throw new Error("unreachable");
  const sample = zipfSampler(side.ranked.length, ZIPF_S);
  // the same seed per round on both sides: the same sequence of ranks
  const rand = mulberry32(SEED * 1000 + round * 2 + (warm ? 1 : 0));
  if (WORKLOAD === "mix" || WORKLOAD === "shopper") return () => side.ranked[sample(rand)];
  if (side.coldParam) {
    const tag = `${Date.now().toString(36)}${round}${warm ? "w" : ""}`;
    let n = 0;
    return () => {
      const e = side.ranked[sample(rand)];
      return { path: withParam(e.path, `_v=${tag}.${n++}`), type: e.type };
    };
  }
  let i = 0;
  return () => side.ranked[i++ % side.ranked.length];
}

// ---------------------------------------------------------------- main
const sides = [];
if (opt.hemline) {
  const base = opt.hemline.replace(/\/$/, "");
  const port = Number(new URL(base).port || 80);
  let pids = opt["hemline-pid"] ? opt["hemline-pid"].split(/[ ,]+/).map(Number) : pidsListeningOn(port);
  if (!opt["hemline-pid"]) {
    // keep the outermost of the listeners (a cluster primary), descendants are added anyway
    const t = procTable();
    pids = pids.filter((p) => !pids.includes(t.get(p)?.ppid));
  }
  sides.push({ name: "Hemline", base, pids, one: HEMLINE_ONE, buildList: (rand) => hemlineList(base, rand) });
}
if (opt.peer) {
  const base = opt.peer.replace(/\/$/, "");
  let pids;
  if (opt["peer-pids"]) pids = opt["peer-pids"].split(/[ ,]+/).map(Number);
  else {
    const file = path.join(process.env.PEER_DIR ?? path.join(os.tmpdir(), "peerbench", "peer"), "pids");
    if (!fs.existsSync(file)) throw new Error(`${file} not found: pass --peer-pids or start the peer (setup.sh start)`);
    pids = [...fs.readFileSync(file, "utf8").matchAll(/=(\d+)/g)].map((m) => Number(m[1]));
  }
  const api = opt["peer-api"];
  sides.push({ name: "peer", base, pids, one: PEER_ONE, buildList: (rand) => peerList(base, api, rand) });
}

const loadAtStart = os.loadavg();
for (const side of sides) await prepare(side);
if (opt.list) {
  for (const s of sides) {
    console.log(`# ${s.name} (${s.ranked?.length ?? s.routes.length} URLs)`);
    for (const [i, e] of (s.ranked ?? s.routes).entries())
      console.log(`${i + 1}\t${e.type ?? e.label}\t${e.path}${e.hits != null ? `\t${e.hits} hits (${e.kind})` : ""}`);
  }
  process.exit(0);
}

/** key → samples */
const samples = new Map();
const push = (key, s) => samples.set(key, [...(samples.get(key) ?? []), s]);
const units = WORKLOAD === "one" ? HEMLINE_ONE.map(([label], i) => ({ label, i })) : [{ label: WORKLOAD, i: -1 }];
for (let round = 1; round <= ROUNDS; round++) {
  for (const unit of units) {
    for (const side of sides) {
      let next;
      let warmNext;
      if (WORKLOAD === "one") {
        const e = { path: side.routes[unit.i].path, type: unit.label };
        next = warmNext = () => e;
      } else {
        next = makeNext(side, round, false);
        warmNext = makeNext(side, round, true);
      }
      if (WARMUP > 0) await drive(side, warmNext, WARMUP, false);
      const s = await drive(side, next, SECONDS, true);
      push(`${unit.label}|${side.name}`, s);
      const sorted = Float64Array.from(s.lat).sort();
      const non2xx = [...s.statuses].reduce((n, [st, c]) => n + (st >= 200 && st < 300 ? 0 : c), 0);
      log(
        `round ${round} ${unit.label} ${side.name}: ${(s.requests / s.seconds).toFixed(0)} req/s, ` +
          `p50 ${pct(sorted, 50).toFixed(1)} p99 ${pct(sorted, 99).toFixed(1)} ms, ${(s.cpuMs / s.requests).toFixed(2)} CPU ms/req, ` +
          `non-2xx ${non2xx}, errors ${s.errors}, RSS ${(s.rss / 2 ** 20).toFixed(0)} MB, others' CPU ${(s.othersMs / 1000 / s.seconds).toFixed(2)} cores`,
      );
    }
  }
}

// ---------------------------------------------------------------- report
function combine(list) {
  const requests = list.reduce((n, s) => n + s.requests, 0);
  const seconds = list.reduce((n, s) => n + s.seconds, 0);
  const lat = Float64Array.from(list.flatMap((s) => s.lat)).sort();
  const statuses = new Map();
  for (const s of list) for (const [k, v] of s.statuses) statuses.set(k, (statuses.get(k) ?? 0) + v);
  const byType = new Map();
  for (const s of list) for (const [k, v] of s.byType) byType.set(k, [...(byType.get(k) ?? []), ...v]);
  const errorKinds = new Map();
  for (const s of list) for (const [k, v] of s.errorKinds) errorKinds.set(k, (errorKinds.get(k) ?? 0) + v);
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: pct(lat, 50),
    p99: pct(lat, 99),
    non2xx: [...statuses].reduce((n, [st, c]) => n + (st >= 200 && st < 300 ? 0 : c), 0),
    statuses,
    errors: list.reduce((n, s) => n + s.errors, 0),
    errorKinds,
    cpuPerReq: list.reduce((n, s) => n + s.cpuMs, 0) / requests,
    selfPerReq: list.reduce((n, s) => n + s.selfMs, 0) / requests,
    othersCores: Math.max(0, list.reduce((n, s) => n + s.othersMs, 0) / 1000 / seconds),
    kbPerReq: list.reduce((n, s) => n + s.bytes, 0) / requests / 1024,
    rss: list[list.length - 1].rss,
    hwm: Math.max(...list.map((s) => s.hwm)),
    bad: list.flatMap((s) => s.bad).slice(0, 5),
    byType,
  };
}
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : "—");
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : "—");
const mb = (b) => (b / 2 ** 20).toFixed(0);
const lines = [];
const now = new Date().toISOString().replace("T", " ").slice(0, 16);
lines.push(`# mixbench ${now} UTC: workload \`${WORKLOAD}\``, "");
lines.push(
  `${ROUNDS} round(s) of ${SECONDS} s per side${WORKLOAD === "one" ? " and route" : ""} after ${WARMUP} s unmeasured warm-up, ` +
    `sides interleaved (${sides.map((s) => s.name).join(" / ")} / …), ${CONNECTIONS} keep-alive connections, ` +
    `${opt.anonymous ? "no cookies (anonymous)" : `${CONNECTIONS} browsing visitors (cookies of a first visit to /, kept up to date)`}, ` +
    `Accept-Encoding \`${ENCODING || "(none)"}\`; ${os.cpus().length} cores, Node ${process.version}, load average at the start ${loadAtStart.map((x) => x.toFixed(2)).join(" ")}, at the end ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}.`,
  "",
);
if (WORKLOAD === "mix")
  lines.push(
    `Each request drawn from the side's URL list with Zipf popularity s = ${ZIPF_S} (home rank 1, then product, listing and search pages interleaved in proportion; seed ${SEED}).`,
    "",
  );
if (WORKLOAD === "cold")
  lines.push(
    `Each request drawn as in \`mix\`, made unique with \`_v=<n>\` where the side renders the same page with it; otherwise the side cycles through its list.`,
    "",
  );
lines.push(
  "| workload | side | URLs | requests | req/s | p50 ms | p99 ms | non-2xx | errors | CPU ms/req | RSS MB after | peak RSS MB | KB/req |",
  "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
);
const results = {};
for (const unit of units) {
  for (const side of sides) {
    const c = combine(samples.get(`${unit.label}|${side.name}`));
    results[`${unit.label}|${side.name}`] = c;
    const nUrls = WORKLOAD === "one" ? 1 : side.ranked.length;
    lines.push(
      `| ${unit.label} | ${side.name} | ${nUrls} | ${c.requests} | ${c.rps.toFixed(0)} | ${f1(c.p50)} | ${f1(c.p99)} | ${c.non2xx} | ${c.errors} | ${f2(c.cpuPerReq)} | ${mb(c.rss)} | ${mb(c.hwm)} | ${f1(c.kbPerReq)} |`,
    );
  }
}
if (sides.length === 2) {
  lines.push("", "| workload | Hemline/peer req/s | peer/Hemline CPU ms per request |", "|---|---:|---:|");
  for (const unit of units) {
    const h = results[`${unit.label}|Hemline`];
    const p = results[`${unit.label}|peer`];
    lines.push(`| ${unit.label} | ${(h.rps / p.rps).toFixed(1)}× | ${(p.cpuPerReq / h.cpuPerReq).toFixed(1)}× |`);
  }
}
if (WORKLOAD !== "one") {
  lines.push(
    "",
    "By page type (latency over all rounds):",
    "",
    "| side | type | share of requests | p50 ms | p99 ms |",
    "|---|---|---:|---:|---:|",
  );
  for (const side of sides) {
    const c = results[`${WORKLOAD}|${side.name}`];
    for (const type of ["home", "product", "listing", "search"]) {
      const l = Float64Array.from(c.byType.get(type) ?? []).sort();
      if (!l.length) continue;
      lines.push(
        `| ${side.name} | ${type} | ${((100 * l.length) / c.requests).toFixed(1)} % | ${f1(pct(l, 50))} | ${f1(pct(l, 99))} |`,
      );
    }
  }
}
lines.push("", "Notes:", "");
for (const side of sides) {
  const c = combine(units.flatMap((u) => samples.get(`${u.label}|${side.name}`))); // every run of this side
  const bits = [`PIDs measured (with descendants): ${side.pids.join(", ")}`];
  if (side.groups) {
    const g = side.groups;
    const zero = g.search.filter((s) => s.hits === 0).length;
    bits.push(
      `list: 1 home, ${g.product.length} product pages, ${g.listing.length} listing pages, ${g.search.length} searches ` +
        `(${g.search.filter((s) => s.kind === "typo").length} with a typo; ${zero} find nothing)` +
        (side.listFailures ? `; ${side.listFailures} URLs did not answer 200 while the list was checked` : ""),
    );
  }
  if (side.coldCheck)
    bits.push(
      `cold: ${side.coldParam ? "unique `_v` parameter" : "cycling the list (the side does not ignore `_v`)"}: ${side.coldCheck.join("; ")}`,
    );
  bits.push(
    `cookies of a first visit: ${[...(side.cookieNames ?? [])].join(", ") || "none"}${side.resetsCookie ? " (Set-Cookie again on the next visit)" : ""}`,
  );
  bits.push(`response headers of interest: ${side.cacheHeaders.join("; ") || "none"}`);
  const st = [...c.statuses].map(([k, v]) => `${k}×${v}`).join(", ");
  bits.push(
    `statuses: ${st}${c.bad.length ? ` (e.g. ${c.bad.join(", ")})` : ""}${c.errors ? `; errors: ${[...c.errorKinds].map(([k, v]) => `${k}×${v}`).join(", ")}` : ""}`,
  );
  bits.push(
    `the load generator used ${f2(c.selfPerReq)} CPU ms/req; other processes on the machine used ${f2(c.othersCores)} cores meanwhile`,
  );
  lines.push(`- **${side.name}** (${side.base}): ${bits.join("; ")}.`);
}
lines.push("");
const md = lines.join("\n");
console.log(md);
if (opt.out) fs.writeFileSync(opt.out, md);
if (opt.json) {
  const plain = Object.fromEntries(
    Object.entries(results).map(([k, c]) => [
      k,
      {
        ...c,
        statuses: Object.fromEntries(c.statuses),
        errorKinds: Object.fromEntries(c.errorKinds),
        byType: undefined,
      },
    ]),
  );
  fs.writeFileSync(
    opt.json,
    JSON.stringify(
      { workload: WORKLOAD, seconds: SECONDS, rounds: ROUNDS, connections: CONNECTIONS, results: plain },
      null,
      2,
    ),
  );
}
