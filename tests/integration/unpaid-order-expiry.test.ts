import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Mailer } from "~/server/mail/port";
import { createOrdersService, PAYMENT_EXPIRED_MESSAGE } from "~/server/services/orders/orders.server";
import type { Store } from "~/server/store/port";
import type { ProductInput } from "~/domain/product";
import { STORE_ADAPTERS } from "../contract/adapters";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// An order placed and never paid (its instance died between placing and charging, a hosted
// payment page left open) must not hold its stock forever: after the expiry window the sweep,
// run by every instance, releases it exactly once, and the order page says so.

const T0 = Date.parse("2026-11-23T10:00:00.000Z");
const MINUTE = 60_000;
const noMail: Mailer = { kind: "outbox", send: async () => {} };

describe.each(STORE_ADAPTERS)("orders awaiting payment expire: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let shirt: ProductInput;

  /** An instance of the orders service whose clock reads T0 + `minutes`. */
  const instanceAt = (minutes: number) =>
    createOrdersService({
      store,
      secret: "test-secret-test-secret-test-secret",
      shopName: "Hemline",
      mailer: noMail,
      now: () => new Date(T0 + minutes * MINUTE),
      pendingPaymentExpiryMs: 30 * MINUTE,
    });
  const stock = async () =>
    (await store.products.get(shirt.id))!.variants.find((v) => v.size === "M" && v.colour === "Black")!.stock;

  async function placeUnpaid(quantity: number) {
    const order = makeOrder([lineFor(shirt, "M", "Black", quantity)], { createdAt: new Date(T0).toISOString() });
    const placed = await store.orders.place(order, { cartId: null });
    expect(placed.kind).toBe("placed");
    return order;
  }

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    shirt = makeProduct({
      variants: [{ size: "M", colour: "Black", sku: "EXP-M-BLACK", stock: 3 }],
      colours: [{ name: "Black", hex: "#111111" }],
      sizes: ["M"],
    });
    await store.products.upsertMany([shirt]);
  });
  afterEach(async () => {
    await dispose();
  });

  it("keeps the stock within the window, then releases it once, whatever the number of instances sweeping", async () => {
    const order = await placeUnpaid(2);
    expect(await stock()).toBe(1);

    expect(await instanceAt(29).expireUnpaid()).toBe(0);
    expect(await stock()).toBe(1);

    // Three instances sweep at the same moment: one expiry, one release.
    const swept = await Promise.all([
      instanceAt(31).expireUnpaid(),
      instanceAt(31).expireUnpaid(),
      instanceAt(31).expireUnpaid(),
    ]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await stock()).toBe(3);
    const expired = (await store.orders.get(order.id))!;
    expect(expired.status).toBe("payment_failed");
    expect(expired.payment.failureMessage).toBe(PAYMENT_EXPIRED_MESSAGE);
    expect(expired.history.filter((e) => e.status === "payment_failed")).toHaveLength(1);
    expect(await instanceAt(60).expireUnpaid()).toBe(0);
  });

  it("shows the shopper an expired order as expired, with its stock back, before any sweep", async () => {
    const order = await placeUnpaid(1);
    const orders = instanceAt(45);
    const seen = await orders.forViewer(order.id, {
      userId: null,
      key: new URL(orders.linkFor(order), "http://x").searchParams.get("key"),
    });
    expect(seen).toMatchObject({ status: "payment_failed", payment: { failureMessage: PAYMENT_EXPIRED_MESSAGE } });
    expect(await stock()).toBe(3);
  });

  it("restarts the clock when the shopper pays again", async () => {
    const order = await placeUnpaid(1);
    await instanceAt(31).expireUnpaid();
    // Pay again at T0 + 40: the order holds its stock again, for a new window.
    const reopened = await createOrdersService({
      store,
      secret: "s".repeat(32),
      shopName: "Hemline",
      mailer: noMail,
      now: () => new Date(T0 + 40 * MINUTE),
    }).reopenForPayment((await store.orders.get(order.id))!);
    expect(reopened.kind).toBe("ok");
    expect(await stock()).toBe(2);
    expect(await instanceAt(65).expireUnpaid()).toBe(0);
    expect(await instanceAt(71).expireUnpaid()).toBe(1);
    expect(await stock()).toBe(3);
  });
});
