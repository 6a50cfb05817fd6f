import { CodeEntryForm } from "~/components/forms/CodeEntryForm";
import { formatMoney, type CurrencyCode } from "~/domain/money";

/** The gift card at checkout: apply one (its code), or remove the one applied. Posts to the page's own action. */
export function GiftCardForm({
  applied,
  error,
}: {
  /** The applied card: what it pays of the total with standard delivery, and the rest to pay by card. */
  applied: {
    last4: string;
    balanceMinor: number;
    /** The card's currency: the order's too, unless `problem` says it cannot pay. */
    currency: CurrencyCode;
    giftCardMinor: number;
    restMinor: number;
    problem: string | null;
  } | null;
  /** The last apply's refusal. */
  error: string | null;
}) {
  return (
    <CodeEntryForm
      field={{ id: "gift-card-code", name: "giftCardCode" }}
      label="Gift card"
      applyIntent="apply-gift-card"
      removeIntent="remove-gift-card"
      applyHint="gift card"
      placeholder="XXXX-XXXX-XXXX-XXXX"
      className="mt-4 border-t border-stone-200 pt-4"
      error={error}
      applied={
        applied
          ? {
              testId: "gift-card-applied",
              summary: (
                <>
                  Gift card ending <span className="font-semibold">{applied.last4}</span> (balance{" "}
                  {formatMoney(applied.balanceMinor, applied.currency)})
                </>
              ),
              what: `gift card ending ${applied.last4}`,
              details: applied.problem ? (
                <p role="note" className="mt-2 rounded bg-amber-50 px-2 py-1 text-amber-900">
                  {applied.problem}
                </p>
              ) : (
                <p className="mt-1 text-stone-700">
                  With standard delivery:{" "}
                  <span data-testid="gift-card-pays">{formatMoney(applied.giftCardMinor, applied.currency)}</span> paid
                  by the gift card,{" "}
                  <span className="font-semibold" data-testid="rest-to-pay">
                    {formatMoney(applied.restMinor, applied.currency)}
                  </span>{" "}
                  left to pay by card.
                </p>
              ),
            }
          : null
      }
    />
  );
}
