// npm run bench:lighthouse [-- --label before|after] [--no-build]: Lighthouse's mobile preset
// (its default: a phone, simulated throttling) three times on each storefront page of the
// production build — home, a listing, a product page and the cart holding one item — and the
// median of each figure. The label's section of bench/results/<date>-lighthouse.md is replaced;
// the other label's section stays, so "before" and "after" sit side by side. Each run's JSON
// report is kept in bench/results/lighthouse-reports/ (ignored by git) to read the audits.
// A benchmark: nothing is asserted. Needs Chromium (CHROME_PATH, default /usr/bin/chromium).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Jar } from "./shopper-session.mjs";
import { ensureBuild, startServer } from "./server";

const PORT = process.env.PORT ?? "4100";
const BASE = `http://127.0.0.1:${PORT}`;
const option = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
// --runs and --pages (home,listing,…) are for a quick look while working; the record is 3 runs of each.
const RUNS = Number(option("--runs") ?? 3);
const ONLY = option("--pages")?.split(",");
const LABEL = option("--label") ?? "after";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const REPORTS = path.join("bench", "results", "lighthouse-reports");

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** A cart with one item: the product page's own add-to-cart form, posted as a browser without JavaScript would. */
async function cartCookie(productPath: string): Promise<string> {
  const jar = new Jar();
  const page = await fetch(BASE + productPath);
  jar.take(page);
  const html = await page.text();
  const field = (re: RegExp) => re.exec(html)?.[1] ?? "";
  const form = {
    csrf: field(/name="csrf"[^>]*value="([^"]*)"/),
    intent: "add",
    productId: field(/name="productId"[^>]*value="([^"]*)"/) || productPath.split("/").pop()!,
    colour: field(/name="colour"[^>]*value="([^"]+)"/),
    size: field(/name="size"(?![^>]*disabled)[^>]*value="([^"]+)"/),
    quantity: "1",
  };
  const added = await fetch(BASE + productPath, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(form),
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
  });
  if (added.status !== 303) throw new Error(`add to cart: ${added.status}`);
  jar.take(added);
  return jar.header();
}

function lighthouse(url: string, out: string, headers?: Record<string, string>): Figures {
  const args = [
    "lighthouse",
    url,
    "--quiet",
    "--only-categories=performance",
    "--output=json",
    `--output-path=${out}`,
    "--chrome-flags=--headless=new --no-sandbox",
    ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
  ];
  const run = spawnSync("npx", args, { stdio: "inherit", env: { ...process.env, CHROME_PATH } });
  if (run.status !== 0) throw new Error(`lighthouse ${url}: exit ${run.status}`);
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  const value = (id: string) => report.audits[id].numericValue as number;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: value("first-contentful-paint"),
    lcp: value("largest-contentful-paint"),
    tbt: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function section(rows: Array<[string, string, Figures[]]>, load: string): string {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"]).stdout.toString().trim();
  const lines = [
    `## ${LABEL}`,
    "",
    `Measured ${new Date().toISOString()}, commit ${commit}, load average ${load} at the start.` +
      ` Median of ${RUNS} runs; each run's score in brackets.`,
    "",
    "| page | path | score | FCP s | LCP s | TBT ms | CLS |",
    "|---|---|---:|---:|---:|---:|---:|",
  ];
  for (const [page, url, runs] of rows) {
    const m = (key: keyof Figures) => median(runs.map((r) => r[key]));
    const score = `${m("score")} (${runs.map((r) => r.score).join(", ")})`;
    const seconds = (key: keyof Figures) => (m(key) / 1000).toFixed(2);
    lines.push(
      `| ${page} | ${url} | ${score} | ${seconds("fcp")} | ${seconds("lcp")} | ${Math.round(m("tbt"))} | ${m("cls").toFixed(3)} |`,
    );
  }
  return lines.join("\n") + "\n";
}

function writeResults(body: string): string {
  const out = path.join("bench", "results", `${new Date().toISOString().slice(0, 10)}-lighthouse.md`);
  const heading = [
    "# Lighthouse, mobile preset (bench/lighthouse.ts)",
    "",
    "Lighthouse's default settings: a phone, simulated throttling (slow 4G, 4× CPU slowdown), this",
    "machine's Chromium headless, against the production build and the seeded catalogue.",
    "",
  ].join("\n");
  const old = fs.existsSync(out) ? fs.readFileSync(out, "utf8") : heading;
  const sections = new Map<string, string>();
  for (const part of old.split(/^(?=## )/m).slice(1)) sections.set(part.split("\n")[0].slice(3).trim(), part);
  sections.set(LABEL, body);
  const order = ["before", "after", ...[...sections.keys()].filter((k) => k !== "before" && k !== "after")];
  const parts = order.filter((k) => sections.has(k)).map((k) => sections.get(k)!.trimEnd() + "\n");
  fs.writeFileSync(out, [heading, ...parts].join("\n"));
  return out;
}

if (!process.argv.includes("--no-build")) ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-lighthouse-"));
const load = os.loadavg()[0].toFixed(2);
const { server } = await startServer({ PORT, DATA_DIR: dataDir });
try {
  const listing = await (await fetch(`${BASE}/products`)).text();
  const productPath = /href="(\/products\/[^"/?#]+)"/.exec(listing)?.[1];
  if (!productPath) throw new Error("no product link on /products");
  const pages: Array<[string, string, Record<string, string>?]> = [
    ["home", "/"],
    ["listing", "/products"],
    ["product", productPath],
    ["cart", "/cart", { cookie: await cartCookie(productPath) }],
  ];
  fs.mkdirSync(REPORTS, { recursive: true });
  const rows: Array<[string, string, Figures[]]> = [];
  for (const [page, url, headers] of pages.filter(([page]) => !ONLY || ONLY.includes(page))) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(lighthouse(BASE + url, path.join(REPORTS, `${LABEL}-${page}-${i + 1}.json`), headers));
      console.log(page, i + 1, runs[i]);
    }
    rows.push([page, url, runs]);
  }
  const body = section(rows, load);
  console.log(body);
  console.log(`written to ${writeResults(body)}`);
} finally {
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
