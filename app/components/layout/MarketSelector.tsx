import { useLocation } from "@remix-run/react";
import type { CurrencyCode } from "~/domain/money";

// The footer's choice of market: a plain GET form to /market, which keeps the choice in a cookie
// and sends the shopper back to this page, so it works the same with JavaScript off.
export function MarketSelector({
  current,
  choices,
}: {
  current: string;
  choices: ReadonlyArray<{ id: string; name: string; currency: CurrencyCode }>;
}) {
  const location = useLocation();
  return (
    <form method="get" action="/market" className="mt-4 flex flex-wrap items-end gap-2 text-sm">
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <label className="flex flex-col gap-1">
        <span className="font-semibold text-stone-900">Market and currency</span>
        <select name="market" defaultValue={current} className="rounded border border-stone-300 bg-white px-2 py-1">
          {choices.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name} ({m.currency})
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="rounded border border-stone-400 bg-white px-3 py-1 hover:bg-stone-100">
        Change
      </button>
    </form>
  );
}
