import path from "node:path";
import Database from "better-sqlite3";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { createWebhooksService, webhookEventId } from "~/server/services/webhooks/webhooks.server";
import type { WebhookEventType } from "~/domain/webhook";
import { expect, test } from "./fixtures";
import { serving, startShop, type ExtraShop } from "./support/extra-shop";
import { HttpShopper, pageText } from "./support/http-shopper";
import { startReceiver } from "../support/webhook-receiver";

// The transactional outbox (decision 0040) when the process dies: the built shop is killed
// (SIGKILL, by the test hook kill-at) right after a change committed with its webhook
// events and before the relay turned them into deliveries. Started again on the same DATA_DIR and
// port, it sends the registered endpoint those very events (the same event ids), signed, as the
// process that died would have. The first shop never sweeps (an hour), so only the change itself
// could have woken the relay, and the kill comes first.

test.describe.configure({ timeout: 300_000 });

// The receiver listens on this machine (refused in production: SSRF); the seeded orders awaiting
// payment do not expire meanwhile (their released stock would be events of its own).
const BASE_ENV = {
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "1",
  PENDING_PAYMENT_EXPIRY_MINUTES: "1440",
};
const EVENTS: WebhookEventType[] = ["order.paid", "product.stock_changed"];

interface StoredOrder {
  id: string;
  number: string;
  status: string;
  lines: Array<{ productId: string; size: string; colour: string }>;
}

/** Reads the shop's SQLite file (the shop may be dead): `email`'s orders, the outbox, the deliveries, a variant's stock. */
function inStore(dataDir: string, email = "") {
  const db = new Database(path.join(dataDir, "hemline.sqlite"), { readonly: true });
  try {
    const orders = (
      db.prepare("SELECT data FROM orders WHERE email = ?").all(email.toLowerCase()) as Array<{ data: string }>
    ).map((row) => JSON.parse(row.data) as StoredOrder);
    const outbox = (
      db.prepare("SELECT type, event_key, subject FROM webhook_outbox").all() as Array<{
        type: WebhookEventType;
        event_key: string;
        subject: string;
      }>
    ).map((row) => ({
      type: row.type,
      eventId: webhookEventId(row.type, row.event_key),
      subject: JSON.parse(row.subject) as {
        kind: string;
        order?: { id: string };
        product?: { id: string; variants: Array<{ size: string; colour: string; stock: number }> };
      },
    }));
    const deliveries = db.prepare("SELECT event_id FROM webhook_deliveries").all() as Array<{ event_id: string }>;
    const products = db.prepare("SELECT id, variants FROM products WHERE status = 'active'").all() as Array<{
      id: string;
      variants: string;
    }>;
    const variants = products.flatMap((p) =>
      (JSON.parse(p.variants) as Array<{ size: string; colour: string; stock: number }>).map((v) => ({
        productId: p.id,
        ...v,
      })),
    );
    return { orders, outbox, deliveredIds: deliveries.map((d) => d.event_id), variants };
  } finally {
    db.close();
  }
}

/** Registers the receiver for order.paid and product.stock_changed in the shop's store, as the back office does. */
async function register(dataDir: string, url: string): Promise<string> {
  const store = createSqliteStore(dataDir);
  try {
    const made = await createWebhooksService({
      store,
      audit: async () => {},
      allowPrivateAddresses: true,
      render: () => null, // registers only: the shop sends
    }).register("owner@hemline.test", { url, events: EVENTS });
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    return made.secret;
  } finally {
    await store.close();
  }
}

/** A shop about to be killed at `killAt`, an endpoint registered on it, and a shopper with one unit in the cart. */
async function killedCheckout(killAt: "after-order-placed" | "after-order-paid") {
  const receiver = await startReceiver();
  const first = await startShop(() => BASE_ENV, { testHooks: [`kill-at=${killAt}`, "webhook-sweep-seconds=3600"] });
  const base = await serving(first);
  receiver.useSecret(await register(first.dataDir, receiver.url));
  const variant = inStore(first.dataDir).variants.find((v) => v.stock >= 3)!;
  const shopper = new HttpShopper(base);
  await shopper.call(`/products/${variant.productId}`);
  expect((await shopper.add(variant.productId, { colour: variant.colour, size: variant.size })).status).toBe(303);
  const email = `outbox-${killAt}-${Date.now()}@hemline.test`;
  const form = await shopper.checkoutForm(email);
  // The shop dies in the middle of the checkout: the browser never gets an answer.
  await expect(shopper.post("/checkout", form)).rejects.toThrow();
  // No exit code: it ended by the signal.
  expect(await first.exited()).toBeNull();
  expect(first.output()).toContain(`Test hook kill-at=${killAt}: killing this process now`);
  const stored = inStore(first.dataDir, email);
  expect(stored.orders).toHaveLength(1);
  return { receiver, first, shopper, form, variant, order: stored.orders[0]!, stored };
}

/** What the receiver got of one event, waited for: each copy signed, with the event's id in the header and the body. */
async function receivedOf(
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  type: WebhookEventType,
  eventId: string,
) {
  await expect
    .poll(() => receiver.received.filter((r) => r.eventType === type && r.eventId === eventId).length, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  const copies = receiver.received.filter((r) => r.eventId === eventId);
  expect(copies.every((r) => r.signed && r.status === 200 && r.body.id === eventId && r.body.type === type)).toBe(true);
  return copies;
}

test("killed after the order is placed: its stock event reaches the endpoint after the restart, then order.paid", async () => {
  const { receiver, first, shopper, form, variant, order, stored } = await killedCheckout("after-order-placed");
  let second: ExtraShop | null = null;
  try {
    expect(order.status).toBe("pending_payment");
    // The order's stock event committed with it and is still in the outbox: not relayed, not sent.
    const stock = stored.outbox.find(
      (e) =>
        e.type === "product.stock_changed" &&
        e.subject.product?.id === variant.productId &&
        e.subject.product.variants.some(
          (v) => v.size === variant.size && v.colour === variant.colour && v.stock === variant.stock - 1,
        ),
    );
    expect(stock, JSON.stringify(stored.outbox)).toBeDefined();
    expect(stored.deliveredIds).not.toContain(stock!.eventId);
    expect(receiver.received.filter((r) => r.eventId === stock!.eventId)).toEqual([]);

    second = await startShop(() => BASE_ENV, {
      port: first.port,
      dataDir: first.dataDir,
      testHooks: ["webhook-sweep-seconds=0.2"],
    });
    await serving(second);
    // The new process's sweep relays what the dead one committed: the same event, by its id.
    const [sent] = await receivedOf(receiver, "product.stock_changed", stock!.eventId);
    const data = sent!.body.data as { id: string; variants: Array<{ size: string; colour: string; stock: number }> };
    expect(data.id).toBe(variant.productId);
    expect(data.variants.find((v) => v.size === variant.size && v.colour === variant.colour)!.stock).toBe(
      variant.stock - 1,
    );

    // The shopper reloads (the same form again): the order is paid, and order.paid is sent for it.
    const replay = await shopper.post("/checkout", form);
    expect(replay.status).toBe(303);
    expect(await pageText(await shopper.call(replay.headers.get("location")!))).toContain(`Order ${order.number}`);
    await expect
      .poll(() => receiver.received.filter((r) => r.eventType === "order.paid").length, { timeout: 60_000 })
      .toBeGreaterThan(0);
    const paid = receiver.received.filter((r) => r.eventType === "order.paid");
    expect(paid.map((r) => (r.body.data as { number: string }).number)).toEqual(paid.map(() => order.number));
    await receivedOf(receiver, "order.paid", paid[0]!.eventId!);
    // Any copy sent again carries the id it had; the outbox is empty once relayed.
    expect(new Set(paid.map((r) => r.eventId)).size).toBe(1);
    expect(inStore(second.dataDir).outbox).toEqual([]);
  } finally {
    await second?.stop();
    await first.stop();
    await receiver.close();
  }
});

test("killed after the payment is recorded: order.paid, committed with it, reaches the endpoint after the restart", async () => {
  const { receiver, first, shopper, form, order, stored } = await killedCheckout("after-order-paid");
  let second: ExtraShop | null = null;
  try {
    expect(order.status).toBe("paid");
    const paidEvent = stored.outbox.find((e) => e.type === "order.paid" && e.subject.order?.id === order.id);
    expect(paidEvent, JSON.stringify(stored.outbox)).toBeDefined();
    expect(stored.deliveredIds).not.toContain(paidEvent!.eventId);
    expect(receiver.received.filter((r) => r.eventType === "order.paid")).toEqual([]);

    second = await startShop(() => BASE_ENV, {
      port: first.port,
      dataDir: first.dataDir,
      testHooks: ["webhook-sweep-seconds=0.2"],
    });
    await serving(second);
    const copies = await receivedOf(receiver, "order.paid", paidEvent!.eventId);
    for (const copy of copies) {
      const data = copy.body.data as { id: string; number: string; status: string };
      expect(data).toMatchObject({ id: order.id, number: order.number, status: "paid" });
    }
    // The shopper reloading sees the order paid; nothing is sent for it a second time under another id.
    const replay = await shopper.post("/checkout", form);
    expect(replay.status).toBe(303);
    expect(await pageText(await shopper.call(replay.headers.get("location")!))).toContain(`Order ${order.number}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(new Set(receiver.received.filter((r) => r.eventType === "order.paid").map((r) => r.eventId))).toEqual(
      new Set([paidEvent!.eventId]),
    );
    expect(inStore(second.dataDir).outbox).toEqual([]);
  } finally {
    await second?.stop();
    await first.stop();
    await receiver.close();
  }
});
