import type { GiftCardLiability as Liability } from "~/domain/gift-card-liability";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";

/**
 * The outstanding gift card balance (a liability): exact per currency, then an estimated total in the
 * base currency at the markets' current rates, labelled as such.
 */
export function GiftCardLiability({ liability, className }: { liability: Liability; className?: string }) {
  const rows = liability.byCurrency;
  const onlyBase = rows.length === 0 || (rows.length === 1 && rows[0].currency === BASE_CURRENCY);
  return (
    <div className={className} data-testid="gift-card-liability">
      <p>
        Gift cards outstanding (a liability: balances card holders may still spend):{" "}
        {onlyBase ? (
          <span className="font-semibold">{formatMoney(rows[0]?.balanceMinor ?? 0, BASE_CURRENCY)}</span>
        ) : null}
      </p>
      {onlyBase ? null : (
        <>
          <ul className="mt-1 list-inside list-disc">
            {rows.map((row) => (
              <li key={row.currency} data-testid={`gift-card-liability-${row.currency}`}>
                {row.currency}: <span className="font-semibold">{formatMoney(row.balanceMinor, row.currency)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-1" data-testid="gift-card-liability-estimate">
            Estimated total in {BASE_CURRENCY} at the markets&apos; current rates:{" "}
            {formatMoney(liability.estimateBaseMinor, BASE_CURRENCY)}
            {liability.unrated.length
              ? ` (without ${liability.unrated.join(", ")}: no market sells in ${liability.unrated.length === 1 ? "it" : "them"} now)`
              : ""}
            . Rates move: the amounts per currency are what is owed.
          </p>
        </>
      )}
    </div>
  );
}
