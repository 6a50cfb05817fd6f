import type { AppliedPromotion } from "./promotion";
import { giftCardDetailsKey, type GiftCardLineDetails } from "./gift-card-product";
import type { TaxRuleKind } from "./tax-rule";
import { BASE_CURRENCY, type CurrencyCode } from "./money";

// Carts and orders, shared by every store adapter. Money is integer minor units: a cart's of the
// base currency (EUR cents), an order's of its own currency (its market's, `currency`).
// Orders placed before promotions and VAT were recorded lack those fields: read them as zero / none.

import type { Refund } from "./refund-record";
import type { ReturnRequest } from "./return-record";

export interface CartLine {
  productId: string;
  size: string;
  /** Colour name, one of the product's colours. */
  colour: string;
  quantity: number;
  addedAt: string;
  /** On a gift card line only: who it is for, the message and the send date (all optional). */
  giftCard?: GiftCardLineDetails;
}

/** One cart per key: "user:{uid}" for a signed-in shopper, "guest:{token}" for the signed guest cookie. */
export interface Cart {
  id: string;
  lines: CartLine[];
  updatedAt: string;
}

/**
 * pending_payment: stock taken, waiting for the processor. payment_failed: declined, stock released.
 * paid → shipped → delivered. cancelled releases stock; refunded and partially_refunded come from
 * refund records (app/domain/refund.ts), whose lines say which units go back on sale.
 */
export type OrderStatus =
  | "pending_payment"
  | "payment_failed"
  | "paid"
  | "shipped"
  | "delivered"
  | "cancelled"
  | "refunded"
  | "partially_refunded";

export const ORDER_STATUSES: readonly OrderStatus[] = [
  "pending_payment",
  "payment_failed",
  "paid",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "partially_refunded",
];

export interface Address {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string;
}

/** A delivery method's id within its shipping zone ("standard" and "express" in the seeded shop). */
export type ShippingMethodId = string;

/** The delivery an order was placed with, as it was then: a later edit to its zone changes nothing here. */
export interface ShippingChoice {
  method: ShippingMethodId;
  label: string;
  priceMinor: number;
  /** The shipping zone that priced it; absent on orders placed before zones existed. */
  zoneId?: string;
  zoneName?: string;
}

/** A snapshot: later changes to the product never change an order. */
export interface OrderLine {
  productId: string;
  slug: string;
  name: string;
  sku: string;
  size: string;
  colour: string;
  unitPriceMinor: number;
  compareAtMinor: number | null;
  quantity: number;
  imageUrl: string | null;
  /** Promotions' share of this line (the line pays unit × quantity − discount); absent: 0. */
  discountMinor?: number;
  /** VAT included in what the line pays, rounded per line; absent on orders from before VAT was recorded. */
  vatMinor?: number;
  /** A gift card line: what the buyer chose for it. Each unit becomes one card when the order is paid. */
  giftCard?: GiftCardLineDetails;
}

export type PaymentProcessorId = "test-card" | "stripe";
export type PaymentState = "pending" | "succeeded" | "failed" | "refunded";

export interface PaymentRecord {
  processor: PaymentProcessorId;
  state: PaymentState;
  /** The processor's charge / Checkout Session id. */
  reference: string | null;
  cardBrand: string | null;
  /** Never more than the last four digits of a card. */
  cardLast4: string | null;
  /** The shopper-facing reason of the last failure. */
  failureMessage: string | null;
  attempts: number;
}

/** An order's payment before the processor has been asked: what every new order starts with. */
export function pendingPayment(processor: PaymentProcessorId): PaymentRecord {
  return {
    processor,
    state: "pending",
    reference: null,
    cardBrand: null,
    cardLast4: null,
    failureMessage: null,
    attempts: 0,
  };
}

/** One entry of an order's timeline; status null for a note that does not change the status. */
export interface OrderEvent {
  status: OrderStatus | null;
  at: string;
  note: string | null;
  /** "customer", "system", or the acting admin's e-mail. */
  by: string;
}

export interface Order {
  id: string;
  /** Shown to people: "HM-" + 8 characters. */
  number: string;
  email: string;
  userId: string | null;
  lines: OrderLine[];
  subtotalMinor: number;
  /** Sum of the lines' discounts; total = subtotal − discount + shipping. Absent: 0. */
  discountMinor?: number;
  promotions?: AppliedPromotion[];
  shippingMinor: number;
  totalMinor: number;
  /**
   * The part of totalMinor paid by a gift card (taken from it when the order was placed); the card
   * payment charges only the rest. A payment, not a discount: VAT stays on the full price.
   */
  giftCardMinor?: number;
  /** Which card paid giftCardMinor; missing on orders without one. */
  giftCard?: { id: string; last4: string } | null;
  /** Every amount of the order (lines, totals, refunds) is in this currency's minor units: its market's. */
  currency: CurrencyCode;
  /** The market's rate when the order was priced (base currency → `currency`, in millionths): reports convert back at it. */
  rateMicros: number;
  /** The market that priced the order ("europe" for orders from before markets). */
  marketId: string;
  /** Which tax rule of the delivery zone applied (domain/tax-rule); absent on orders from before rules: eu-vat. */
  taxRule?: TaxRuleKind;
  /** The VAT rate in percent the prices include (0 when none was collected); absent on older orders. */
  vatRate?: number;
  /** VAT included in the delivery price. */
  shippingVatMinor?: number;
  /** The lines' VAT plus the delivery's. */
  vatMinor?: number;
  /** Given at payment, sequential within its year ("INV-2026-000123"); absent before payment. */
  invoiceNumber?: string;
  address: Address;
  shipping: ShippingChoice;
  payment: PaymentRecord;
  status: OrderStatus;
  trackingNumber: string | null;
  history: OrderEvent[];
  /** One order per checkout form: the same key placed again returns this order. */
  idempotencyKey: string;
  /** Money given back, oldest first; missing on orders written before refunds existed (none). */
  refunds?: Refund[];
  /** Returns the shopper started, oldest first; missing means none. */
  returns?: ReturnRequest[];
  createdAt: string;
  updatedAt: string;
}

/** A line that could not be bought at placement. */
export interface StockShortfall {
  productId: string;
  name: string;
  size: string;
  colour: string;
  requested: number;
  available: number;
}

export type PlaceOrderResult =
  | { kind: "placed"; order: Order }
  | { kind: "duplicate"; order: Order }
  | { kind: "sold-out"; shortfalls: StockShortfall[] }
  /** The cart is gone or empty: it already became an order (another tab, another instance). */
  | { kind: "cart-empty" }
  /** The cart holds other lines than the order was priced from (changed in another tab). */
  | { kind: "cart-changed" }
  /** A promotion reached its usage limit (in all, or for this customer): nothing was written. */
  | { kind: "promotion-used-up"; promotionId: string }
  /** The gift card cannot pay its part (gone, voided or spent meanwhile): nothing was written. */
  | { kind: "gift-card-refused"; reason: "not-found" | "voided" | "insufficient-balance"; balanceMinor: number };

/** Whether a stored cart still holds exactly the lines an order was priced from (order and add times aside). */
export function sameCartLines(a: readonly CartLine[], b: readonly CartLine[]): boolean {
  const key = (lines: readonly CartLine[]) =>
    lines
      .map(
        (l) =>
          `${l.productId}\u0000${l.size}\u0000${l.colour}\u0000${l.quantity}\u0000${giftCardDetailsKey(l.giftCard)}`,
      )
      .sort()
      .join("\n");
  return key(a) === key(b);
}

export interface OrderTransition {
  /** The change applies only when the order's status is one of these. */
  from: readonly OrderStatus[];
  to: OrderStatus;
  event: OrderEvent;
  /** take: take the lines' quantities from stock again (all or nothing); release: give them back. */
  stock: "take" | "release" | "none";
  patch?: Partial<Pick<Order, "payment" | "trackingNumber" | "invoiceNumber">>;
}

export type TransitionResult =
  | { kind: "ok"; order: Order }
  | { kind: "not-found" }
  | { kind: "conflict"; order: Order }
  | { kind: "sold-out"; order: Order; shortfalls: StockShortfall[] };

export interface OrderListFilter {
  status?: OrderStatus;
  /** Only orders with at least one return (the back office's returns list). */
  withReturns?: boolean;
  userId?: string;
  /** Exact order number or e-mail (case-insensitive). */
  query?: string;
  /** ISO timestamps, inclusive from, exclusive to. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The rate of an order in the base currency at rate 1: what every order from before markets was. */
export const BASE_ORDER_MARKET = { currency: BASE_CURRENCY, rateMicros: 1_000_000, marketId: "europe" } as const;

/**
 * An order as stored, with the market fields orders from before markets lack: those were placed
 * and charged in euros at the base prices. Both stores read every order through this.
 */
export function withOrderMarket(order: Omit<Order, "currency" | "rateMicros" | "marketId"> & Partial<Order>): Order {
  return {
    ...order,
    currency: order.currency ?? BASE_ORDER_MARKET.currency,
    rateMicros: order.rateMicros ?? BASE_ORDER_MARKET.rateMicros,
    marketId: order.marketId ?? BASE_ORDER_MARKET.marketId,
  };
}
