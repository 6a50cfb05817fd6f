import { checkoutServices } from "../support/checkout-services";
import { beforeEach, describe, expect, it } from "vitest";
import { addressIn, checkoutInput } from "../support/order-factory";
import type { ProductInput } from "~/domain/product";
import { IMPORT_NOTICE } from "~/domain/tax-rule";
import { vatBreakdown } from "~/domain/vat";
import { STANDARD_VAT_RATES } from "~/lib/vat-rates";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { seedZonesIfEmpty } from "~/server/seed/seed.server";
import { createCartService, type CartService } from "~/server/services/cart/cart.server";
import {
  createCheckoutService,
  type CheckoutInput,
  type CheckoutService,
} from "~/server/services/checkout/checkout.server";
import { createOrdersService } from "~/server/services/orders/orders.server";
import { createShippingService, type ShippingService } from "~/server/services/shipping/shipping.server";
import { createTaxService } from "~/server/services/taxes/taxes.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS, useFreshStore } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";

// Checkout includes VAT by the delivery zone's tax rule on every store: the seeded EU zone as
// before (the destination's rate, to the cent), the UK at its rate up to £135 of goods and none
// above, Switzerland and Norway none at all; the shopper pays the same shop price under each, the
// order records the rule and rate, and an owner's corrected rate is what the next order includes.

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const VAT = { rates: STANDARD_VAT_RATES };

describe.each(STORE_ADAPTERS)("taxes by zone at checkout on $name", (adapter) => {
  const db = useFreshStore(adapter);
  let store: Store;
  let shipping: ShippingService;
  let cart: CartService;
  let checkout: CheckoutService;
  let shirt: ProductInput;

  const input = (country: string, overrides: Partial<CheckoutInput> = {}): CheckoutInput =>
    checkoutInput({ cartId: "guest:taxes", address: addressIn(country), ...overrides });

  beforeEach(async () => {
    store = db.store;
    shirt = makeProduct({ priceMinor: 3000 });
    await store.products.upsertMany([shirt]);
    await seedZonesIfEmpty(store, RATES, () => {});
    shipping = createShippingService({ store, rates: RATES });
    cart = createCartService({ store, shipping });
    const payments = createTestCardProcessor({ keys: store.paymentKeys });
    const orders = createOrdersService({
      store,
      secret: "test-secret-that-is-long-enough-0123456789",
      shopName: "Hemline",
      mailer: { kind: "outbox", send: async () => {} },
      payments,
    });
    // No GBP market here: the UK threshold converts at the rule's own rate (0.85 £ per €).
    const taxes = createTaxService({ vat: VAT });
    checkout = createCheckoutService({
      store,
      cart,
      orders,
      payments,
      ...checkoutServices(store, RATES),
      shipping,
      taxes,
    });
  });

  async function buy(country: string, quantity: number, size = "M") {
    await cart.add("guest:taxes", { productId: shirt.id, size, colour: "Black", quantity });
    const result = await checkout.placeOrder(input(country));
    if (result.kind !== "done") throw new Error(`expected an order, got ${result.kind}`);
    return result.order;
  }

  it("includes an EU country's VAT exactly as before rules existed", async () => {
    const order = await buy("DE", 1);
    const expected = vatBreakdown([3000], 495, 19);
    expect(order).toMatchObject({ taxRule: "eu-vat", vatRate: 19, totalMinor: 3495 });
    expect(order.vatMinor).toBe(expected.vatMinor);
    expect(order.shippingVatMinor).toBe(expected.shippingVatMinor);
    expect(order.lines[0].vatMinor).toBe(expected.lines[0]);
  });

  it("charges Switzerland the same price with no VAT, recording the import rule", async () => {
    const order = await buy("CH", 1);
    expect(order).toMatchObject({ taxRule: "import", vatRate: 0, vatMinor: 0, shippingVatMinor: 0, totalMinor: 3495 });
    expect(order.lines[0].vatMinor).toBe(0);
  });

  it("includes UK VAT up to £135 of goods, and none above it", async () => {
    // 4 × €30 = €120 ≈ £102: at most £135, VAT at 20 %.
    const under = await buy("GB", 4);
    expect(under).toMatchObject({ taxRule: "uk-vat", vatRate: 20, totalMinor: 12000 });
    expect(under.vatMinor).toBe(vatBreakdown([12000], 0, 20).vatMinor);
    // 6 × €30 = €180 ≈ £153 (two lines of 3; 5 of a size are in stock): above £135, no VAT, the same price.
    await cart.add("guest:taxes", { productId: shirt.id, size: "S", colour: "Black", quantity: 3 });
    const over = await buy("GB", 3, "L");
    expect(over).toMatchObject({ taxRule: "uk-vat", vatRate: 0, vatMinor: 0, totalMinor: 18000 });
  });

  it("uses the owner's corrected UK rate for the next UK order", async () => {
    const uk = (await shipping.zone("united-kingdom"))!;
    const saved = await shipping.save(
      { ...uk, taxRule: { kind: "uk-vat", ratePercent: 17.5, thresholdGbpMinor: 13_500, gbpPerBaseMicros: 850_000 } },
      "owner@example.com",
    );
    expect(saved.kind).toBe("saved");
    const order = await buy("GB", 1);
    expect(order).toMatchObject({ taxRule: "uk-vat", vatRate: 17.5 });
    expect(order.vatMinor).toBe(vatBreakdown([3000], 495, 17.5).vatMinor);
  });

  it("shows a shopper priced for Ireland the Swiss notice before anything is placed", async () => {
    await cart.add("guest:taxes", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    expect(await checkout.placeOrder(input("CH", { pricedCountry: "IE" }))).toEqual({
      kind: "delivery-repriced",
      country: "CH",
    });
    expect((await store.orders.list({ limit: 5, offset: 0 })).total).toBe(0);
    const taxes = createTaxService({ vat: VAT });
    expect(await taxes.noticeFor(await shipping.zoneFor("CH"), "CH", 3000, "EUR")).toBe(IMPORT_NOTICE);
    expect(await taxes.noticeFor(await shipping.zoneFor("IE"), "IE", 3000, "EUR")).toBeNull();
  });
});
