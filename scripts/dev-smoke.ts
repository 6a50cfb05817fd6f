// CI smoke test of `npm run dev`: it starts on a fresh data directory, serves the seeded shop in
// development mode with the live-reload script, and stops with everything it started.
// Its build goes to build-dev/ and public/build-dev/ (remix.config.js), never over the production build.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// A port of its own, apart from the end-to-end servers (3210 and up).
const port = 3290;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-dev-smoke-"));
const dev = spawn("npm", ["run", "dev"], {
  stdio: ["ignore", "pipe", "pipe"],
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SHOP_BACKEND: "embedded" },
  detached: true,
});
let log = "";
dev.stdout.on("data", (chunk) => (log += chunk));
dev.stderr.on("data", (chunk) => (log += chunk));

function fail(message: string): never {
  console.error(`npm run dev: ${message}\n--- its output ---\n${log}`);
  stop();
  process.exit(1);
}

function stop() {
  try {
    process.kill(-dev.pid!, "SIGTERM");
  } catch {
    // already gone
  }
}

const deadline = Date.now() + 240_000;
let html = "";
while (!html) {
  if (dev.exitCode !== null) fail(`exited with ${dev.exitCode} before serving`);
  if (Date.now() > deadline) fail("did not serve the home page within 240 s");
  try {
    const response = await fetch(`http://localhost:${port}/`);
    if (response.status === 200) html = await response.text();
  } catch {
    // not listening yet
  }
  if (!html) await new Promise((r) => setTimeout(r, 1000));
}

if (!html.includes("remixLiveReloadConnect")) fail("the home page has no live-reload script");
if (!/<a [^>]*href="\/products\/p\d{4}"/.test(html)) fail("the home page shows no seeded product");
const asset = html.match(/(?:src|href)="(\/build-dev\/[^"]+\.js)"/)?.[1];
if (!asset) fail("the home page loads no script from the development build (/build-dev/)");
if ((await fetch(`http://localhost:${port}${asset}`)).status !== 200) fail(`${asset} is not served`);
stop();
await new Promise((r) => setTimeout(r, 2000));
fs.rmSync(dataDir, { recursive: true, force: true });
console.log("npm run dev: serves the seeded shop with live reload");
