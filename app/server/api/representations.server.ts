import type { Order } from "~/domain/commerce";
import type { CurrencyCode } from "~/domain/money";
import { pricesAreBase, type Market } from "~/domain/market";
import { ownPriceIn } from "~/domain/market-own-price";
import type { OutboxSubject } from "~/domain/outbox";
import type { Product } from "~/domain/product";
import type { Refund } from "~/domain/refund-record";
import type { Profile } from "~/domain/profile";
import type { ReturnRequest } from "~/domain/return-record";

// What the admin API (and webhook payloads) say of the shop's records: a stable, documented shape
// (openapi.server.ts), apart from how the store keeps them, so the store may change without
// breaking a caller. Money is in integer minor units (cents) with the currency named.

export interface ApiVariant {
  sku: string;
  size: string;
  colour: string;
  stock: number;
  /** Hemline prices per product: every variant of a product has its price. */
  priceMinor: number;
}

export interface ApiProduct {
  id: string;
  slug: string;
  name: string;
  status: Product["status"];
  category: string;
  currency: "EUR";
  priceMinor: number;
  compareAtMinor: number | null;
  /** Greater after every change; send it back with a write so a change made since is not overwritten. */
  version: number;
  createdAt: string;
  updatedAt: string;
  variants: ApiVariant[];
  /**
   * The product's own prices in markets not priced at base (decision 0030), by market id, each in
   * that market's currency and minor units; a market left out sells it at the converted price.
   * Absent from webhook payloads (rendered without the markets).
   */
  marketPrices?: Record<string, { priceMinor: number; currency: CurrencyCode }>;
}

export const variantJson = (p: Product, v: Product["variants"][number]): ApiVariant => ({
  sku: v.sku,
  size: v.size,
  colour: v.colour,
  stock: v.stock,
  priceMinor: p.priceMinor,
});

/** The own prices the API shows: of markets that exist and are not priced at base (the only ones ever read). */
export function marketPricesJson(p: Product, markets: readonly Market[]): NonNullable<ApiProduct["marketPrices"]> {
  const shown: NonNullable<ApiProduct["marketPrices"]> = {};
  for (const m of markets) {
    const own = pricesAreBase(m) ? null : ownPriceIn(p.marketPrices, m.id);
    if (own !== null) shown[m.id] = { priceMinor: own, currency: m.currency };
  }
  return shown;
}

/** A product as the API shows it; with `markets` (every API answer), its own prices in them too. */
export const productJson = (p: Product, markets?: readonly Market[]): ApiProduct => ({
  id: p.id,
  slug: p.slug,
  name: p.name,
  status: p.status,
  category: p.category,
  currency: "EUR",
  priceMinor: p.priceMinor,
  compareAtMinor: p.compareAtMinor,
  version: p.seq,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
  variants: p.variants.map((v) => variantJson(p, v)),
  ...(markets ? { marketPrices: marketPricesJson(p, markets) } : {}),
});

export const refundJson = (r: Refund) => ({
  id: r.id,
  amountMinor: r.amountMinor,
  reason: r.reason,
  state: r.state,
  returnId: r.returnId,
  at: r.at,
  lines: r.lines.map((l) => ({ sku: l.sku, quantity: l.quantity, restock: l.restock })),
});

export const orderJson = (o: Order) => ({
  id: o.id,
  number: o.number,
  status: o.status,
  email: o.email,
  customerId: o.userId,
  /** Every amount of the order is in its currency's minor units (its market's). */
  currency: o.currency,
  /** The market's rate when the order was priced (euros → currency, in millionths): 1000000 for euro orders. */
  rateMicros: o.rateMicros,
  subtotalMinor: o.subtotalMinor,
  discountMinor: o.discountMinor ?? 0,
  shippingMinor: o.shippingMinor,
  totalMinor: o.totalMinor,
  vatMinor: o.vatMinor ?? null,
  invoiceNumber: o.invoiceNumber ?? null,
  trackingNumber: o.trackingNumber,
  shippingMethod: o.shipping.method,
  shippingAddress: { ...o.address },
  paymentState: o.payment.state,
  lines: o.lines.map((l) => ({
    sku: l.sku,
    productId: l.productId,
    name: l.name,
    size: l.size,
    colour: l.colour,
    quantity: l.quantity,
    unitPriceMinor: l.unitPriceMinor,
    discountMinor: l.discountMinor ?? 0,
  })),
  statusHistory: o.history.map((e) => ({ status: e.status, at: e.at, note: e.note, by: e.by })),
  refunds: (o.refunds ?? []).map(refundJson),
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
});

export type ApiOrder = ReturnType<typeof orderJson>;

export const customerJson = (p: Profile) => ({
  id: p.uid,
  email: p.email,
  name: p.displayName,
  createdAt: p.createdAt,
});

export const returnJson = (o: Order, r: ReturnRequest) => ({
  id: r.id,
  number: r.number,
  orderId: o.id,
  orderNumber: o.number,
  status: r.status,
  reason: r.reason,
  lines: r.lines.map((l) => ({ sku: l.sku, quantity: l.quantity, restock: l.restock })),
  refundId: r.refundId,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** A webhook event's `data`: what it is about, as the API shows it. */
export function outboxSubjectJson(subject: OutboxSubject): unknown {
  switch (subject.kind) {
    case "order":
      return orderJson(subject.order);
    case "product":
      return productJson(subject.product);
    case "return": {
      const request = subject.order.returns?.find((r) => r.id === subject.returnId);
      return request ? returnJson(subject.order, request) : orderJson(subject.order);
    }
  }
}
