import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { formatMoney } from "~/lib/money";

/** The gift card at checkout: apply one (its code), or remove the one applied. Posts to the page's own action. */
export function GiftCardForm({
  applied,
  error,
}: {
  /** The applied card: what it pays of the total with standard delivery, and the rest to pay by card. */
  applied: {
    last4: string;
    balanceMinor: number;
    giftCardMinor: number;
    restMinor: number;
    problem: string | null;
  } | null;
  /** The last apply's refusal. */
  error: string | null;
}) {
  return (
    <div className="mt-4 border-t border-stone-200 pt-4">
      {applied ? (
        <Form method="post" className="text-sm" data-testid="gift-card-applied">
          <AuthenticityTokenInput />
          <div className="flex items-center justify-between gap-3">
            <p>
              Gift card ending <span className="font-semibold">{applied.last4}</span> (balance{" "}
              {formatMoney(applied.balanceMinor)})
            </p>
            <button type="submit" name="intent" value="remove-gift-card" className="underline">
              Remove <span className="sr-only">gift card ending {applied.last4}</span>
            </button>
          </div>
          {applied.problem ? (
            <p role="note" className="mt-2 rounded bg-amber-50 px-2 py-1 text-amber-900">
              {applied.problem}
            </p>
          ) : (
            <p className="mt-1 text-stone-700">
              With standard delivery: <span data-testid="gift-card-pays">{formatMoney(applied.giftCardMinor)}</span>{" "}
              paid by the gift card,{" "}
              <span className="font-semibold" data-testid="rest-to-pay">
                {formatMoney(applied.restMinor)}
              </span>{" "}
              left to pay by card.
            </p>
          )}
        </Form>
      ) : (
        <Form method="post" className="text-sm">
          <AuthenticityTokenInput />
          <label htmlFor="gift-card-code" className="font-medium">
            Gift card
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="gift-card-code"
              name="giftCardCode"
              className="input w-full uppercase"
              autoComplete="off"
              placeholder="XXXX-XXXX-XXXX-XXXX"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "gift-card-error" : undefined}
            />
            <button type="submit" name="intent" value="apply-gift-card" className="btn-secondary">
              Apply <span className="sr-only">gift card</span>
            </button>
          </div>
        </Form>
      )}
      {error ? (
        <p id="gift-card-error" role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
