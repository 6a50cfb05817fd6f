import type { Order } from "~/domain/commerce";
import { type CurrencyCode, BASE_CURRENCY, formatMoney } from "~/domain/money";
import { taxRuleStatement, vatCollected } from "~/domain/tax-rule";

/** An order's VAT breakdown; undefined for orders from before VAT was recorded. */
export function orderVat(order: Pick<Order, "vatRate" | "vatMinor" | "shippingVatMinor" | "taxRule">) {
  if (order.vatRate === undefined || order.vatMinor === undefined) return undefined;
  // No VAT collected (import, the UK above its threshold): the notice says why, in place of the figures.
  if (!vatCollected(order)) return { notice: taxRuleStatement(order) };
  const shippingMinor = order.shippingVatMinor ?? 0;
  return {
    rate: order.vatRate,
    uk: order.taxRule === "uk-vat",
    linesMinor: order.vatMinor - shippingMinor,
    shippingMinor,
    totalMinor: order.vatMinor,
  };
}

export interface SummaryPromotion {
  name: string;
  code: string | null;
  discountMinor: number;
  kind: string;
}

/** Subtotal, savings, discounts, delivery and total (and VAT on orders): the same figures on the cart, checkout and order pages. */
export function OrderSummary({
  subtotalMinor,
  savingsMinor,
  shippingMinor,
  shippingLabel,
  estimate = false,
  discountMinor = 0,
  promotions = [],
  vat,
  taxNotice = null,
  giftCard = null,
  currency = BASE_CURRENCY,
}: {
  subtotalMinor: number;
  savingsMinor: number;
  shippingMinor: number;
  shippingLabel: string;
  /** The cart shows delivery as an estimate: the method is chosen at checkout. */
  estimate?: boolean;
  discountMinor?: number;
  promotions?: readonly SummaryPromotion[];
  /** An order's VAT breakdown (rate in percent), or why none was collected; the cart and checkout only say prices include it. */
  vat?: ReturnType<typeof orderVat>;
  /** The cart's and checkout's notice for a destination where no VAT is collected (the tax service's). */
  taxNotice?: string | null;
  /** An order's gift-card payment: a payment, listed under the total, not a discount. */
  giftCard?: { last4: string; amountMinor: number } | null;
  /** The currency its amounts are in: the cart's market's; an order's own (euros until orders keep theirs). */
  currency?: CurrencyCode;
}) {
  return (
    <>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="subtotal">{formatMoney(subtotalMinor, currency)}</dd>
        </div>
        {savingsMinor > 0 ? (
          <div className="flex justify-between text-red-700">
            <dt>You save</dt>
            <dd data-testid="savings">{formatMoney(savingsMinor, currency)}</dd>
          </div>
        ) : null}
        {promotions
          .filter((p) => p.discountMinor > 0)
          .map((p) => (
            <div key={`${p.name}-${p.code}`} className="flex justify-between text-red-700">
              <dt>
                Discount: {p.name}
                {p.code ? ` (${p.code})` : ""}
              </dt>
              <dd>−{formatMoney(p.discountMinor, currency)}</dd>
            </div>
          ))}
        {discountMinor > 0 ? (
          <div className="flex justify-between text-red-700">
            <dt>Discounts</dt>
            <dd data-testid="discount">−{formatMoney(discountMinor, currency)}</dd>
          </div>
        ) : null}
        {promotions
          .filter((p) => p.kind === "free_delivery")
          .map((p) => (
            <div key={`${p.name}-${p.code}-delivery`} className="flex justify-between">
              <dt>
                Free standard delivery: {p.name}
                {p.code ? ` (${p.code})` : ""}
              </dt>
              <dd>Applied</dd>
            </div>
          ))}
        <div className="flex justify-between">
          <dt>
            {shippingLabel}
            {estimate ? " (estimate)" : ""}
          </dt>
          <dd data-testid="shipping">{shippingMinor === 0 ? "Free" : formatMoney(shippingMinor, currency)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="total">{formatMoney(subtotalMinor - discountMinor + shippingMinor, currency)}</dd>
        </div>
        {giftCard ? (
          <>
            <div className="flex justify-between">
              <dt>Paid by gift card ending {giftCard.last4}</dt>
              <dd data-testid="paid-by-gift-card">{formatMoney(giftCard.amountMinor, currency)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>Paid by card</dt>
              <dd data-testid="paid-by-card">
                {formatMoney(subtotalMinor - discountMinor + shippingMinor - giftCard.amountMinor, currency)}
              </dd>
            </div>
          </>
        ) : null}
      </dl>
      {vat && "notice" in vat ? (
        <p className="mt-2 text-xs text-stone-700" data-testid="tax-notice">
          {vat.notice}
        </p>
      ) : vat ? (
        <section aria-label="VAT" className="mt-3 text-xs text-stone-700" data-testid="vat-breakdown">
          <p className="font-medium">
            VAT included at {vat.rate}%{vat.uk ? " (UK)" : ""}
          </p>
          <dl className="mt-1 space-y-1">
            <div className="flex justify-between">
              <dt>VAT on items</dt>
              <dd>{formatMoney(vat.linesMinor, currency)}</dd>
            </div>
            <div className="flex justify-between">
              <dt>VAT on delivery</dt>
              <dd>{formatMoney(vat.shippingMinor, currency)}</dd>
            </div>
            <div className="flex justify-between font-semibold">
              <dt>Total VAT</dt>
              <dd data-testid="vat-total">{formatMoney(vat.totalMinor, currency)}</dd>
            </div>
          </dl>
        </section>
      ) : (
        /* A <dl> holds only name-value groups: the note follows it. */
        <p className="mt-2 text-xs text-stone-600" data-testid={taxNotice ? "tax-notice" : undefined}>
          {taxNotice ?? "Prices include VAT."}
        </p>
      )}
    </>
  );
}
