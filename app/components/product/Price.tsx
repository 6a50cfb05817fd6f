import { useCurrency } from "~/components/layout/root-data";
import { formatMoney } from "~/domain/money";
import { discountPercent } from "~/domain/percent";

// A price on a card or a product page: always in the shopper's market's currency, as loaders price them.

export function Price({
  priceMinor,
  compareAtMinor,
  size = "sm",
}: {
  priceMinor: number;
  compareAtMinor: number | null;
  size?: "sm" | "lg";
}) {
  const currency = useCurrency();
  const percent = discountPercent(priceMinor, compareAtMinor);
  const big = size === "lg";
  if (percent > 0 && compareAtMinor) {
    return (
      <p
        data-price={priceMinor}
        className={
          big ? "flex flex-wrap items-baseline gap-x-3 text-2xl" : "flex flex-wrap items-baseline gap-x-2 text-sm"
        }
      >
        <span className="font-semibold text-red-700">
          <span className="sr-only">Sale price </span>
          {formatMoney(priceMinor, currency)}
        </span>
        <s className="text-stone-500">
          <span className="sr-only">Was </span>
          {formatMoney(compareAtMinor, currency)}
        </s>
        <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-semibold text-red-700">−{percent}%</span>
      </p>
    );
  }
  return (
    <p data-price={priceMinor} className={big ? "text-2xl font-semibold" : "text-sm font-semibold"}>
      {formatMoney(priceMinor, currency)}
    </p>
  );
}
