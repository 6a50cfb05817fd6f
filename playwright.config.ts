import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./scripts/node-flags.mjs";

// End-to-end tests against the production build, every flow twice: JavaScript on and off.
// The server runs on a fresh, freshly seeded DATA_DIR so tests never see a developer's data.

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "hemline-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // workers inherit it, so they agree with the server

// The same shop on the Firebase backend, against the Firestore and Auth emulators.
const FIREBASE_PORT = PORT + 1;
const firebaseURL = `http://127.0.0.1:${FIREBASE_PORT}`;
const firebaseDataDir =
  process.env.E2E_FIREBASE_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "hemline-e2e-firebase-"));
process.env.E2E_FIREBASE_DATA_DIR = firebaseDataDir;
process.env.E2E_AUTH_EMULATOR_HOST ??= `127.0.0.1:${PORT + 6000}`;
const FIRESTORE_PORT = PORT + 5000;
// A second instance of the same Firebase shop, on its own data directory (multi-instance.spec.ts).
const FIREBASE_B_PORT = PORT + 2;
process.env.E2E_FIREBASE_B_URL = `http://127.0.0.1:${FIREBASE_B_PORT}`;
// Tests read the Firebase shop's mail from its Firestore `mail` collection on this emulator.
process.env.E2E_FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${FIRESTORE_PORT}`;

// The embedded shop again with PAGE_CACHE=off (every page streamed by Remix's renderer, nothing kept):
// the storefront's flows must behave the same either way (cacheOff below).
const CACHE_OFF_PORT = PORT + 3;
const cacheOffURL = `http://127.0.0.1:${CACHE_OFF_PORT}`;
const cacheOffDataDir =
  process.env.E2E_CACHE_OFF_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "hemline-e2e-cache-off-"));
process.env.E2E_CACHE_OFF_DATA_DIR = cacheOffDataDir;
/**
 * The storefront's flows that meet kept pages (the catalogue, the cart and checkout beside them),
 * run once more, without JavaScript, against the shop with its page cache off: every page a
 * document rendered by Remix's stock streaming entry. With JavaScript, pages after the first come
 * from loaders, which the cache never touches. The accounts' forms and the page audits (the same
 * HTML, checked by html-validity here) are never kept pages: once, with the cache on, is enough.
 */
const CACHE_OFF_FLOWS = new RegExp(
  "(^|/)(storefront|checkout|wishlist|blog|empty-cart|gallery|html-validity|page-cache-off)(\\.no-js|\\.http)?\\.spec\\.ts$",
);

// Debian's Chromium: Playwright cannot download its own browser on these machines.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
if (!systemChromium) {
  throw new Error("Chromium not found: install it with `apt-get install -y chromium` (the .ci/run script does this).");
}

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: systemChromium,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

// E2E_BACKENDS=sqlite runs the embedded shop alone (a quicker, lighter run while working on one flow);
// the test command runs both.
const withFirebase = (process.env.E2E_BACKENDS ?? "sqlite,firebase").split(",").includes("firebase");

/**
 * An embedded shop for the e2e suite, as `npm start` runs it, on `port` with its own data: the
 * e2e accounts that are owners, the webhook receiver on this machine, a client per test.
 */
function embeddedShop(
  port: number,
  dataDir: string,
  url: string,
  extra: { env?: Record<string, string>; admins?: string[] } = {},
) {
  return {
    command: ["node", ...SERVER_NODE_FLAGS, "scripts/start.mjs"].join(" "),
    url: `${url}/healthz`,
    reuseExistingServer: false,
    // SIGTERM first, so the servers stop the emulators they started.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    timeout: 180_000,
    stdout: "ignore" as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SUPPORT_EMAIL: "care@hemline.test",
      ADMIN_EMAILS: [
        "owner-js-on@hemline.test,owner-js-off@hemline.test,blog-admin-js-on@hemline.test,blog-admin-js-off@hemline.test",
        "catalogue-admin-js-on@hemline.test,catalogue-admin-js-off@hemline.test,orders-admin-js-on@hemline.test,orders-admin-js-off@hemline.test",
        "payments-admin-js-on@hemline.test,payments-admin-js-off@hemline.test",
        "promotions-admin-js-on@hemline.test,promotions-admin-js-off@hemline.test",
        "cache-admin-js-on@hemline.test,cache-admin-js-off@hemline.test",
        "integrations-admin-js-on@hemline.test,integrations-admin-js-off@hemline.test",
        "staff-owner-js-on@hemline.test,staff-owner-js-off@hemline.test",
        "shipping-admin-js-on@hemline.test,shipping-admin-js-off@hemline.test",
        "markets-admin-js-on@hemline.test,markets-admin-js-off@hemline.test",
        "markets-shopper-js-on@hemline.test,markets-shopper-js-off@hemline.test",
        "markets-checkout-js-on@hemline.test,markets-checkout-js-off@hemline.test",
        "own-prices-js-on@hemline.test,own-prices-js-off@hemline.test",
        ...(extra.admins ?? []),
      ].join(","),
      // The webhook spec's receiver listens on this machine (refused in production: SSRF).
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "1",
      PUBLIC_URL: url,
      // Each test sends an X-Forwarded-For of its own (fixtures.ts): a client apart for rate limits.
      TRUST_PROXY: "1",
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
      // The seeded orders awaiting payment must not expire while the suite runs on a slow machine.
      PENDING_PAYMENT_EXPIRY_MINUTES: "1440",
      ...extra.env,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Budgets, not measures: a flow takes under 15 s on a quiet machine, and CI's machine is shared.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
  },
  projects: [
    // *.js-only.spec.ts: enhancements that exist only with JavaScript (the lightbox, browser storage);
    // *.no-js.spec.ts: what a page without JavaScript offers instead. google.spec.ts is Firebase only.
    {
      name: "js-on",
      testIgnore: [/\.no-js\.spec\.ts$/, /(google|multi-instance|firestore-down|page-cache-off\.http)\.spec\.ts$/],
      use: { ...chromium, javaScriptEnabled: true },
    },
    // *.http.spec.ts: requests only, no browser: once is enough (in js-on).
    {
      name: "js-off",
      testIgnore: [
        /\.js-only\.spec\.ts$/,
        /\.http\.spec\.ts$/,
        /(google|multi-instance|firestore-down|html-validity)\.spec\.ts$/,
      ],
      use: { ...chromium, javaScriptEnabled: false },
    },
    // The same storefront with PAGE_CACHE=off; page-cache-off.http.spec.ts checks that nothing is kept there.
    {
      name: "cache-off-js-off",
      testMatch: CACHE_OFF_FLOWS,
      use: { ...chromium, baseURL: cacheOffURL, javaScriptEnabled: false },
      metadata: { dataDir: cacheOffDataDir },
    },
    // Accounts, purchases and the back office's orders behave the same on Firebase Auth + Firestore,
    // and two instances of the shop share everything through Firebase (multi-instance.spec.ts).
    ...(withFirebase
      ? [
          {
            name: "firebase-js-on",
            testMatch:
              /(accounts|google|checkout|admin-orders|multi-instance|firestore-down|staff|complete-the-look|gift-card-purchase)\.spec\.ts/,
            use: { ...chromium, baseURL: firebaseURL, javaScriptEnabled: true },
          },
          {
            name: "firebase-js-off",
            testMatch:
              /(accounts|google|checkout|admin-orders|multi-instance|firestore-down|staff|complete-the-look|gift-card-purchase)\.spec\.ts/,
            use: { ...chromium, baseURL: firebaseURL, javaScriptEnabled: false },
          },
        ]
      : []),
  ],
  webServer: [
    embeddedShop(PORT, dataDir, baseURL),
    embeddedShop(CACHE_OFF_PORT, cacheOffDataDir, cacheOffURL, {
      env: { PAGE_CACHE: "off" },
      admins: [
        "owner-cache-off-js-on@hemline.test,owner-cache-off-js-off@hemline.test",
        "catalogue-admin-cache-off-js-on@hemline.test,catalogue-admin-cache-off-js-off@hemline.test",
      ],
    }),
    ...(withFirebase
      ? [
          {
            command: "npx tsx scripts/dev-firebase.ts",
            url: `${firebaseURL}/healthz`,
            reuseExistingServer: false,
            // SIGTERM first, so the servers stop the emulators they started.
            gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
            timeout: 240_000,
            stdout: "ignore" as const,
            env: {
              PORT: String(FIREBASE_PORT),
              DATA_DIR: firebaseDataDir,
              FIRESTORE_PORT: String(FIRESTORE_PORT),
              AUTH_PORT: process.env.E2E_AUTH_EMULATOR_HOST.split(":")[1],
              STORAGE_PORT: String(PORT + 7000),
              // Instance A on FIREBASE_PORT, instance B on FIREBASE_B_PORT.
              SHOP_INSTANCES: "2",
              SUPPORT_EMAIL: "care@hemline.test",
              ADMIN_EMAILS: [
                "owner-firebase-js-on@hemline.test,owner-firebase-js-off@hemline.test",
                "orders-admin-firebase-js-on@hemline.test,orders-admin-firebase-js-off@hemline.test",
                "multi-admin-firebase-js-on@hemline.test,multi-admin-firebase-js-off@hemline.test",
                "staff-owner-firebase-js-on@hemline.test,staff-owner-firebase-js-off@hemline.test",
                "catalogue-admin-firebase-js-on@hemline.test,catalogue-admin-firebase-js-off@hemline.test",
                "markets-checkout-firebase-js-on@hemline.test,markets-checkout-firebase-js-off@hemline.test",
              ].join(","),
              PUBLIC_URL: firebaseURL,
              TRUST_PROXY: "1",
              SESSION_SECRET: "e2e-session-secret-that-is-long-enough-0123456789",
              // The seeded orders awaiting payment must not expire while the suite runs on a slow machine.
              PENDING_PAYMENT_EXPIRY_MINUTES: "1440",
            },
          },
        ]
      : []),
  ],
});
