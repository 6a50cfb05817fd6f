import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import Stripe from "stripe";
import { expect, test } from "./fixtures";
import { startShop, type ExtraShop } from "./support/extra-shop";
import { HttpShopper, pageText } from "./support/http-shopper";

// A payment interrupted: the built shop is made to die (SIGKILL, by the test hook
// HEMLINE_TEST_HOOKS=kill-at=…) after the order is placed, after the card was charged and before that was
// recorded, or when Stripe's webhook comes; it is started again on the same DATA_DIR and port.
// The shopper reloading (the same form posted again, the page Stripe sends them back to) sees the
// truth, the card was charged once, the stock was taken once, and Stripe's retried webhook changes nothing.

test.describe.configure({ timeout: 300_000 });

async function ready(shop: ExtraShop): Promise<string> {
  const base = `http://127.0.0.1:${shop.port}`;
  await expect(async () => {
    expect(shop.exitCode(), shop.output()).toBeNull();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  }).toPass({ timeout: 150_000 });
  return base;
}

/** Reads the shop's SQLite file (the shop may be stopped): variants' stock, `email`'s orders (not the seeded ones), charges. */
function inStore(dataDir: string, email = "") {
  const db = new Database(path.join(dataDir, "hemline.sqlite"), { readonly: true });
  try {
    const products = db.prepare("SELECT id, variants FROM products WHERE status = 'active'").all() as Array<{
      id: string;
      variants: string;
    }>;
    const orders = (
      db.prepare("SELECT data FROM orders WHERE email = ?").all(email.toLowerCase()) as Array<{ data: string }>
    ).map(
      (row) =>
        JSON.parse(row.data) as {
          id: string;
          number: string;
          status: string;
          lines: Array<{ productId: string; size: string; colour: string; quantity: number }>;
          history: Array<{ status: string | null; note: string | null }>;
        },
    );
    const keys = (db.prepare("SELECT key FROM payment_keys").all() as Array<{ key: string }>).map((r) => r.key);
    const variants = products.flatMap((p) =>
      (JSON.parse(p.variants) as Array<{ size: string; colour: string; stock: number }>).map((v) => ({
        productId: p.id,
        ...v,
      })),
    );
    return { orders, keys, variants };
  } finally {
    db.close();
  }
}

const stockOf = (dataDir: string, v: { productId: string; size: string; colour: string }) =>
  inStore(dataDir).variants.find((x) => x.productId === v.productId && x.size === v.size && x.colour === v.colour)!
    .stock;

/** A page's HTML as its text reads (React separates adjacent text with empty comments). */

/** The shopper puts one unit of a seeded variant with stock in the cart on `base`. */
async function shopperWithCart(base: string, dataDir: string) {
  const variant = inStore(dataDir).variants.find((v) => v.stock >= 3)!;
  const shopper = new HttpShopper(base);
  await shopper.call(`/products/${variant.productId}`);
  const added = await shopper.add(variant.productId, { colour: variant.colour, size: variant.size });
  expect(added.status).toBe(303);
  return { shopper, variant, stockBefore: stockOf(dataDir, variant) };
}

for (const killAt of ["after-charge-before-record", "after-order-placed"] as const) {
  test(`test card, killed ${killAt}: the reload shows the order paid, charged once, its stock taken once`, async () => {
    const first = await startShop(() => ({}), { testHooks: [`kill-at=${killAt}`] });
    let second: ExtraShop | null = null;
    try {
      const base = await ready(first);
      const { shopper, variant, stockBefore } = await shopperWithCart(base, first.dataDir);
      const email = `interrupted-${Date.now()}@hemline.test`;
      const form = await shopper.checkoutForm(email);
      // The shop dies in the middle of the checkout: the browser never gets an answer.
      await expect(shopper.post("/checkout", form)).rejects.toThrow();
      await first.exited();
      expect(first.output()).toContain(`Test hook kill-at=${killAt}: killing this process now`);
      const [kept] = inStore(first.dataDir, email).orders;
      expect(kept.status).toBe("pending_payment");
      expect(inStore(first.dataDir).keys.filter((k) => k.includes(kept.id))).toHaveLength(
        killAt === "after-order-placed" ? 0 : 1,
      );

      // Started again on the same data and port; the shopper reloads, which posts the same form again.
      second = await startShop(() => ({}), { port: first.port, dataDir: first.dataDir, testHooks: [] });
      await ready(second);
      const replay = await shopper.post("/checkout", form);
      expect(replay.status).toBe(303);
      const page = await pageText(await shopper.call(replay.headers.get("location")!));
      expect(page).toContain(`Order ${kept.number}`);
      expect(page).toContain("Thank you! Your order is confirmed.");
      expect(page).toContain("Visa ending 4242 · Paid");
      // Reloading the order page again says the same.
      expect(await pageText(await shopper.call(replay.headers.get("location")!))).toContain("Visa ending 4242 · Paid");

      const after = inStore(second.dataDir, email);
      expect(after.orders).toHaveLength(1);
      expect(after.orders[0].status).toBe("paid");
      expect(after.orders[0].history.filter((e) => e.status === "paid")).toHaveLength(1);
      // One charge at the processor: one answer kept, under the order's first attempt.
      expect(after.keys.filter((k) => k.includes(kept.id))).toEqual([`test-card:${kept.id}:1`]);
      expect(stockOf(second.dataDir, variant)).toBe(stockBefore - 1);
    } finally {
      await second?.stop();
      await first.stop();
    }
  });
}

test("Stripe, killed when the webhook came: the shopper back from Stripe sees it paid; the retried webhook changes nothing", async () => {
  // A stand-in for api.stripe.com: Checkout Sessions made by the shop, and what each says when asked.
  const sessions = new Map<string, { order: string; success: string; paid: boolean }>();
  let created = 0;
  const api = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      res.setHeader("Content-Type", "application/json");
      if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
        const form = new URLSearchParams(body);
        const id = `cs_test_e2e_${++created}`;
        sessions.set(id, { order: form.get("metadata[orderId]")!, success: form.get("success_url")!, paid: false });
        res.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/pay/${id}` }));
        return;
      }
      const id = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(req.url ?? "")?.[1];
      const session = id ? sessions.get(id) : undefined;
      if (req.method === "GET" && session) {
        res.end(
          JSON.stringify({
            id,
            object: "checkout.session",
            payment_status: session.paid ? "paid" : "unpaid",
            status: session.paid ? "complete" : "open",
          }),
        );
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "No such thing" } }));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  const webhookSecret = "whsec_e2e_interrupted";
  const stripeEnv = { STRIPE_SECRET_KEY: "sk_test_e2e_interrupted", STRIPE_WEBHOOK_SECRET: webhookSecret };
  const stripeApi = `stripe-api=http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const first = await startShop(() => stripeEnv, { testHooks: [stripeApi, "kill-at=webhook-received"] });
  let second: ExtraShop | null = null;
  try {
    const base = await ready(first);
    const { shopper, variant, stockBefore } = await shopperWithCart(base, first.dataDir);
    const email = `stripe-interrupted-${Date.now()}@hemline.test`;
    const { cardNumber: _n, expiry: _e, cvc: _c, ...form } = await shopper.checkoutForm(email);
    const toStripe = await shopper.post("/checkout", form);
    expect(toStripe.status).toBe(303);
    expect(toStripe.headers.get("location")).toBe("https://checkout.stripe.test/pay/cs_test_e2e_1");
    // The shopper pays at Stripe; Stripe calls the webhook, and the shop dies as it arrives.
    const session = sessions.get("cs_test_e2e_1")!;
    session.paid = true;
    const payload = JSON.stringify({
      id: "evt_e2e_1",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_e2e_1",
          object: "checkout.session",
          payment_status: "paid",
          metadata: { orderId: session.order },
        },
      },
    });
    const deliver = (to: string) =>
      fetch(`${to}/webhooks/stripe`, {
        method: "POST",
        body: payload,
        headers: {
          "content-type": "application/json",
          "stripe-signature": new Stripe("sk_test_x").webhooks.generateTestHeaderString({
            payload,
            secret: webhookSecret,
          }),
        },
      });
    await expect(deliver(base)).rejects.toThrow();
    await first.exited();
    expect(first.output()).toContain("Test hook kill-at=webhook-received: killing this process now");
    expect(inStore(first.dataDir, email).orders.map((o) => o.status)).toEqual(["pending_payment"]);

    // Back up on the same data; the shopper lands on the page Stripe sends them back to, before Stripe retries.
    second = await startShop(() => stripeEnv, { port: first.port, dataDir: first.dataDir, testHooks: [stripeApi] });
    await ready(second);
    const back = await pageText(await shopper.call(session.success));
    expect(back).toContain("Stripe · Paid");
    expect(back).not.toContain("We are waiting for the payment provider to confirm your payment");
    // Stripe retries the webhook it could not deliver: acknowledged, nothing changes.
    const retried = await deliver(base);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ received: true, outcome: "unchanged" });

    const after = inStore(second.dataDir, email);
    expect(after.orders).toHaveLength(1);
    expect(after.orders[0].status).toBe("paid");
    expect(after.orders[0].history.filter((e) => e.status === "paid")).toHaveLength(1);
    expect(created).toBe(1);
    expect(stockOf(second.dataDir, variant)).toBe(stockBefore - 1);
  } finally {
    await second?.stop();
    await first.stop();
    await new Promise((resolve) => api.close(resolve));
  }
});
