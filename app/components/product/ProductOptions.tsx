import { Link, useLocation, useNavigation } from "@remix-run/react";
import { QuantityInput } from "./QuantityInput";
import { AddToCartForm, useAdding, type AddToCartFailure } from "./AddToCartForm";
import { useHydrated } from "remix-utils/use-hydrated";
import { availabilityLabel, availabilityOf, soldOutEverywhere, stockFor } from "~/domain/sellable";
import type { Colour, Variant } from "~/domain/product";

interface Props {
  productId: string;
  category: string;
  colours: Colour[];
  sizes: string[];
  variants: Variant[];
  /** The colour chosen (the page's ?colour=, or the first on sale); see useChosenColour. */
  colour: string;
  /** The server's answer to the last add (missing size, sold out, too many). */
  failure: AddToCartFailure | null;
}

/**
 * The colour on screen: the one the page was loaded with, or, while a colour link is loading
 * (with JS), the one just chosen, so the choice and the pictures answer at once.
 */
export function useChosenColour(colours: Colour[], loaded: string): string {
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location;
  if (!next || next.pathname !== location.pathname) return loaded;
  const pending = new URLSearchParams(next.search).get("colour");
  return colours.some((c) => c.name === pending) ? pending! : loaded;
}

/**
 * Each colour is a link to this page with ?colour= (so the pictures of that colour come first,
 * without JS too); with JS it replaces the page's data in place. The form carries the colour
 * chosen; sizes are radio inputs. Without JS a size is disabled only when it is sold out in every
 * colour, and the availability table shows each combination; with JS the sizes follow the colour.
 */
export function ProductOptions({ productId, category, colours, sizes, variants, colour, failure }: Props) {
  const adding = useAdding();
  const hydrated = useHydrated();
  const nothingToSell = soldOutEverywhere(variants);
  const oneSize = sizes.length === 1;

  return (
    <AddToCartForm productId={productId} colour={colour} failure={failure}>
      <fieldset>
        <legend className="text-sm font-semibold">
          Colour: <span className="font-normal">{colour}</span>
        </legend>
        <ul className="mt-3 flex flex-wrap gap-3">
          {colours.map((c) => {
            const chosen = c.name === colour;
            return (
              <li key={c.name}>
                <Link
                  to={`/products/${productId}?colour=${encodeURIComponent(c.name)}`}
                  replace
                  preventScrollReset
                  aria-current={chosen ? "true" : undefined}
                  className={[
                    "flex items-center gap-2 rounded-full border py-1 pl-1 pr-3 text-sm",
                    "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900",
                    chosen ? "border-stone-900 ring-1 ring-stone-900" : "border-stone-300 hover:border-stone-500",
                  ].join(" ")}
                >
                  <span
                    className="swatch h-6 w-6 rounded-full border border-stone-300"
                    style={{ backgroundColor: c.hex }}
                    aria-hidden="true"
                  />
                  {c.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold">Size</legend>
        <div className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-6">
          {sizes.map((size) => {
            const stock = hydrated ? stockFor(variants, size, colour) : stockFor(variants, size);
            const availability = availabilityOf(stock);
            const soldOut = availability.state === "sold-out";
            return (
              <label key={size} className={soldOut ? "cursor-not-allowed" : "cursor-pointer"}>
                <input
                  type="radio"
                  name="size"
                  value={size}
                  required
                  disabled={soldOut}
                  defaultChecked={oneSize && !soldOut}
                  className="peer sr-only"
                />
                <span
                  className={[
                    "flex flex-col items-center rounded-md border px-2 py-2 text-sm",
                    "peer-checked:border-stone-900 peer-checked:bg-stone-900 peer-checked:text-white",
                    "peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2",
                    "peer-focus-visible:outline-stone-900",
                    soldOut ? "border-stone-200 text-stone-500 line-through" : "border-stone-300",
                  ].join(" ")}
                >
                  {size}
                  {availability.state !== "in-stock" ? (
                    <span className="text-[11px] no-underline">{availabilityLabel(availability)}</span>
                  ) : null}
                </span>
              </label>
            );
          })}
        </div>
        <p className="mt-2 text-sm">
          <Link to={`/size-guide#${category}`} className="underline">
            Size guide
          </Link>
        </p>
      </fieldset>

      <details className="text-sm">
        <summary className="cursor-pointer text-stone-700 underline">Availability by colour and size</summary>
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-left text-xs">
            <caption className="sr-only">Stock for each colour and size</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3">
                  Colour
                </th>
                {sizes.map((s) => (
                  <th key={s} scope="col" className="px-2 py-1">
                    {s}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {colours.map((c) => (
                <tr key={c.name} className="border-t border-stone-100">
                  <th scope="row" className="py-1 pr-3 font-medium">
                    {c.name}
                  </th>
                  {sizes.map((s) => (
                    <td key={s} className="px-2 py-1">
                      {availabilityLabel(availabilityOf(stockFor(variants, s, c.name)))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>

      <div className="flex items-end gap-3">
        <QuantityInput />
        <button type="submit" className="btn-primary flex-1" disabled={nothingToSell || adding}>
          {nothingToSell ? "Sold out" : adding ? "Adding…" : "Add to cart"}
        </button>
      </div>
    </AddToCartForm>
  );
}
