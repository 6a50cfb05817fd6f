import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Mailer } from "~/server/mail/port";
import { createOrdersService } from "~/server/services/orders/orders.server";
import type { Store } from "~/server/store/port";
import type { PaymentRecord } from "~/domain/commerce";
import { STORE_ADAPTERS } from "../contract/adapters";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// The money is taken before the order is marked paid: an invoice counter that does not answer at
// that moment must not keep the order from being paid. Its number comes when the invoice is opened.

const noMail: Mailer = { kind: "outbox", send: async () => {} };
const paidBy: PaymentRecord = {
  processor: "test-card",
  state: "succeeded",
  reference: "tc_1",
  cardBrand: "Visa",
  cardLast4: "4242",
  failureMessage: null,
  attempts: 1,
};

describe.each(STORE_ADAPTERS)("invoice numbers at payment: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await dispose();
  });

  it("pays the order when the counter fails, and numbers it when its invoice is first opened", async () => {
    const shirt = makeProduct({
      variants: [{ size: "M", colour: "Black", sku: "INV-M-BLACK", stock: 3 }],
      colours: [{ name: "Black", hex: "#111111" }],
      sizes: ["M"],
    });
    await store.products.upsertMany([shirt]);
    const order = makeOrder([lineFor(shirt, "M", "Black", 1)]);
    expect((await store.orders.place(order, { cartId: null })).kind).toBe("placed");

    let counterDown = true;
    const reserve = store.invoiceNumbers.reserve.bind(store.invoiceNumbers);
    const flaky: Store = {
      ...store,
      invoiceNumbers: {
        ...store.invoiceNumbers,
        reserve: async (series, count) => {
          if (counterDown) throw new Error("the counter did not answer");
          return reserve(series, count);
        },
      },
    };
    vi.spyOn(console, "error").mockImplementation(() => {});
    const orders = createOrdersService({
      store: flaky,
      secret: "test-secret-test-secret-test-secret",
      shopName: "Hemline",
      mailer: noMail,
    });

    const paid = await orders.markPaid(order, paidBy, "https://shop.test");
    expect(paid.status).toBe("paid");
    expect(paid.invoiceNumber).toBeUndefined();

    counterDown = false;
    const invoiced = await orders.invoiceFor((await store.orders.get(order.id))!);
    expect(invoiced.invoiceNumber).toBe(`INV-${new Date().getUTCFullYear()}-000001`);
    expect((await store.orders.get(order.id))!.invoiceNumber).toBe(invoiced.invoiceNumber);
    // Opened again: the same number, none taken.
    expect((await orders.invoiceFor(invoiced)).invoiceNumber).toBe(invoiced.invoiceNumber);
    expect(await store.invoiceNumbers.reserve(String(new Date().getUTCFullYear()), 1)).toBe(2);
  });
});
