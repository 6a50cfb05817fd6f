// npm start: build when the build is missing or stale, then serve it (scripts/serve.mjs), which
// migrates, seeds an empty store and builds the catalogue index before it listens. Everything a
// fresh clone needs after `npm install`, on `node` alone: one process serves, no TypeScript runner.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { logLine } from "./log-line.mjs";
import { SERVER_NODE_FLAGS } from "./node-flags.mjs";
import { ensurePortFree } from "./port-check.mjs";
import { serveBuild } from "./serve.mjs";

const BUILD_ENTRY = "build/index.js";
const SOURCES = ["app", "public", "remix.config.js", "tailwind.config.ts", "postcss.config.js", "package-lock.json"];
// public/build is the build's own output, public/build-dev that of `npm run dev`.
const OUTPUTS = [path.join("public", "build"), path.join("public", "build-dev")];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (OUTPUTS.includes(path.join(entry, child))) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function buildIfStale() {
  // A production install (the container image: npm ci --omit=dev) has no compiler: it serves the
  // build it was given, whatever the files' times say.
  if (!fs.existsSync(path.join("node_modules", "@remix-run", "dev"))) {
    if (fs.existsSync(BUILD_ENTRY)) return;
    console.error(
      `No ${BUILD_ENTRY}, and an install without dev dependencies cannot build: run \`npm run build\` first.`,
    );
    process.exit(1);
  }
  const built = fs.existsSync(BUILD_ENTRY) ? fs.statSync(BUILD_ENTRY).mtimeMs : 0;
  if (built >= Math.max(...SOURCES.map(newestMtime))) return;
  logLine("INFO", built ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const result = spawnSync("npx", ["remix", "build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Production needs a secret; a zero-configuration start makes one and keeps it in DATA_DIR. */
function ensureSessionSecret(dataDir) {
  if (process.env.SESSION_SECRET) return;
  const file = path.join(dataDir, "session-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { mode: 0o600 });
    logLine("INFO", `Created a session secret in ${file} (set SESSION_SECRET to use your own).`);
  }
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

/**
 * `node scripts/start.mjs` alone (a Procfile, a container) runs with V8's default heap limit, read
 * from V8 itself (flags on the command line or in NODE_OPTIONS both count): say what npm start adds.
 */
function noticeDefaultHeap() {
  const limitMb = v8.getHeapStatistics().heap_size_limit / 1024 / 1024;
  if (limitMb > 1024)
    logLine(
      "INFO",
      `Started with V8's default heap limit (${Math.round(limitMb)} MB), not \`npm start\`'s ${SERVER_NODE_FLAGS.join(" ")}: ` +
        "the heap may grow to ~2x under load.",
    );
}

// ./.env when present (Node's own parser); real environment variables win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");
process.env.NODE_ENV = "production";
// Before the build, the migrations and the seed: a busy port is said in one line.
await ensurePortFree();
ensureSessionSecret(path.resolve(process.env.DATA_DIR || "./data"));
noticeDefaultHeap();
buildIfStale();
await serveBuild(BUILD_ENTRY);
