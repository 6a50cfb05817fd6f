// The JavaScript a browser loads before a storefront page can be used, gzipped (level 9), from the
// production build's manifest: the entry, the root and the page's route, each with the chunks they
// import, which is what Remix lists as the page's modulepreloads. Sections loaded after the page
// (below the fold, the lightbox) are counted apart. Issue 27's budget: ≤ 100 KB for a product page.
//
//   npx tsx bench/page-js.ts [--no-build]   (writes bench/results/<date>-page-js.md)
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ensureBuild } from "./server";

const PAGES: Array<[label: string, route: string]> = [
  ["home", "routes/_index"],
  ["listing", "routes/products._index"],
  ["product", "routes/products.$id"],
  ["cart", "routes/cart"],
];
const BUDGET_KB = 100;

interface ManifestRoute {
  module: string;
  imports?: string[];
}

function readManifest(dir: string): {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
} {
  const file = fs.readdirSync(dir).find((name) => /^manifest-[A-Z0-9]+\.js$/.test(name));
  if (!file) throw new Error(`no manifest in ${dir}: build first`);
  const source = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1));
}

const gzipped = (url: string): number => zlib.gzipSync(fs.readFileSync(path.join("public", url)), { level: 9 }).length;

/** Chunks a page's modules import with import(): fetched after it, when a section needs them. */
function laterChunks(urls: Set<string>): Set<string> {
  const later = new Set<string>();
  for (const url of urls) {
    const source = fs.readFileSync(path.join("public", url), "utf8");
    for (const match of source.matchAll(/import\("(\/build\/[^"]+\.js)"\)/g))
      if (!urls.has(match[1])) later.add(match[1]);
  }
  return later;
}

if (!process.argv.includes("--no-build")) ensureBuild();
const manifest = readManifest("public/build");
const rows: string[] = [];
for (const [label, route] of PAGES) {
  const routeEntry = manifest.routes[route];
  if (!routeEntry) throw new Error(`no route ${route} in the manifest`);
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const r of [manifest.routes.root, routeEntry]) [r.module, ...(r.imports ?? [])].forEach((u) => urls.add(u));
  const bytes = [...urls].reduce((sum, url) => sum + gzipped(url), 0);
  const later = laterChunks(urls);
  const laterBytes = [...later].reduce((sum, url) => sum + gzipped(url), 0);
  rows.push(
    `| ${label} | ${urls.size} | ${(bytes / 1024).toFixed(1)} | ${later.size} | ${(laterBytes / 1024).toFixed(1)} |`,
  );
}
const table = [
  "| page | files before use | KB gzipped before use | chunks loaded later | KB gzipped later |",
  "|---|---:|---:|---:|---:|",
  ...rows,
].join("\n");
console.log(table);
const out = path.join("bench", "results", `${new Date().toISOString().slice(0, 10)}-page-js.md`);
const heading = "# Storefront pages' JavaScript (bench/page-js.ts)";
const when = `Measured ${new Date().toISOString()} on the production build.`;
const budget = `Budget for the product page: ≤ ${BUDGET_KB} KB gzipped before use.`;
fs.writeFileSync(out, `${heading}\n\n${when} ${budget}\n\n${table}\n`);
console.log(`written to ${out}`);
