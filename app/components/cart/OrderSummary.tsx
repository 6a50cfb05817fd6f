import { formatMoney } from "~/lib/money";

/** Subtotal, savings, delivery and total: the same figures on the cart, checkout and order pages. */
export function OrderSummary({
  subtotalMinor,
  savingsMinor,
  shippingMinor,
  shippingLabel,
  estimate = false,
}: {
  subtotalMinor: number;
  savingsMinor: number;
  shippingMinor: number;
  shippingLabel: string;
  /** The cart shows delivery as an estimate: the method is chosen at checkout. */
  estimate?: boolean;
}) {
  return (
    <>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd data-testid="subtotal">{formatMoney(subtotalMinor)}</dd>
        </div>
        {savingsMinor > 0 ? (
          <div className="flex justify-between text-red-700">
            <dt>You save</dt>
            <dd data-testid="savings">{formatMoney(savingsMinor)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>
            {shippingLabel}
            {estimate ? " (estimate)" : ""}
          </dt>
          <dd data-testid="shipping">{shippingMinor === 0 ? "Free" : formatMoney(shippingMinor)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd data-testid="total">{formatMoney(subtotalMinor + shippingMinor)}</dd>
        </div>
      </dl>
      {/* A <dl> holds only name-value groups: the note follows it. */}
      <p className="mt-2 text-xs text-stone-600">Prices include VAT.</p>
    </>
  );
}
