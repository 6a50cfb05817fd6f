import { BASE_ORDER_MARKET, type Order, type OrderStatus } from "~/domain/commerce";

/** A made-up order for the back office's e-mail previews (never stored, never sent). */
export function sampleOrder(status: OrderStatus): Order {
  const at = "2026-11-20T10:00:00.000Z";
  return {
    id: "00000000-0000-4000-8000-000000000000",
    number: "HM-SAMPLE00",
    email: "ada@example.com",
    userId: null,
    lines: [
      {
        productId: "p0001",
        slug: "sample",
        name: "Organic Cotton Crew T-Shirt",
        sku: "SAMPLE-1",
        size: "M",
        colour: "Navy",
        unitPriceMinor: 2995,
        compareAtMinor: null,
        quantity: 2,
        imageUrl: null,
      },
      {
        productId: "p0002",
        slug: "sample-2",
        name: "Selvedge Slim Jeans",
        sku: "SAMPLE-2",
        size: "32",
        colour: "Indigo",
        unitPriceMinor: 8900,
        compareAtMinor: null,
        quantity: 1,
        imageUrl: null,
      },
    ],
    subtotalMinor: 14890,
    shippingMinor: 0,
    totalMinor: 14890,
    ...BASE_ORDER_MARKET,
    address: {
      name: "Ada Shopper",
      line1: "12 Grafton Street",
      line2: "",
      city: "Dublin",
      postalCode: "D02 X285",
      country: "IE",
      phone: "",
    },
    shipping: { method: "standard", label: "Standard delivery", priceMinor: 0 },
    payment: {
      processor: "test-card",
      state: status === "payment_failed" ? "failed" : status === "refunded" ? "refunded" : "succeeded",
      reference: null,
      cardBrand: "Visa",
      cardLast4: "4242",
      failureMessage: status === "payment_failed" ? "Your card was declined." : null,
      attempts: 1,
    },
    status,
    trackingNumber: status === "shipped" || status === "delivered" ? "JD014600006281234567" : null,
    history: [{ status, at, note: null, by: "system" }],
    idempotencyKey: "sample",
    // A partial refund states the part given back, not the order's total.
    refunds:
      status === "partially_refunded"
        ? [
            {
              id: "sample-refund",
              amountMinor: 5990,
              reason: "One item returned",
              lines: [],
              state: "succeeded",
              reference: null,
              returnId: null,
              at,
              by: "admin@hemline.example",
            },
          ]
        : [],
    createdAt: at,
    updatedAt: at,
  };
}
