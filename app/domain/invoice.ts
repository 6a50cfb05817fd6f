import type { Order } from "./commerce";
import type { CurrencyCode } from "./money";
import { taxRuleStatement, vatCollected } from "./tax-rule";

// What an invoice states, from the order as it was paid. Prices include VAT; the VAT of each line
// and of delivery was rounded per line at checkout, so the rows add up to the totals exactly.

/** When an order was paid (its first "paid" event): its invoice date; undefined for an order never paid. */
export const paidAt = (order: Pick<Order, "history">) => order.history.find((e) => e.status === "paid")?.at;

/** "INV-{year}-{six digits}": one series per calendar year. */
export const formatInvoiceNumber = (series: string, n: number) => `INV-${series}-${String(n).padStart(6, "0")}`;

export function parseInvoiceNumber(number: string): { series: string; n: number } | null {
  const match = /^INV-(\d{4})-(\d{6,})$/.exec(number);
  return match ? { series: match[1]!, n: Number(match[2]) } : null;
}

export interface InvoiceRow {
  description: string;
  detail: string | null;
  quantity: number;
  unitPriceMinor: number;
  discountMinor: number;
  /** What the row paid, VAT included. */
  amountMinor: number;
  vatMinor: number;
}

export interface Invoice {
  number: string;
  /** When the payment was recorded (the invoice date). */
  issuedAt: string;
  vatRate: number;
  /** Every amount of the invoice is in this currency: the order's. */
  currency: CurrencyCode;
  /** Which tax rule applied, as the invoice states it: "VAT 20 % (UK)", "No VAT charged: …". */
  taxStatement: string;
  /** Whether VAT is included at all (false: the import notice stands in for the VAT figures). */
  vatCharged: boolean;
  rows: InvoiceRow[];
  netMinor: number;
  vatMinor: number;
  totalMinor: number;
  /** How the total was paid: a gift card's part (a payment, not a discount: VAT is on the full total) and the rest by card. */
  payments: Array<
    { method: "gift-card"; last4: string; amountMinor: number } | { method: "card"; amountMinor: number }
  >;
}

/** The invoice of a paid order; null for an order without an invoice number (not paid yet). */
export function invoiceOf(order: Order): Invoice | null {
  if (!order.invoiceNumber) return null;
  const rows: InvoiceRow[] = order.lines.map((line) => {
    const discountMinor = line.discountMinor ?? 0;
    return {
      description: line.name,
      detail: `${line.colour} · Size ${line.size} · SKU ${line.sku}`,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      discountMinor,
      amountMinor: line.unitPriceMinor * line.quantity - discountMinor,
      vatMinor: line.vatMinor ?? 0,
    };
  });
  rows.push({
    description: `Delivery: ${order.shipping.label}`,
    detail: null,
    quantity: 1,
    unitPriceMinor: order.shippingMinor,
    discountMinor: 0,
    amountMinor: order.shippingMinor,
    vatMinor: order.shippingVatMinor ?? 0,
  });
  const totalMinor = rows.reduce((sum, r) => sum + r.amountMinor, 0);
  const vatMinor = rows.reduce((sum, r) => sum + r.vatMinor, 0);
  const giftCardMinor = order.giftCardMinor ?? 0;
  const payments: Invoice["payments"] = [];
  if (giftCardMinor > 0)
    payments.push({ method: "gift-card", last4: order.giftCard?.last4 ?? "", amountMinor: giftCardMinor });
  if (totalMinor - giftCardMinor > 0) payments.push({ method: "card", amountMinor: totalMinor - giftCardMinor });
  return {
    number: order.invoiceNumber,
    issuedAt: paidAt(order) ?? order.updatedAt,
    vatRate: order.vatRate ?? 0,
    currency: order.currency,
    taxStatement: taxRuleStatement(order),
    vatCharged: vatCollected(order),
    rows,
    netMinor: totalMinor - vatMinor,
    vatMinor,
    totalMinor,
    payments,
  };
}
