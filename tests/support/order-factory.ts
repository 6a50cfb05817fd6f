import crypto from "node:crypto";
import { BASE_ORDER_MARKET, type Order, type OrderLine } from "~/domain/commerce";
import { orderLineFor } from "~/server/services/checkout/order-line";
import type { ProductInput } from "~/domain/product";
import type { CheckoutInput } from "~/server/services/checkout/checkout.server";

/** An order line for a product's variant, priced as the product is. */
export const lineFor = (product: ProductInput, size: string, colour: string, quantity = 1): OrderLine =>
  orderLineFor(product, size, colour, quantity);

/** A delivery address in Ireland, the shop's home country. */
export const TEST_ADDRESS = {
  name: "Ada Shopper",
  line1: "1 Main Street",
  line2: "",
  city: "Dublin",
  postalCode: "D02 X285",
  country: "IE",
  phone: "",
};

/** The test processor's card that always succeeds. */
export const GOOD_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };

/** A pending-payment order with sensible defaults; override what a test cares about. */
export function makeOrder(lines: OrderLine[], overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? crypto.randomUUID();
  const subtotalMinor = lines.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);
  const createdAt = overrides.createdAt ?? new Date().toISOString();
  return {
    id,
    number: `HM-${crypto.randomBytes(4).toString("hex").toUpperCase()}`,
    email: "shopper@example.com",
    userId: null,
    lines,
    subtotalMinor,
    shippingMinor: 495,
    totalMinor: subtotalMinor + 495,
    ...BASE_ORDER_MARKET,
    address: TEST_ADDRESS,
    shipping: { method: "standard", label: "Standard (3–5 working days)", priceMinor: 495 },
    payment: {
      processor: "test-card",
      state: "pending",
      reference: null,
      cardBrand: null,
      cardLast4: null,
      failureMessage: null,
      attempts: 0,
    },
    status: "pending_payment",
    trackingNumber: null,
    history: [{ status: "pending_payment", at: createdAt, note: null, by: "customer" }],
    idempotencyKey: crypto.randomUUID(),
    createdAt,
    updatedAt: createdAt,
    ...overrides,
  };
}

/**
 * A checkout form as the checkout route hands it to the service: a guest's cart, the Irish test
 * address, standard delivery, the good test card and a fresh idempotency key; override what a test
 * cares about (`address: addressIn("GB")` for another country).
 */
export function checkoutInput(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    cartId: "guest:abc",
    userId: null,
    email: "ada@example.com",
    address: TEST_ADDRESS,
    shippingMethod: "standard",
    idempotencyKey: crypto.randomUUID(),
    card: GOOD_CARD,
    origin: "https://shop.test",
    ...overrides,
  };
}

/** The test address, delivered to another country. */
export const addressIn = (country: string) => ({ ...TEST_ADDRESS, country });
