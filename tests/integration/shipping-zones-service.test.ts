import { checkoutServices } from "../support/checkout-services";
import { beforeEach, describe, expect, it } from "vitest";
import { addressIn, checkoutInput } from "../support/order-factory";
import type { DeliveryMethod } from "~/domain/shipping-zone";
import type { ProductInput } from "~/domain/product";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { seedZonesIfEmpty } from "~/server/seed/seed.server";
import { createAuditService } from "~/server/services/audit/audit.server";
import { createCartService, type CartService } from "~/server/services/cart/cart.server";
import {
  createCheckoutService,
  type CheckoutInput,
  type CheckoutService,
} from "~/server/services/checkout/checkout.server";
import { createOrdersService } from "~/server/services/orders/orders.server";
import { createShippingService, type ShippingService } from "~/server/services/shipping/shipping.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS, useFreshStore } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";

// Checkout prices delivery from the shipping zones on every store: the seeded zone is today's
// configuration, an admin's new zone is what the next shopper to its countries pays, an edit
// changes the next checkout and never a placed order, and a country in no zone is not delivered to.

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };

const courier = (overrides: Partial<DeliveryMethod> = {}): DeliveryMethod => ({
  id: "courier",
  name: "Courier",
  estimate: "4–7 working days",
  basis: "weight",
  bands: [
    { from: 0, priceMinor: 1500 },
    { from: 1000, priceMinor: 2500 },
  ],
  freeFromMinor: null,
  ...overrides,
});

describe.each(STORE_ADAPTERS)("delivery priced from shipping zones on $name", (adapter) => {
  const db = useFreshStore(adapter);
  let store: Store;
  let shipping: ShippingService;
  let cart: CartService;
  let checkout: CheckoutService;
  let shirt: ProductInput;

  const input = (country: string, overrides: Partial<CheckoutInput> = {}): CheckoutInput =>
    checkoutInput({ cartId: "guest:zones", address: addressIn(country), ...overrides });

  beforeEach(async () => {
    store = db.store;
    // Black shirts weigh 600 g; Sage ones have no weight (they count as 0 g).
    shirt = makeProduct({ priceMinor: 3000 });
    shirt = {
      ...shirt,
      variants: shirt.variants.map((v) => ({ ...v, ...(v.colour === "Black" ? { weightGrams: 600 } : {}) })),
    };
    await store.products.upsertMany([shirt]);
    await seedZonesIfEmpty(store, RATES, () => {});
    shipping = createShippingService({ store, rates: RATES, audit: (r) => createAuditService({ store }).record(r) });
    cart = createCartService({ store, shipping });
    const payments = createTestCardProcessor({ keys: store.paymentKeys });
    const orders = createOrdersService({
      store,
      secret: "test-secret-that-is-long-enough-0123456789",
      shopName: "Hemline",
      mailer: { kind: "outbox", send: async () => {} },
      payments,
    });
    checkout = createCheckoutService({ store, cart, orders, payments, ...checkoutServices(store, RATES), shipping });
  });

  async function placed(country: string, overrides: Partial<CheckoutInput> = {}) {
    const result = await checkout.placeOrder(input(country, overrides));
    if (result.kind !== "done") throw new Error(`expected an order, got ${result.kind}`);
    return result.order;
  }

  it("seeds today's figures, split by tax rule, so the seeded shop charges what it always did", async () => {
    expect((await store.shippingZones.list()).map((z) => [z.name, z.countries.length, z.taxRule?.kind])).toEqual([
      ["Europe", 27, "eu-vat"],
      ["United Kingdom", 1, "uk-vat"],
      ["Switzerland and Norway", 2, "import"],
    ]);
    // Every zone delivers by the same configured methods and prices.
    const methods = (await store.shippingZones.list()).map((z) => z.methods);
    expect(methods[1]).toEqual(methods[0]);
    expect(methods[2]).toEqual(methods[0]);
    await cart.add("guest:zones", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    const order = await placed("DE");
    expect(order.shipping).toEqual({
      method: "standard",
      label: "Standard delivery (3–5 working days)",
      priceMinor: 495,
      zoneId: "europe",
      zoneName: "Europe",
    });
    expect(order.totalMinor).toBe(3000 + 495);
    await cart.add("guest:zones", { productId: shirt.id, size: "M", colour: "Black", quantity: 3 });
    expect((await placed("IE", { shippingMethod: "express" })).shippingMinor).toBe(995);
  });

  it("prices a new zone's weight method by the cart's weight, a line without weight counting 0 g", async () => {
    const saved = await shipping.save(
      { id: null, name: "North America", countries: ["US", "CA"], methods: [courier()] },
      "owner@example.com",
    );
    expect(saved.kind).toBe("saved");
    // 600 g of Black shirts and two weightless Sage ones: the first band.
    await cart.add("guest:zones", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    await cart.add("guest:zones", { productId: shirt.id, size: "M", colour: "Sage", quantity: 2 });
    const light = await placed("US", { shippingMethod: "courier" });
    expect(light.shipping).toMatchObject({ label: "Courier (4–7 working days)", priceMinor: 1500 });
    expect(light.shipping.zoneName).toBe("North America");
    // 1,200 g: the second band.
    await cart.add("guest:zones", { productId: shirt.id, size: "S", colour: "Black", quantity: 2 });
    expect((await placed("CA", { shippingMethod: "courier" })).shippingMinor).toBe(2500);
  });

  it("charges an edited zone's price at the next checkout and leaves a placed order as it was", async () => {
    await cart.add("guest:zones", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    const before = await placed("FR");
    expect(before.shippingMinor).toBe(495);

    const europe = (await shipping.zone("europe"))!;
    const edited = await shipping.save(
      {
        ...europe,
        name: "EU and friends",
        methods: europe.methods.map((m) =>
          m.id === "standard" ? { ...m, bands: [{ from: 0, priceMinor: 650 }], estimate: "2–4 working days" } : m,
        ),
      },
      "owner@example.com",
    );
    expect(edited.kind).toBe("saved");

    const again = await store.orders.get(before.id);
    expect(again?.shipping).toEqual(before.shipping);
    expect(again?.totalMinor).toBe(3000 + 495);

    await cart.add("guest:zones", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    const after = await placed("FR");
    expect(after.shipping).toMatchObject({
      label: "Standard delivery (2–4 working days)",
      priceMinor: 650,
      zoneName: "EU and friends",
    });
    expect((await store.audit.list({ limit: 5 })).entries.map((e) => e.summary)).toContain(
      "Changed the shipping zone EU and friends",
    );
  });

  it("places nothing for a country in no zone, nor for a country priced differently from what the form showed", async () => {
    await cart.add("guest:zones", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    expect(await checkout.placeOrder(input("US"))).toEqual({ kind: "no-delivery", country: "US" });
    expect(await checkout.deliveryOptions("US", { subtotalMinor: 3000, weightGrams: 600 })).toBeNull();

    await shipping.save(
      { id: null, name: "North America", countries: ["US"], methods: [courier({ name: "Standard" })] },
      "owner@example.com",
    );
    // The form showed Ireland's prices; the address is in the United States.
    expect(await checkout.placeOrder(input("US", { pricedCountry: "IE" }))).toEqual({
      kind: "delivery-repriced",
      country: "US",
    });
    expect((await store.orders.list({ limit: 5, offset: 0 })).total).toBe(0);
    // Germany is priced as Ireland is: the order goes through.
    expect((await placed("DE", { pricedCountry: "IE" })).shippingMinor).toBe(495);
  });

  it("refuses a country already in another zone, and deleting the home country's zone, writing nothing", async () => {
    expect(
      await shipping.save(
        { id: null, name: "Islands", countries: ["MT", "IS"], methods: [courier()] },
        "owner@example.com",
      ),
    ).toEqual({
      kind: "invalid",
      problems: [
        "Malta is already in the zone Europe: a country can be in one zone only. Take it out of Europe first.",
      ],
    });
    expect(await shipping.remove("europe", "owner@example.com")).toMatchObject({ kind: "refused" });
    expect((await store.shippingZones.list()).map((z) => z.id)).toEqual([
      "europe",
      "united-kingdom",
      "switzerland-norway",
    ]);
  });
});

describe("a store without zones", () => {
  const db = useFreshStore(STORE_ADAPTERS[0]);

  it("prices by the configured rates, and keeps them as a zone when the first zone is added", async () => {
    const shipping = createShippingService({ store: db.store, rates: RATES });
    expect((await shipping.quotes("IE", { subtotalMinor: 1000, weightGrams: 0 }))?.map((q) => q.priceMinor)).toEqual([
      495, 995,
    ]);
    await shipping.save({ id: null, name: "Iceland", countries: ["IS"], methods: [courier()] }, "owner@example.com");
    expect((await db.store.shippingZones.list()).map((z) => z.name)).toEqual(["Europe", "Iceland"]);
    expect((await shipping.quotes("IE", { subtotalMinor: 1000, weightGrams: 0 }))?.[0].priceMinor).toBe(495);
  });
});
