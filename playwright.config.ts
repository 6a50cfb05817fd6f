import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// End-to-end tests against the production build, every flow twice: JavaScript on and off.
// The server runs on a fresh, freshly seeded DATA_DIR so tests never see a developer's data.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "hemline-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // workers inherit it, so they agree with the server

// Debian's Chromium: Playwright cannot download its own browser on these machines.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
if (!systemChromium) {
  throw new Error("Chromium not found: install it with `apt-get install -y chromium` (the .ci/run script does this).");
}

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: systemChromium,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js-on", use: { ...chromium, javaScriptEnabled: true } },
    { name: "js-off", use: { ...chromium, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "npx tsx scripts/start.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SUPPORT_EMAIL: "care@hemline.test",
      PUBLIC_URL: baseURL,
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
    },
  },
});
