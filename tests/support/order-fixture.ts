import type { Order, OrderEvent, OrderLine, OrderStatus } from "~/server/store/commerce-types";

// Orders for report and admin tests: only what a test sets differs from a plain paid order.

let counter = 0;

export function orderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    productId: "p0001",
    slug: "tee",
    name: "Tee",
    sku: "P0001-M-BLK",
    size: "M",
    colour: "Black",
    unitPriceMinor: 2000,
    compareAtMinor: null,
    quantity: 1,
    imageUrl: null,
    ...overrides,
  };
}

export function order(overrides: Partial<Order> & { status?: OrderStatus; createdAt?: string } = {}): Order {
  counter += 1;
  const createdAt = overrides.createdAt ?? "2026-11-20T10:00:00.000Z";
  const lines = overrides.lines ?? [orderLine()];
  const subtotalMinor = lines.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);
  const shippingMinor = overrides.shippingMinor ?? 500;
  const history: OrderEvent[] = overrides.history ?? [{ status: overrides.status ?? "paid", at: createdAt, note: null, by: "system" }];
  return {
    id: `o${counter}`,
    number: `HM-${String(counter).padStart(8, "0")}`,
    email: "ada@example.com",
    userId: "u1",
    lines,
    subtotalMinor,
    shippingMinor,
    totalMinor: subtotalMinor + shippingMinor,
    currency: "EUR",
    address: { name: "Ada", line1: "1 Main St", line2: "", city: "Dublin", postalCode: "D01", country: "IE", phone: "" },
    shipping: { method: "standard", label: "Standard", priceMinor: shippingMinor },
    payment: { processor: "test-card", state: "succeeded", reference: null, cardBrand: null, cardLast4: null, failureMessage: null, attempts: 1 },
    status: "paid",
    trackingNumber: null,
    idempotencyKey: `key-${counter}`,
    updatedAt: createdAt,
    ...overrides,
    createdAt,
    history,
  };
}
