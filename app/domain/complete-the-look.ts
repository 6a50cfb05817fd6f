// "Complete the look": what the product page and the cart suggest alongside a product. Products
// bought together in paid orders first (by how many orders paired them), then products of the same
// category in the same colour family. Pure rules; the catalogue says what is on sale.

export type ColourFamily = "neutrals" | "blues" | "reds" | "greens" | "earth" | "brights";

/** The shop's colour names, by family (an admin's new colour falls back to its hex: familyOfHex). */
const NAMED: Record<string, ColourFamily> = {
  white: "neutrals",
  black: "neutrals",
  cream: "neutrals",
  charcoal: "neutrals",
  stone: "neutrals",
  grey: "neutrals",
  gray: "neutrals",
  "black wash": "neutrals",
  navy: "blues",
  sky: "blues",
  "indigo wash": "blues",
  "light wash": "blues",
  burgundy: "reds",
  blush: "reds",
  red: "reds",
  sage: "greens",
  olive: "greens",
  forest: "greens",
  rust: "earth",
  camel: "earth",
  cognac: "earth",
  tan: "earth",
  gold: "earth",
};

/** A colour's family from its "#rrggbb": greys by saturation, the rest by hue. */
export function familyOfHex(hex: string): ColourFamily {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return "neutrals";
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => parseInt(x, 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 0.12) return "neutrals";
  const d = max - min;
  const hue = max === r ? (((g - b) / d) % 6) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
  const h = (hue + 360) % 360;
  if (h < 15 || h >= 330) return "reds";
  if (h < 50) return "earth";
  if (h < 70) return "brights";
  if (h < 170) return "greens";
  if (h < 260) return "blues";
  return "reds";
}

export function colourFamily(colour: { name: string; hex: string }): ColourFamily {
  return NAMED[colour.name.trim().toLowerCase()] ?? familyOfHex(colour.hex);
}

export function coloursFamilies(colours: ReadonlyArray<{ name: string; hex: string }>): Set<ColourFamily> {
  return new Set(colours.map(colourFamily));
}

/**
 * The most products of one order that are paired: 10 gives at most 45 pairs. An order of more
 * distinct products is a bulk buy that says little about what is worn together, and its pairs would
 * grow as n²; 45 writes keep the count one small transaction (Firestore allows 500).
 */
export const MAX_PRODUCTS_PAIRED = 10;

/** Each unordered pair of an order's distinct products (the first MAX_PRODUCTS_PAIRED, in line order), smaller id first. */
export function pairsOfOrder(productIds: readonly string[]): Array<[string, string]> {
  const distinct = [...new Set(productIds)].slice(0, MAX_PRODUCTS_PAIRED);
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < distinct.length; i++)
    for (let j = i + 1; j < distinct.length; j++) {
      const [a, b] = [distinct[i], distinct[j]];
      pairs.push(a < b ? [a, b] : [b, a]);
    }
  return pairs;
}

/** A product bought with another, and in how many paid orders. */
export interface Partner {
  productId: string;
  count: number;
}

/** What the rules need of a product on sale (the catalogue's card). */
export interface LookCandidate {
  id: string;
  category: string;
  colours: ReadonlyArray<{ name: string; hex: string }>;
  soldOut: boolean;
}

/** How many suggestions a product page shows. */
export const LOOK_SIZE = 4;

/**
 * The suggestions for `anchors` (one product: its page; several: a cart), best first, at most `limit`:
 * partners by count (summed over the anchors; ties by id), then `fallback` (candidates in the
 * catalogue's order) of an anchor's category sharing one of its colour families. Never an anchor,
 * an `exclude`d product, one the catalogue does not list (`onSale` gives undefined: unpublished or
 * gone) or one sold out everywhere.
 */
export function completeTheLook(input: {
  anchors: readonly LookCandidate[];
  partners: readonly Partner[];
  onSale: (id: string) => LookCandidate | undefined;
  fallback: Iterable<LookCandidate>;
  exclude?: ReadonlySet<string>;
  limit: number;
}): string[] {
  const { anchors, limit } = input;
  const skip = new Set([...anchors.map((a) => a.id), ...(input.exclude ?? [])]);
  const out: string[] = [];
  const take = (c: LookCandidate | undefined) => {
    if (!c || c.soldOut || skip.has(c.id) || out.length >= limit) return;
    out.push(c.id);
    skip.add(c.id);
  };
  const summed = new Map<string, number>();
  for (const p of input.partners) summed.set(p.productId, (summed.get(p.productId) ?? 0) + p.count);
  const ranked = [...summed].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  for (const [id] of ranked) take(input.onSale(id));
  if (out.length >= limit) return out;
  const looks = anchors.map((a) => ({ category: a.category, families: coloursFamilies(a.colours) }));
  for (const c of input.fallback) {
    if (out.length >= limit) break;
    if (skip.has(c.id) || c.soldOut) continue;
    const families = coloursFamilies(c.colours);
    if (looks.some((l) => l.category === c.category && [...families].some((f) => l.families.has(f)))) take(c);
  }
  return out;
}
