import { beforeEach, describe, expect, it } from "vitest";
import type { ProductInput } from "~/domain/product";
import type { CartService } from "~/server/services/cart/cart.server";
import type { CheckoutService } from "~/server/services/checkout/checkout.server";
import type { MarketsService } from "~/server/services/markets/markets.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS, useFreshStore } from "../contract/adapters";
import { marketCheckout } from "../support/market-checkout";
import { ukMarketInput } from "../support/market-factory";
import { addressIn, checkoutInput } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// A product with its own price in the UK market (decision 0030): the cart shows it, the order is
// charged it and its line keeps it, on both stores; the converted "was" price shows only above it;
// a euro order of the same product is at its base price.

const UK = "united-kingdom";

describe.each(STORE_ADAPTERS)("checkout at a product's own price in a market on $name", (adapter) => {
  const db = useFreshStore(adapter);
  let store: Store;
  let cart: CartService;
  let markets: MarketsService;
  let checkout: CheckoutService;
  let shirt: ProductInput;
  let charges: Array<{ amountMinor: number; currency: string }>;

  beforeEach(async () => {
    store = db.store;
    // €49.95, on sale from €79.95 (£68.99 converted); its own price in the UK is £35.00, not £42.99.
    shirt = makeProduct({ priceMinor: 4995, compareAtMinor: 7995, marketPrices: { [UK]: { priceMinor: 3500 } } });
    await store.products.upsertMany([shirt]);
    ({ markets, cart, checkout, charges } = await marketCheckout(store, [ukMarketInput()]));
    await cart.add("guest:abc", { productId: shirt.id, size: "M", colour: "Black", quantity: 2 });
  });

  it("shows the own price in the cart and charges it; the order line keeps it", async () => {
    const uk = (await markets.market(UK))!;
    const view = await cart.view("guest:abc", uk);
    expect(view.lines[0]).toMatchObject({ unitPriceMinor: 3500, compareAtMinor: 6899, lineTotalMinor: 7000 });

    const result = await checkout.placeOrder(checkoutInput({ address: addressIn("GB"), shownMarketId: UK }));
    if (result.kind !== "done") throw new Error(`expected an order, got ${result.kind}`);
    expect(result.order).toMatchObject({ currency: "GBP", marketId: UK, subtotalMinor: 7000 });
    expect(result.order.lines[0]).toMatchObject({ unitPriceMinor: 3500, compareAtMinor: 6899, quantity: 2 });
    expect(charges).toEqual([{ amountMinor: result.order.totalMinor, currency: "GBP" }]);
    const stored = await store.orders.get(result.order.id);
    expect(stored?.lines[0]).toMatchObject({ unitPriceMinor: 3500 });
  });

  it("shows no 'was' price at or below the own price", async () => {
    const { seq: _seq, rating: _rating, ...input } = (await store.products.get(shirt.id))!;
    await store.products.save({ ...input, marketPrices: { [UK]: { priceMinor: 7000 } } });
    const view = await cart.view("guest:abc", (await markets.market(UK))!);
    expect(view.lines[0]).toMatchObject({ unitPriceMinor: 7000, compareAtMinor: null, savingsMinor: 0 });
  });

  it("sells the same product in euros at its base price", async () => {
    const result = await checkout.placeOrder(checkoutInput({ address: addressIn("IE"), shownMarketId: "europe" }));
    if (result.kind !== "done") throw new Error(`expected an order, got ${result.kind}`);
    expect(result.order.lines[0]).toMatchObject({ unitPriceMinor: 4995, compareAtMinor: 7995 });
    expect(result.order.currency).toBe("EUR");
  });
});
