import { Form, Link, useSubmit } from "@remix-run/react";
import { CATEGORIES } from "~/lib/categories";
import { formatWholeMoney, currencySymbol, unitsToMinor } from "~/domain/money";
import { useCurrency } from "~/components/layout/root-data";
import { productsHref, type ProductQuery } from "~/lib/product-query";
import type { ListingResult } from "~/server/services/catalog/catalog-index.server";

/** Moving to another category keeps the search and the sort, and starts the filters afresh. */
const CLEARED = { sizes: [], colours: [], minPrice: null, maxPrice: null, page: 1 };

// Facets as one GET form: checkboxes and price inputs with an Apply button (works without JS);
// with JS the form submits itself on every change.

export function Filters({ query, facets }: { query: ProductQuery; facets: ListingResult["facets"] }) {
  const submit = useSubmit();
  // Bands and bounds are in the shopper's currency, whole units (the listing's loader counts them so).
  const currency = useCurrency();
  const whole = (units: number) => formatWholeMoney(unitsToMinor(units, currency), currency);
  const categoryCounts = new Map(facets.categories.map((c) => [c.value, c.count]));
  return (
    <div className="space-y-8">
      <nav aria-label="Filter by category">
        <h2 className="text-sm font-semibold">Category</h2>
        <ul className="mt-3 space-y-2 text-sm">
          <li>
            <Link
              to={productsHref(query, { category: null, ...CLEARED })}
              aria-current={query.category === null ? "true" : undefined}
              className={query.category === null ? "font-semibold underline" : "text-stone-600 hover:underline"}
            >
              All categories
            </Link>
          </li>
          {CATEGORIES.map((c) => (
            <li key={c.id}>
              <Link
                to={productsHref(query, { category: c.id, ...CLEARED })}
                aria-current={query.category === c.id ? "true" : undefined}
                className={query.category === c.id ? "font-semibold underline" : "text-stone-600 hover:underline"}
              >
                {c.name} <span className="text-stone-500">({categoryCounts.get(c.id) ?? 0})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <Form
        method="get"
        action="/products"
        aria-label="Filters"
        onChange={(e) => {
          // Number fields would submit on every keystroke; they wait for Apply or Enter.
          if ((e.target as HTMLInputElement).type === "checkbox") submit(e.currentTarget, { preventScrollReset: true });
        }}
        className="space-y-8"
      >
        {query.search ? <input type="hidden" name="search" value={query.search} /> : null}
        {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
        {query.sort !== (query.search ? "relevance" : "featured") ? (
          <input type="hidden" name="sort" value={query.sort} />
        ) : null}

        {facets.sizes.length > 0 || query.sizes.length > 0 ? (
          <fieldset>
            <legend className="text-sm font-semibold">Size</legend>
            <div className="mt-3 flex flex-wrap gap-2">
              {mergeSelected(facets.sizes, query.sizes).map((s) => (
                <label key={s.value} className="cursor-pointer">
                  <input
                    type="checkbox"
                    name="size"
                    value={s.value}
                    defaultChecked={query.sizes.includes(s.value)}
                    className="peer sr-only"
                  />
                  <span
                    className={[
                      "inline-flex min-w-11 items-center justify-center rounded-md border border-stone-300 px-2 py-1.5",
                      "text-sm peer-checked:border-stone-900 peer-checked:bg-stone-900 peer-checked:text-white",
                      "peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-stone-900",
                    ].join(" ")}
                  >
                    <span>{s.value}</span>
                    <span className="sr-only"> ({s.count} products)</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {facets.colours.length > 0 || query.colours.length > 0 ? (
          <fieldset>
            <legend className="text-sm font-semibold">Colour</legend>
            <div className="mt-3 space-y-2">
              {mergeSelected(facets.colours, query.colours).map((c) => (
                <label key={c.value} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="colour"
                    value={c.value}
                    defaultChecked={query.colours.includes(c.value)}
                    className="h-4 w-4 rounded border-stone-300"
                  />
                  <span
                    className="swatch h-4 w-4 rounded-full border border-stone-300"
                    style={{ backgroundColor: "hex" in c ? c.hex : undefined }}
                    aria-hidden="true"
                  />
                  {c.value} <span className="text-stone-500">({c.count})</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        <fieldset>
          <legend className="text-sm font-semibold">Price ({currencySymbol(currency)})</legend>
          <ul className="mt-3 space-y-1 text-sm">
            {facets.prices
              .filter((b) => b.count > 0)
              .map((b) => (
                <li key={b.min}>
                  <Link
                    to={productsHref(query, { minPrice: b.min, maxPrice: b.max, page: 1 })}
                    className="text-stone-600 hover:underline"
                  >
                    {b.max === null ? `${whole(b.min)} and up` : `${whole(b.min)} – ${whole(b.max)}`}{" "}
                    <span className="text-stone-500">({b.count})</span>
                  </Link>
                </li>
              ))}
          </ul>
          <div className="mt-3 flex items-end gap-2">
            <PriceBoundInput label="Min" name="min" value={query.minPrice} />
            <PriceBoundInput label="Max" name="max" value={query.maxPrice} />
          </div>
        </fieldset>

        <button type="submit" className="btn-primary w-full">
          Apply filters
        </button>
      </Form>
    </div>
  );
}

/** One bound of the price range, in whole units of the currency (the query's `min`/`max`). */
function PriceBoundInput({ label, name, value }: { label: string; name: "min" | "max"; value: number | null }) {
  return (
    <label className="text-xs text-stone-600">
      {label}
      <input
        type="number"
        name={name}
        min={0}
        step={1}
        inputMode="numeric"
        defaultValue={value ?? ""}
        className="input mt-1 w-20"
      />
    </label>
  );
}

/** Selected values stay visible (with 0) even when the other filters leave none of them. */
function mergeSelected<T extends { value: string; count: number }>(
  facet: T[],
  selected: string[],
): Array<T | { value: string; count: number }> {
  const present = new Set(facet.map((f) => f.value));
  return [...facet, ...selected.filter((s) => !present.has(s)).map((value) => ({ value, count: 0 }))];
}
