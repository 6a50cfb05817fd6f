import { createShippingService } from "~/server/services/shipping/shipping.server";
import { checkoutServices } from "../support/checkout-services";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Mailer } from "~/server/mail/port";
import type { CardFormProcessor } from "~/server/payments/port";
import { LIMITS } from "~/server/services/accounts/rate-limit.server";
import { createCartService, type CartService } from "~/server/services/cart/cart.server";
import {
  createCheckoutService,
  type CheckoutInput,
  type CheckoutService,
} from "~/server/services/checkout/checkout.server";
import { createOrdersService } from "~/server/services/orders/orders.server";
import type { Store } from "~/server/store/port";
import type { ProductInput } from "~/domain/product";
import { checkoutInput } from "../support/order-factory";
import { STORE_ADAPTERS } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";

// Card testing: declined payments are counted in the store, never in a service, so two shop
// instances' services on one database refuse the same attempts. Paying is never counted.

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const GOOD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
const DECLINED = { ...GOOD, number: "4000000000000002" };

/** A card processor that declines DECLINED and takes every other card. */
const cards: CardFormProcessor = {
  id: "test-card",
  kind: "card-form",
  label: "Cards for tests",
  async charge({ card }) {
    const last4 = card.number.slice(-4);
    return card.number === DECLINED.number
      ? { ok: false, code: "card_declined", message: "Your card was declined.", brand: "visa", last4 }
      : { ok: true, reference: crypto.randomUUID(), brand: "visa", last4 };
  },
  async refund() {
    return { ok: false, message: "Not refunded in this test." };
  },
  async checkPayment() {
    return { state: "unknown" };
  },
};

describe.each(STORE_ADAPTERS)("declined payments are limited on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let shirt: ProductInput;
  /** The services of two shop instances on the same database. */
  let shops: Array<{ cart: CartService; checkout: CheckoutService }>;

  const input = (overrides: Partial<CheckoutInput> = {}): CheckoutInput =>
    checkoutInput({ cartId: "guest:tester", email: "tester@example.com", card: DECLINED, ...overrides });
  const shopFor = (s: Store) => {
    const mailer: Mailer = { kind: "outbox", send: async () => {} };
    const cart = createCartService({ store: s, shipping: createShippingService({ store: s, rates: RATES }) });
    const orders = createOrdersService({
      store: s,
      secret: "test-secret-that-is-long-enough-0123456789",
      shopName: "Hemline",
      mailer,
    });
    return {
      cart,
      checkout: createCheckoutService({ store: s, cart, orders, payments: cards, ...checkoutServices(s, RATES) }),
    };
  };
  /** Fill the cart (an order empties it) and check out on instance `i % 2`. */
  async function attempt(i: number, overrides: Partial<CheckoutInput> = {}) {
    const shop = shops[i % 2];
    const form = input(overrides);
    await shop.cart.add(form.cartId!, { productId: shirt.id, size: "M", colour: "Black", quantity: 1 });
    return shop.checkout.placeOrder(form);
  }
  const stock = async () =>
    (await store.products.get(shirt.id))!.variants.find((v) => v.size === "M" && v.colour === "Black")!.stock;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    shirt = makeProduct({ priceMinor: 3000 });
    shirt = { ...shirt, variants: shirt.variants.map((v) => ({ ...v, stock: 50 })) };
    await store.products.upsertMany([shirt]);
    shops = [shopFor(store), shopFor(store)];
  });
  afterEach(async () => {
    await dispose();
  });

  it("refuses a cart's next checkout after ten declines on either instance, taking no stock", async () => {
    for (let i = 0; i < LIMITS.declinedPerCheckout.max; i++) expect((await attempt(i)).kind).toBe("payment-failed");
    const refused = await attempt(0, { card: GOOD });
    expect(refused).toEqual({ kind: "rate-limited", retryAfterSeconds: expect.any(Number) });
    if (refused.kind !== "rate-limited") return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect((await store.orders.list({ limit: 50, offset: 0 })).total).toBe(LIMITS.declinedPerCheckout.max);
    expect(await stock()).toBe(50);
    // Another shopper's cart is not held back.
    expect((await attempt(1, { cartId: "guest:honest", card: GOOD })).kind).toBe("done");
  });

  it("refuses paying an order again after ten declines", async () => {
    const first = await attempt(0);
    if (first.kind !== "payment-failed") throw new Error("expected a decline");
    for (let i = 0; i < LIMITS.declinedPerCheckout.max; i++) {
      const order = (await store.orders.get(first.order.id))!;
      expect((await shops[i % 2].checkout.retryPayment(order, DECLINED, "https://shop.test")).kind).toBe(
        "payment-failed",
      );
    }
    const order = (await store.orders.get(first.order.id))!;
    expect(await shops[1].checkout.retryPayment(order, GOOD, "https://shop.test")).toMatchObject({
      kind: "rate-limited",
    });
    expect((await store.orders.get(first.order.id))!.status).toBe("payment_failed");
  });

  it("counts declines per client address across carts, and never counts a payment", async () => {
    const ip = "203.0.113.9";
    for (let i = 0; i < 3; i++)
      expect((await attempt(i, { ip, cartId: `guest:paying-${i}`, card: GOOD })).kind).toBe("done");
    for (let i = 0; i < LIMITS.declinedPerIp.max; i++)
      expect((await attempt(i, { ip, cartId: `guest:card-${i}` })).kind).toBe("payment-failed");
    expect(await attempt(0, { ip, cartId: "guest:fresh", card: GOOD })).toMatchObject({ kind: "rate-limited" });
    expect((await attempt(1, { ip: "198.51.100.4", cartId: "guest:elsewhere", card: GOOD })).kind).toBe("done");
  });
});
