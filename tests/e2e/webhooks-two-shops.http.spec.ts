import crypto from "node:crypto";
import { startAuthEmulator } from "../../scripts/emulators/auth";
import { startFirestoreEmulator, type RunningEmulator } from "../../scripts/emulators/firestore";
import { startStorageEmulator } from "../../scripts/emulators/storage";
import { createRateLimiter } from "~/server/services/accounts/rate-limit.server";
import { createApiKeysService } from "~/server/services/api/api-keys.server";
import { createWebhooksService } from "~/server/services/webhooks/webhooks.server";
import { expect, test } from "./fixtures";
import { serving, startShop, type ExtraShop } from "./support/extra-shop";
import { startReceiver } from "../support/webhook-receiver";

// Two production shop processes on one Firestore, both sending webhook deliveries in the
// background (every 0.2 s here) and each sending the events it records at once: every event
// reaches the receiver exactly once, signed, whichever process recorded or sent it.

test.describe.configure({ timeout: 240_000 });

/**
 * The adapter for this test's own writes, loaded with the integration suite's 20 s limit
 * (vitest.config.ts): a shopper is told "not available" after 5 s, but under load the emulator has
 * taken longer than that to answer the test. The limit is read when the module loads; the shops'
 * processes keep theirs.
 */
async function patientFirestore() {
  const before = process.env.HEMLINE_TEST_HOOKS;
  process.env.HEMLINE_TEST_HOOKS = "firestore-timeout-ms=20000";
  try {
    return await import("~/server/store/firestore/store.server");
  } finally {
    if (before === undefined) delete process.env.HEMLINE_TEST_HOOKS;
    else process.env.HEMLINE_TEST_HOOKS = before;
  }
}

test("two shops on one Firestore deliver each webhook event exactly once", async () => {
  const projectId = `demo-hemline-hooks-${crypto.randomBytes(4).toString("hex")}`;
  const emulators: RunningEmulator[] = [];
  const shops: ExtraShop[] = [];
  const receiver = await startReceiver();
  try {
    const [firestore, auth, storage] = await Promise.all([
      startFirestoreEmulator(),
      startAuthEmulator({ projectId }),
      startStorageEmulator({ projectId }),
    ]);
    emulators.push(firestore, auth, storage);
    const env = () => ({
      SHOP_BACKEND: "firebase",
      GCLOUD_PROJECT: projectId,
      FIRESTORE_EMULATOR_HOST: firestore.host,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIREBASE_STORAGE_EMULATOR_HOST: storage.host,
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "1",
    });
    const fast = { testHooks: ["webhook-sweep-seconds=0.2"] };
    shops.push(await startShop(env, fast), await startShop(env, fast));
    const [a, b] = await Promise.all(shops.map(serving));

    // The owner's key and endpoint, written to the shared store as the back office writes them.
    process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
    const store = (await patientFirestore()).createFirestoreStore(projectId);
    try {
      const made = await createApiKeysService({
        store,
        audit: async () => {},
        limiter: createRateLimiter(store.rateLimits),
        perMinute: 1000,
      }).create("owner@hemline.test", { name: "Two shops", scopes: ["products:read", "products:write"] });
      if (!made.ok) throw new Error("no key");
      const endpoint = await createWebhooksService({
        store,
        audit: async () => {},
        allowPrivateAddresses: true,
        render: () => null, // registers only: the shops send
      }).register("owner@hemline.test", { url: receiver.url, events: ["product.stock_changed"] });
      if (!endpoint.ok) throw new Error(JSON.stringify(endpoint.errors));
      receiver.useSecret(endpoint.secret);
      const headers = { Authorization: `Bearer ${made.secret}`, "Content-Type": "application/json" };

      // Ten stock changes, half through each shop, at once.
      const ids = Array.from({ length: 10 }, (_, i) => `p${String(i + 1).padStart(4, "0")}`);
      const changed = await Promise.all(
        ids.map(async (id, i) => {
          const base = i % 2 ? b : a;
          const product = (await (await fetch(`${base}/api/v1/products/${id}`, { headers })).json()) as {
            version: number;
            variants: Array<{ sku: string; stock: number }>;
          };
          const variant = product.variants[0]!;
          const response = await fetch(`${base}/api/v1/products/${id}/variants/${encodeURIComponent(variant.sku)}`, {
            method: "PATCH",
            headers,
            body: JSON.stringify({ version: product.version, stock: variant.stock + 5 }),
          });
          return response.status;
        }),
      );
      expect(changed).toEqual(ids.map(() => 200));

      await expect.poll(() => new Set(receiver.received.map((r) => r.body.data.id)).size, { timeout: 30_000 }).toBe(10);
      // Both shops keep sweeping: nothing more arrives.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(receiver.received.every((r) => r.signed && r.body.type === "product.stock_changed")).toBe(true);
      expect(receiver.received.map((r) => r.body.data.id).sort()).toEqual([...ids].sort());
      expect(new Set(receiver.received.map((r) => r.eventId)).size).toBe(10);
    } finally {
      await store.close();
    }
  } finally {
    await Promise.all(shops.map((s) => s.stop()));
    await Promise.all(emulators.map((e) => e.stop()));
    await receiver.close();
  }
});
