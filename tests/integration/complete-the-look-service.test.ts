import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Mailer } from "~/server/mail/port";
import type { PaymentRecord } from "~/domain/commerce";
import type { ProductInput } from "~/domain/product";
import type { Store } from "~/server/store/port";
import { createCatalogService } from "~/server/services/catalog/catalog.server";
import { createCompleteTheLookService } from "~/server/services/look/complete-the-look.server";
import { createOrdersService } from "~/server/services/orders/orders.server";
import { STORE_ADAPTERS } from "../contract/adapters";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// Paying orders changes what the product page and the cart suggest, on both backends; a payment
// recorded twice (a replayed webhook, the sweep) counts once, and what sells out stops being suggested.

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
const one = (id: string, category: ProductInput["category"], colour: string, hex: string) =>
  makeProduct({ id, category, colours: [{ name: colour, hex }], sizes: ["M"] });

const navyTee = one("look-navy-tee", "t-shirts", "Navy", "#1e2a44");
const skyTee = one("look-sky-tee", "t-shirts", "Sky", "#9cc3e6");
const sageTee = one("look-sage-tee", "t-shirts", "Sage", "#9caf88");
const jeans = one("look-jeans", "jeans", "Indigo Wash", "#2c3e66");
const belt = one("look-belt", "accessories", "Tan", "#b48a5a");

describe.each(STORE_ADAPTERS)("complete the look: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    await store.products.upsertMany([navyTee, skyTee, sageTee, jeans, belt]);
  });
  afterEach(async () => {
    await dispose();
  });

  const services = () => {
    const catalog = createCatalogService({ store, log: () => {} });
    const orders = createOrdersService({
      store,
      secret: "test-secret-test-secret-test-secret",
      shopName: "Hemline",
      mailer: noMail,
    });
    const look = createCompleteTheLookService({ pairs: store.pairs, catalog, ttlMs: 0 });
    return { orders, look };
  };
  const ids = (cards: Array<{ id: string }>) => cards.map((c) => c.id);

  async function payFor(orders: ReturnType<typeof services>["orders"], products: ProductInput[]) {
    const order = makeOrder(products.map((p) => lineFor(p, "M", p.colours[0].name, 1)));
    expect((await store.orders.place(order, { cartId: null })).kind).toBe("placed");
    return orders.markPaid(order, paidBy, "https://shop.test");
  }

  it("suggests the same category and colour family until orders are paid, then what was bought with it first", async () => {
    const { orders, look } = services();
    expect(ids(await look.forProduct(navyTee.id))).toEqual([skyTee.id]);

    await payFor(orders, [navyTee, belt]);
    await payFor(orders, [jeans, navyTee]);
    await payFor(orders, [navyTee, jeans]);
    expect(ids(await look.forProduct(navyTee.id))).toEqual([jeans.id, belt.id, skyTee.id]);
    expect(ids(await look.forProduct(jeans.id))).toEqual([navyTee.id]);
  });

  it("counts an order paid twice (a replayed webhook or the sweep) once", async () => {
    const { orders, look } = services();
    await payFor(orders, [navyTee, belt]);
    await payFor(orders, [navyTee, belt]);
    const paid = await payFor(orders, [navyTee, jeans]);
    // The jeans order recorded again, by two callers at once: still one order.
    await Promise.all([
      orders.markPaid(paid, paidBy, "https://shop.test"),
      orders.markPaid(paid, paidBy, "https://shop.test"),
    ]);
    expect(await store.pairs.partners(navyTee.id, 4)).toEqual([
      { productId: belt.id, count: 2 },
      { productId: jeans.id, count: 1 },
    ]);
    expect(ids(await look.forProduct(navyTee.id))).toEqual([belt.id, jeans.id, skyTee.id]);
  });

  it("stops suggesting a product once it sells out, and never a draft", async () => {
    const { orders, look } = services();
    await payFor(orders, [navyTee, jeans]);
    await payFor(orders, [navyTee, belt]);
    await store.products.upsertMany([
      { ...jeans, variants: jeans.variants.map((v) => ({ ...v, stock: 0 })) },
      { ...belt, status: "draft" },
    ]);
    expect(ids(await look.forProduct(navyTee.id))).toEqual([skyTee.id]);
  });

  it("gives the cart one suggestion, for all its products, that is not in it", async () => {
    const { orders, look } = services();
    expect((await look.forCart([navyTee.id]))?.id).toBe(skyTee.id);
    await payFor(orders, [navyTee, jeans, belt]);
    await payFor(orders, [jeans, belt]);
    expect((await look.forCart([navyTee.id, jeans.id]))?.id).toBe(belt.id);
    expect(await look.forCart([])).toBeNull();
  });
});
