import type { Colour, Variant } from "~/domain/product";
import { GIFT_CARD_UNITS, type GiftCardAmount } from "~/domain/gift-card-product";
import { BASE_CURRENCY } from "~/domain/money";

// Variants are the size × colour grid. A cell keeps the SKU it had; a new cell gets one made
// from the product's slug, the colour and the size (unique because the slug is).

const code = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

export function makeSku(slug: string, colour: string, size: string): string {
  const tail = `-${code(colour)}-${code(size)}`;
  return `${code(slug).slice(0, 64 - tail.length)}${tail}`;
}

export function buildVariants(
  slug: string,
  sizes: string[],
  colours: Colour[],
  stock: number[][],
  skus: string[][],
  /** The variants before the edit: a cell keeps its shipping weight unless `weightGrams` sets them all. */
  previous: readonly Variant[] = [],
  /** The editor's one weight for every variant; null keeps each cell's own (the CSV sets them one by one). */
  weightGrams: number | null = null,
): Variant[] {
  const used = new Set<string>();
  const variants: Variant[] = [];
  sizes.forEach((size, s) =>
    colours.forEach((colour, c) => {
      let sku = skus[s]?.[c]?.trim() || makeSku(slug, colour.name, size);
      // Two cells can never share a SKU (a colour renamed into another's old name, say).
      if (used.has(sku.toUpperCase())) sku = makeSku(slug, colour.name, size);
      used.add(sku.toUpperCase());
      const weight = weightGrams ?? previous.find((v) => v.size === size && v.colour === colour.name)?.weightGrams;
      variants.push({
        size,
        colour: colour.name,
        sku,
        stock: stock[s]?.[c] ?? 0,
        ...(weight !== undefined ? { weightGrams: weight } : {}),
      });
    }),
  );
  return variants;
}

/** The stock of one cell, 0 when the product has no such variant. */
export function cellStock(variants: Variant[], size: string, colour: string): Variant | undefined {
  return variants.find((v) => v.size === size && v.colour === colour);
}

/** The weight the editor shows: the one every variant shares, or empty when they differ or have none. */
export function sharedWeight(variants: readonly Variant[]): string {
  const weights = new Set(variants.map((v) => v.weightGrams));
  const [only] = weights;
  return weights.size === 1 && only !== undefined ? String(only) : "";
}

/**
 * A gift card's variants: one per currency, amount and colour, each with its value, never out of stock and
 * weightless. An amount and colour that existed keeps its SKU.
 */
export function giftCardVariants(
  slug: string,
  values: { sizes: string[]; colours: Colour[]; giftCardAmounts: GiftCardAmount[] },
  previous: readonly Variant[],
): Variant[] {
  const skus = values.sizes.map((size) =>
    values.colours.map((c) => previous.find((v) => v.size === size && v.colour === c.name)?.sku ?? ""),
  );
  const stock = values.sizes.map(() => values.colours.map(() => GIFT_CARD_UNITS));
  return buildVariants(slug, values.sizes, values.colours, stock, skus).map((v) => {
    const { minor, currency } = values.giftCardAmounts[values.sizes.indexOf(v.size)];
    // No currency on a euro amount, as before currencies: a card saved unchanged stays the same data.
    return { ...v, giftCardMinor: minor, ...(currency === BASE_CURRENCY ? {} : { giftCardCurrency: currency }) };
  });
}
