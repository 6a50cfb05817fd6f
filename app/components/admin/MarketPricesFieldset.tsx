import { currencySymbol } from "~/domain/money";
import { marketPriceName, type MarketPriceField } from "~/lib/market-price-fields";

// "Prices in other markets" in the product editor (decision 0030): one optional field per market
// not priced at base. Empty is the converted price, shown as the placeholder; a value is the
// product's own price there, in that market's currency. Plain inputs: it works without JavaScript.

const fieldId = (marketId: string) => `product-market-price-${marketId}`;
/** The error list's id, as the editor's summary links to it (the name with non-alphanumerics as "-"). */
const errorId = (name: string) => `${name.replace(/[^A-Za-z0-9]+/g, "-").replace(/-$/, "")}-error`;

export function MarketPricesFieldset({
  fields,
  values,
  errors,
  readOnly,
}: {
  fields: readonly MarketPriceField[];
  /** Each field's value by market id: the stored own price, or what was sent back with errors. */
  values: Readonly<Record<string, string>>;
  /** Messages by field name (`marketPrices.<market id>`). */
  errors: Readonly<Record<string, string[] | undefined>>;
  readOnly: boolean;
}) {
  if (fields.length === 0) return null;
  return (
    <fieldset className="space-y-4" aria-describedby="market-prices-hint">
      <legend className="text-lg font-semibold">Prices in other markets</legend>
      <p id="market-prices-hint" className="text-sm text-stone-600">
        Leave a field empty to sell at the price converted from the euro price (shown greyed). A price entered here is
        this product&apos;s price in that market whatever its rate; a compare-at price still shows there, converted,
        only while it is above this price.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => {
          const name = marketPriceName(f.marketId);
          const messages = errors[name];
          const invalid = Boolean(messages?.length);
          return (
            <div key={f.marketId}>
              <label htmlFor={fieldId(f.marketId)} className="block text-sm font-medium text-stone-800">
                {f.label}
              </label>
              <div className="mt-1 flex items-center gap-2">
                <span aria-hidden="true" className="text-sm text-stone-500">
                  {currencySymbol(f.currency)}
                </span>
                <input
                  // Saved again (the same page, with JavaScript), it shows the stored price as the shop writes it.
                  key={values[f.marketId] ?? ""}
                  id={fieldId(f.marketId)}
                  type="text"
                  name={name}
                  inputMode={f.currency === "JPY" ? "numeric" : "decimal"}
                  defaultValue={values[f.marketId] ?? ""}
                  placeholder={f.placeholder}
                  readOnly={readOnly}
                  aria-invalid={invalid || undefined}
                  aria-describedby={invalid ? errorId(name) : undefined}
                  className="input read-only:bg-stone-100"
                />
              </div>
              {invalid ? (
                <ul id={errorId(name)} className="mt-1 text-sm text-red-700">
                  {messages!.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
