import type { Order, OrderEvent, OrderLine } from "~/domain/commerce";
import { makeOrder } from "./order-factory";

// Orders for report tests: a paid order by default (the common case of a sale), with totals
// that add up whatever lines and delivery price a test sets.

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

export function order(overrides: Partial<Order> = {}): Order {
  const lines = overrides.lines ?? [orderLine()];
  const status = overrides.status ?? "paid";
  const createdAt = overrides.createdAt ?? "2026-11-20T10:00:00.000Z";
  const shippingMinor = overrides.shippingMinor ?? 500;
  const subtotalMinor = lines.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);
  const history: OrderEvent[] = [{ status, at: createdAt, note: null, by: "system" }];
  return makeOrder(lines, {
    email: "ada@example.com",
    userId: "u1",
    status,
    history,
    createdAt,
    updatedAt: createdAt,
    subtotalMinor,
    shippingMinor,
    totalMinor: subtotalMinor + shippingMinor,
    ...overrides,
  });
}
