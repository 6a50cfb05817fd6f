// npm start: build when the build is missing or stale, migrate, seed an empty store, then serve
// the production build on PORT. Everything a fresh clone needs after `npm install`.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, parseConfig } from "~/server/config.server";
import { cookieSecurity } from "~/server/http/cookie-security.server";
import { seedIfEmpty } from "~/server/seed/seed.server";
import { createStore } from "~/server/store/create-store.server";
import { FirestoreUnavailableError } from "~/server/store/firestore/availability.server";
import type { Store } from "~/server/store/port";
import { loadDotEnv } from "./env";

const BUILD_ENTRY = "build/index.js";
const SOURCES = ["app", "public", "remix.config.js", "tailwind.config.ts", "postcss.config.js", "package-lock.json"];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    // public/build is the build's own output, public/build-dev that of `npm run dev`.
    if ([path.join("public", "build"), path.join("public", "build-dev")].includes(path.join(entry, child))) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

function buildIfStale(): void {
  const built = fs.existsSync(BUILD_ENTRY) ? fs.statSync(BUILD_ENTRY).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (built >= sources) return;
  console.log(built ? "Sources changed since the last build: rebuilding…" : "No build yet: building…");
  const result = spawnSync("npx", ["remix", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Production needs a secret; a zero-configuration start makes one and keeps it in DATA_DIR. */
function ensureSessionSecret(dataDir: string): void {
  if (process.env.SESSION_SECRET) return;
  const file = path.join(dataDir, "session-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { mode: 0o600 });
    console.log(`Created a session secret in ${file} (set SESSION_SECRET to use your own).`);
  }
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

loadDotEnv();
process.env.NODE_ENV = "production";
let config;
try {
  ensureSessionSecret(path.resolve(process.env.DATA_DIR || "./data"));
  config = parseConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

// Refusing to start would break the zero-configuration `npm install && npm start` a fresh clone
// is tried with; the fallback is safe (never taken from a request's Host), so say what it is.
if (!config.publicUrl) {
  console.warn(
    `PUBLIC_URL is not set: links in e-mails, canonical URLs and the sitemap use http://localhost:${config.port} ` +
      `(a request's Host header is believed only for localhost or 127.0.0.1 on port ${config.port}). ` +
      "Set PUBLIC_URL to the shop's public address, e.g. PUBLIC_URL=https://shop.example.com.",
  );
}

// Secure cookies never come back over plain HTTP (every form would have "expired"): say what was decided.
const cookies = cookieSecurity(config);
console.log(`Cookies are ${cookies.secure ? "Secure (sent over HTTPS only)" : "not Secure (they work over plain HTTP)"}: ${cookies.reason}.`);

buildIfStale();

/**
 * Opening the store applies migrations (SQLite); Firestore data from earlier versions is upgraded;
 * an empty store gets the demo seed. True when done, false when the database did not answer.
 */
async function prepareStore(store: Store): Promise<boolean> {
  try {
    await store.upgrade(console.log);
    await seedIfEmpty(store);
    return true;
  } catch (error) {
    if (!(error instanceof FirestoreUnavailableError)) throw error;
    return false;
  }
}

const RETRY_PREPARE_MS = 15_000;
const store = createStore(config);
if (await prepareStore(store)) {
  await store.close();
} else {
  // Spec: a backend that cannot be initialised logs a warning; the shop still starts. Pages that
  // need the database say 'Firestore not available' (503) until it answers, and this process
  // finishes the preparation (upgrade, seeding) in the background once it does.
  console.warn(
    `Warning: Firestore not available at start (${process.env.FIRESTORE_EMULATOR_HOST ?? `project ${config.firebase.projectId}`}). ` +
      `Serving anyway: pages that need the database answer 503 until it is back; preparing the store is retried every ${RETRY_PREPARE_MS / 1000} s.`,
  );
  // One attempt at a time: on a slow database an attempt can outlast the interval, and a second
  // one running beside it would find the client closed by the first.
  const retry = () => {
    setTimeout(() => {
      prepareStore(store).then(
        async (done) => {
          if (!done) return retry();
          console.log("Firestore answers again: the store is prepared.");
          // The serving process has its own client; failing to close this one must not stop the shop.
          await store.close().catch((error) => console.warn("Closing the preparation's Firestore client failed:", error));
        },
        (error) => {
          console.error("Preparing the store failed:", error);
          retry();
        },
      );
    }, RETRY_PREPARE_MS).unref();
  };
  retry();
}

console.log(`Starting ${config.shopName} at http://localhost:${config.port}`);
const server = spawn(process.execPath, ["scripts/serve.mjs", BUILD_ENTRY], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
