import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MailMessage } from "~/server/mail/port";
import { createOrdersService } from "~/server/services/orders/orders.server";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import type { Store } from "~/server/store/port";
import type { ProductInput } from "~/domain/product";
import { STORE_ADAPTERS } from "../contract/adapters";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// The customer's e-mail at every step of an order, on both backends: sent by the change that
// made the step (once, however many callers race), with HTML and text parts, the shop's name,
// its support address and the links the step needs.

const SECRET = "test-secret-long-enough-0123456789";
const ORIGIN = "https://shop.example.com";

describe.each(STORE_ADAPTERS)("order e-mails: $name", (adapter) => {
  let store: Store;
  let reopen: () => Promise<Store>;
  let dispose: () => Promise<void>;
  let sent: MailMessage[];
  let product: ProductInput;

  beforeEach(async () => {
    ({ store, reopen, dispose } = await adapter.create());
    sent = [];
    product = makeProduct();
    await store.products.upsertMany([product]);
  });
  afterEach(async () => {
    await dispose();
  });

  const service = (on: Store = store) =>
    createOrdersService({
      store: on,
      secret: SECRET,
      shopName: "Hemline",
      supportEmail: "care@hemline.test",
      returnsWindowDays: 45,
      publicOrigin: ORIGIN,
      mailer: { kind: "outbox", send: async (m) => void sent.push(m) },
      payments: createTestCardProcessor({ keys: on.paymentKeys }),
    });

  async function placed() {
    const result = await store.orders.place(
      makeOrder([lineFor(product, "M", "Black", 1)], { email: "ada@example.com" }),
      { cartId: null },
    );
    if (result.kind !== "placed") throw new Error(result.kind);
    return result.order;
  }

  it("shipped (tracking number and link), delivered, then refunded: one e-mail each, HTML and text", async () => {
    const order = await placed();
    const orders = service();
    await orders.markPaid(order, { ...order.payment, state: "succeeded" }, ORIGIN);
    sent.length = 0; // the confirmation has its own tests

    expect(
      await orders.changeStatus(order.id, "shipped", "admin@hemline.test", { trackingNumber: "JD0146 00006" }),
    ).toMatchObject({ ok: true });
    expect(sent).toHaveLength(1);
    const shipped = sent[0];
    expect(shipped.to).toBe("ada@example.com");
    expect(shipped.subject).toMatch(/^Your Hemline order HM-\w{8} is on its way$/);
    expect(shipped.text).toContain("Tracking number: JD0146 00006");
    expect(shipped.text).toContain("https://parcelsapp.com/en/tracking/JD0146%2000006");
    expect(shipped.text).toContain(`${ORIGIN}/orders/${order.id}?key=`);
    expect(shipped.text).toContain("care@hemline.test");
    expect(shipped.html).toContain("<html");
    expect(shipped.html).toContain('href="https://parcelsapp.com/en/tracking/JD0146%2000006"');
    expect(shipped.html).toContain("mailto:care@hemline.test");

    await orders.changeStatus(order.id, "delivered", "admin@hemline.test");
    await orders.changeStatus(order.id, "refunded", "admin@hemline.test");
    expect(sent.map((m) => m.subject.replace(/HM-\w{8}/, "N"))).toEqual([
      "Your Hemline order N is on its way",
      "Your Hemline order N has been delivered",
      "Your Hemline order N has been refunded",
    ]);
    // The returns window the shop is configured with (RETURNS_WINDOW_DAYS), as its pages state it.
    expect(sent[1].text).toContain("Returns are free within 45 days.");
    expect(sent[2].text).toContain(
      `We have refunded €${(order.totalMinor / 100).toFixed(2)} for your order ${order.number}.`,
    );
  });

  it("cancelled, and a refused change sends nothing", async () => {
    const order = await placed();
    const orders = service();
    await orders.markPaid(order, { ...order.payment, state: "succeeded" }, ORIGIN);
    sent.length = 0;
    await orders.changeStatus(order.id, "cancelled", "admin@hemline.test");
    expect(
      await orders.changeStatus(order.id, "shipped", "admin@hemline.test", { trackingNumber: "X1" }),
    ).toMatchObject({ ok: false });
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toMatch(/has been cancelled$/);
    expect(sent[0].text).toContain("If you paid, the money comes back to you.");
  });

  it("a failed payment e-mails a link to pay again, once even when two instances record it at the same moment", async () => {
    const order = await placed();
    const failure = { ...order.payment, state: "failed" as const, failureMessage: "Your card was declined." };
    const other = await reopen();
    await Promise.all([service().markPaymentFailed(order, failure), service(other).markPaymentFailed(order, failure)]);
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toMatch(/^The payment for your Hemline order HM-\w{8} did not go through$/);
    expect(sent[0].text).toContain("Your card was declined.");
    expect(sent[0].text).toMatch(new RegExp(`Pay again ${ORIGIN}/orders/${order.id}\\?key=`));
  });
});
