import type { TaxRule } from "./tax-rule";

// Shipping zones: where the shop delivers and what delivery costs there. A zone is a set of
// countries (a country is in at most one zone; a country in none is not delivered to) with its
// delivery methods. A method prices an order by bands of the order's value (its items, before
// discounts, as the free-delivery threshold always has) or of its weight, and may be free from a
// value. Checkout, the order, the info pages and the feed all price delivery with these rules.

/** What a method's bands are counted in: the items' value in cents, or the cart's weight in grams. */
export type RateBasis = "value" | "weight";

/** A band starts at `from` (cents or grams, inclusive) and runs up to the next band's start. */
export interface RateBand {
  from: number;
  priceMinor: number;
}

export interface DeliveryMethod {
  /** Unique within its zone; what the checkout form posts. */
  id: string;
  name: string;
  /** "2–4 working days". */
  estimate: string;
  basis: RateBasis;
  /** Sorted by `from`; the first starts at 0. */
  bands: RateBand[];
  /** Free when the items are worth at least this (cents); null: never free. */
  freeFromMinor: number | null;
}

export interface ShippingZone {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2 codes, upper case. */
  countries: string[];
  /** In the order checkout offers them; the first is the zone's standard method. */
  methods: DeliveryMethod[];
  /** Zones are listed by this, then by name. */
  position: number;
  /** What VAT an order delivered here includes (domain/tax-rule); absent (a zone from before rules): eu-vat. */
  taxRule?: TaxRule;
  updatedAt: string;
}

/** What delivery is priced on: the items' value (cents, before discounts) and weight (grams). */
export interface Parcel {
  subtotalMinor: number;
  weightGrams: number;
}

/** A method priced for one parcel: what checkout offers and the order keeps. */
export interface DeliveryQuote {
  methodId: string;
  name: string;
  estimate: string;
  /** "Standard delivery (3–5 working days)". */
  label: string;
  priceMinor: number;
  zoneId: string;
  zoneName: string;
}

export function zoneOf(zones: readonly ShippingZone[], country: string): ShippingZone | null {
  const code = country.toUpperCase();
  return zones.find((z) => z.countries.includes(code)) ?? null;
}

/** The price of the band that holds `amount`: the last band starting at or below it. */
export function bandPrice(bands: readonly RateBand[], amount: number): number {
  let price = bands[0]?.priceMinor ?? 0;
  for (const band of bands) if (band.from <= amount) price = band.priceMinor;
  return price;
}

export function methodPrice(method: DeliveryMethod, parcel: Parcel): number {
  if (method.freeFromMinor !== null && parcel.subtotalMinor >= method.freeFromMinor) return 0;
  return bandPrice(method.bands, method.basis === "weight" ? parcel.weightGrams : parcel.subtotalMinor);
}

export const methodLabel = (method: Pick<DeliveryMethod, "name" | "estimate">) =>
  method.estimate ? `${method.name} (${method.estimate})` : method.name;

/** Every method of the zone, priced for the parcel, in the zone's order. */
export function quotesFor(zone: ShippingZone, parcel: Parcel): DeliveryQuote[] {
  return zone.methods.map((m) => ({
    methodId: m.id,
    name: m.name,
    estimate: m.estimate,
    label: methodLabel(m),
    priceMinor: methodPrice(m, parcel),
    zoneId: zone.id,
    zoneName: zone.name,
  }));
}

/** Whether two sets of quotes offer the same methods at the same prices (so a new address changes nothing). */
export function sameQuotes(a: readonly DeliveryQuote[], b: readonly DeliveryQuote[]): boolean {
  return (
    a.length === b.length &&
    a.every((q, i) => q.methodId === b[i].methodId && q.priceMinor === b[i].priceMinor && q.label === b[i].label)
  );
}

/** The weight of a cart's lines: a line whose variant has no weight counts as 0 g. */
export function parcelWeight(lines: ReadonlyArray<{ weightGrams: number | null | undefined; quantity: number }>) {
  return lines.reduce((sum, l) => sum + (l.weightGrams ?? 0) * l.quantity, 0);
}

/** The first country of `zone` that another zone already holds, with that zone. */
export function countryClash(
  zones: readonly ShippingZone[],
  zone: Pick<ShippingZone, "id" | "countries">,
): { country: string; zone: ShippingZone } | null {
  for (const other of zones) {
    if (other.id === zone.id) continue;
    const country = zone.countries.find((c) => other.countries.includes(c));
    if (country) return { country, zone: other };
  }
  return null;
}

/**
 * What is wrong with a zone as the back office would save it, as messages an owner can act on;
 * empty when it can be saved (the clash with other zones is checked where they are read: see countryClash).
 */
export function zoneProblems(zone: Pick<ShippingZone, "name" | "countries" | "methods">): string[] {
  const problems: string[] = [];
  if (!zone.name.trim()) problems.push("Give the zone a name.");
  if (zone.countries.length === 0) problems.push("Choose at least one country for the zone.");
  if (new Set(zone.countries).size !== zone.countries.length) problems.push("A country is listed twice in the zone.");
  if (zone.methods.length === 0)
    problems.push("Add at least one delivery method: a zone without one delivers nowhere.");
  const ids = new Set<string>();
  for (const method of zone.methods) {
    const name = method.name.trim() || "A method";
    if (!method.name.trim()) problems.push("Give every delivery method a name.");
    if (!/^[a-z0-9-]{1,40}$/.test(method.id))
      problems.push(`${name}: the method needs an id of letters, digits and hyphens.`);
    if (ids.has(method.id)) problems.push(`${name}: two methods have the same id.`);
    ids.add(method.id);
    problems.push(...bandProblems(name, method));
    if (method.freeFromMinor !== null && (!Number.isInteger(method.freeFromMinor) || method.freeFromMinor < 0))
      problems.push(`${name}: the free-from amount must be zero or more.`);
  }
  return problems;
}

function bandProblems(name: string, method: DeliveryMethod): string[] {
  const unit = method.basis === "weight" ? "g" : "cents";
  if (method.bands.length === 0) return [`${name}: give at least one price band.`];
  const problems: string[] = [];
  if (method.bands[0].from !== 0) problems.push(`${name}: the first band must start at 0 ${unit}.`);
  method.bands.forEach((band, i) => {
    if (!Number.isInteger(band.priceMinor) || band.priceMinor < 0)
      problems.push(`${name}: band ${i + 1}'s price must be zero or more.`);
    if (!Number.isInteger(band.from) || band.from < 0)
      problems.push(`${name}: band ${i + 1} must start at zero or more.`);
    else if (i > 0 && band.from <= method.bands[i - 1].from)
      problems.push(`${name}: band ${i + 1} overlaps band ${i}: each band must start above the one before.`);
  });
  return problems;
}

/** The zones as they were configured before zones existed: every delivery country, standard and express. */
export function flatRateZone(
  countries: readonly string[],
  rates: { standardMinor: number; expressMinor: number; freeFromMinor: number },
  at: string,
): ShippingZone {
  return {
    id: "europe",
    name: "Europe",
    countries: [...countries],
    position: 0,
    updatedAt: at,
    methods: [
      {
        id: "standard",
        name: "Standard delivery",
        estimate: "3–5 working days",
        basis: "value",
        bands: [{ from: 0, priceMinor: rates.standardMinor }],
        freeFromMinor: rates.freeFromMinor,
      },
      {
        id: "express",
        name: "Express delivery",
        estimate: "1–2 working days",
        basis: "value",
        bands: [{ from: 0, priceMinor: rates.expressMinor }],
        freeFromMinor: null,
      },
    ],
  };
}
