import { beforeEach, describe, expect, it } from "vitest";
import { quietGiftCards } from "../support/checkout-services";
import type { ProductInput } from "~/domain/product";
import { vatBreakdown } from "~/domain/vat";
import type { MailMessage } from "~/server/mail/port";
import type { CartService } from "~/server/services/cart/cart.server";
import type { CheckoutService } from "~/server/services/checkout/checkout.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS, useFreshStore } from "../contract/adapters";
import { marketCheckout } from "../support/market-checkout";
import { ukMarketInput } from "../support/market-factory";
import { addressIn, checkoutInput } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { buildSeedGiftCard } from "~/server/seed/gift-card-product.server";
import { NO_GIFT_CARD_DETAILS } from "~/domain/gift-card-product";
import { makePromotion } from "../support/promotion-factory";

// The delivery country decides an order's market: a UK address buys in pounds (the prices every page
// showed, delivery and a fixed discount at the rate, VAT on the pound amounts), the card is charged
// in pounds and the confirmation states pounds; a form priced in euros for a UK address is refused
// before anything is placed; a euro order is exactly what it was before markets.

describe.each(STORE_ADAPTERS)("checkout in the delivery country's market on $name", (adapter) => {
  const db = useFreshStore(adapter);
  let store: Store;
  let cart: CartService;
  let checkout: CheckoutService;
  let shirt: ProductInput;
  let sent: MailMessage[];
  let charges: Array<{ amountMinor: number; currency: string }>;

  beforeEach(async () => {
    store = db.store;
    shirt = makeProduct({ priceMinor: 4995, compareAtMinor: null });
    await store.products.upsertMany([shirt]);
    ({ cart, checkout, charges, mails: sent } = await marketCheckout(store, [ukMarketInput()]));
  });

  async function buy(country: string, overrides: Parameters<typeof checkoutInput>[0] = {}) {
    await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    return checkout.placeOrder(checkoutInput({ address: addressIn(country), ...overrides }));
  }

  it("places a UK order in pounds: the page's price, delivery at the rate, VAT on the pounds, charged and mailed in £", async () => {
    const result = await buy("GB", { shownMarketId: "united-kingdom" });
    if (result.kind !== "done") throw new Error(`expected an order, got ${result.kind}`);
    const order = result.order;
    // €49.95 × 0.86 → £42.99 (the market's .99 ending); delivery €4.95 × 0.86 = £4.26 (exact).
    expect(order).toMatchObject({
      currency: "GBP",
      rateMicros: 860_000,
      marketId: "united-kingdom",
      subtotalMinor: 4299,
      shippingMinor: 426,
      totalMinor: 4725,
      status: "paid",
      taxRule: "uk-vat",
      vatRate: 20,
      shipping: { priceMinor: 426 },
    });
    expect(order.lines[0]).toMatchObject({ unitPriceMinor: 4299, quantity: 1 });
    const vat = vatBreakdown([4299], 426, 20);
    expect(order.vatMinor).toBe(vat.vatMinor);
    expect(order.shippingVatMinor).toBe(vat.shippingVatMinor);
    expect(charges).toEqual([{ amountMinor: 4725, currency: "GBP" }]);
    expect(await store.orders.get(order.id)).toMatchObject({ currency: "GBP", rateMicros: 860_000, totalMinor: 4725 });
    const confirmation = sent.find((m) => m.subject.includes("is confirmed"));
    expect(confirmation?.text).toContain("£42.99");
    expect(confirmation?.text).toContain("Total      £47.25");
    expect(confirmation?.text).not.toContain("€");
  });

  it("refuses a form priced in euros for a UK address, placing and charging nothing", async () => {
    const result = await buy("GB", { shownMarketId: "europe" });
    expect(result).toMatchObject({
      kind: "market-changed",
      country: "GB",
      market: { id: "united-kingdom", currency: "GBP" },
    });
    expect((await store.orders.list({ limit: 5, offset: 0 })).total).toBe(0);
    expect(charges).toEqual([]);
    // The same cart priced in pounds is then placed.
    const again = await checkout.placeOrder(
      checkoutInput({ address: addressIn("GB"), shownMarketId: "united-kingdom" }),
    );
    expect(again).toMatchObject({ kind: "done", order: { currency: "GBP", totalMinor: 4725 } });
  });

  it("places an Irish order in euros at rate 1 with the very figures of before markets", async () => {
    const result = await buy("IE", { shownMarketId: "europe" });
    if (result.kind !== "done") throw new Error(`expected an order, got ${result.kind}`);
    expect(result.order).toMatchObject({
      currency: "EUR",
      rateMicros: 1_000_000,
      marketId: "europe",
      subtotalMinor: 4995,
      shippingMinor: 495,
      totalMinor: 5490,
    });
    expect(result.order.lines[0].unitPriceMinor).toBe(4995);
    expect(charges).toEqual([{ amountMinor: 5490, currency: "EUR" }]);
    expect(sent.find((m) => m.subject.includes("is confirmed"))?.text).toContain("Total      €54.90");
  });

  it("takes a fixed amount off and its minimum spend in pounds at the rate", async () => {
    // €10 off from €45: £8.60 off from £38.70; the £42.99 shirt reaches it.
    const promotion = makePromotion({
      kind: "fixed",
      percentOff: null,
      amountOffMinor: 1000,
      minimumSubtotalMinor: 4500,
    });
    expect(await store.promotions.save(promotion)).toEqual({ ok: true });
    const result = await buy("GB", { shownMarketId: "united-kingdom", promotionCode: promotion.code });
    if (result.kind !== "done") throw new Error(`expected an order, got ${result.kind}`);
    expect(result.order).toMatchObject({ currency: "GBP", discountMinor: 860, totalMinor: 4299 - 860 + 426 });
  });

  it("refuses to sell a euro gift card amount in an order in pounds, placing nothing", async () => {
    const card = buildSeedGiftCard();
    await store.products.upsertMany([card]);
    expect(
      await cart.add("guest:abc", {
        productId: card.id,
        size: card.variants[0].size,
        colour: card.variants[0].colour,
        quantity: 1,
        giftCard: NO_GIFT_CARD_DETAILS,
      }),
    ).toMatchObject({ ok: true });
    const result = await buy("GB", { shownMarketId: "united-kingdom" });
    expect(result).toEqual({
      kind: "gift-card-refused",
      message: expect.stringContaining("The €25 gift card is in EUR and your order is in GBP"),
    });
    expect((await store.orders.list({ limit: 5, offset: 0 })).total).toBe(0);
    expect(charges).toEqual([]);
    // In euros it is sold as before.
    const inEuros = await checkout.placeOrder(checkoutInput({ address: addressIn("IE") }));
    expect(inEuros.kind).toBe("done");
  });

  it("refuses a euro gift card on an order in pounds, naming both currencies, placing and spending nothing", async () => {
    const giftCards = quietGiftCards(store);
    const { card, code } = await giftCards.issue({
      amountMinor: 5000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: null },
    });
    const result = await buy("GB", { shownMarketId: "united-kingdom", giftCardCode: code });
    expect(result).toEqual({
      kind: "gift-card-refused",
      message: expect.stringContaining("This gift card is in EUR and this order is in GBP"),
    });
    expect((await store.orders.list({ limit: 5, offset: 0 })).total).toBe(0);
    expect(charges).toEqual([]);
    expect(await store.giftCards.get(card.id)).toMatchObject({ currency: "EUR", balanceMinor: 5000 });
    expect((await store.giftCards.ledger(card.id)).map((e) => e.kind)).toEqual(["issued"]);
  });
});
