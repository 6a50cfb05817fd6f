import { freePort, startFirestoreEmulator, type RunningEmulator } from "../../scripts/emulators/firestore";
import { expect, test } from "./fixtures";
import { startShop } from "./support/extra-shop";

// A backend that cannot be initialised logs a warning only. `npm start` on the Firebase
// backend with Firestore unreachable starts anyway, logs one clear warning, answers pages that
// need the database with 'Firestore not available' (503), and recovers by itself (seeding
// included) once the database answers. Runs in the Firebase projects, JavaScript on and off.

test.describe.configure({ timeout: 240_000 });

test("the shop starts without Firestore, says so with a 503, and recovers when it comes back", async ({
  page,
}, testInfo) => {
  const firestorePort = await freePort();
  let firestore: RunningEmulator | null = null;
  const shop = await startShop((port) => ({
    SHOP_BACKEND: "firebase",
    GCLOUD_PROJECT: `demo-hemline-down-${testInfo.project.name}`,
    // Nothing listens here yet.
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestorePort}`,
    FIREBASE_AUTH_EMULATOR_HOST: process.env.E2E_AUTH_EMULATOR_HOST!,
    FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${firestorePort}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  }));
  const base = `http://127.0.0.1:${shop.port}`;
  try {
    // It serves: the health check answers (503: the store does not), and the process is alive.
    await expect(async () => {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(503);
    }).toPass({ timeout: 120_000 });
    expect(shop.exitCode()).toBeNull();
    expect(shop.output().match(/Warning: Firestore not available at start/g)).toHaveLength(1);

    const response = await page.goto(`${base}/products`);
    expect(response?.status()).toBe(503);
    await expect(page.getByText("Firestore not available")).toBeVisible();

    // The database comes back: the shop seeds the empty store and lists its products, unaided.
    firestore = await startFirestoreEmulator({ port: firestorePort });
    await expect(async () => {
      const listing = await page.goto(`${base}/products`);
      expect(listing?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 1000 });
      await expect(page.locator('a[href^="/products/p0"]').first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 120_000 });
    expect(shop.exitCode()).toBeNull();
  } finally {
    await shop.stop();
    await firestore?.stop();
  }
});
