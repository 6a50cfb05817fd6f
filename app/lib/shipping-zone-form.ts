import { z } from "zod";
import type { DeliveryMethod, RateBand, ShippingZone } from "~/domain/shipping-zone";
import { BASE_CURRENCY, minorToInput, parseMinor } from "~/domain/money";
import { taxFormFields } from "./tax-rule-form";

// The back office's zone form: a name, the zone's countries (checkboxes), and its delivery methods,
// each a row of fields with its price bands as rows (blank rows are ignored, so the page can offer
// spare ones without JavaScript). Amounts are typed in euros ("4.95"), weights in grams. The shape
// is checked here; what the values mean (bands from 0, no overlap, a country in one zone) is the
// domain's and the service's.

export const MAX_METHODS = 8;
export const MAX_BANDS = 10;

const text = z.string().trim().max(80, "Names and estimates are at most 80 characters.").optional();

const band = z.object({ from: z.string().trim().max(20).optional(), price: z.string().trim().max(20).optional() });

const method = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  name: text,
  estimate: text,
  basis: z.enum(["value", "weight"]).default("value"),
  freeFrom: z.string().trim().max(20).optional(),
  remove: z.string().optional(),
  bands: z.array(band).max(MAX_BANDS).default([]),
});

export const zoneFormSchema = z.object({
  name: z
    .string({ required_error: "Give the zone a name." })
    .trim()
    .min(1, "Give the zone a name.")
    .max(60, "Zone names are at most 60 characters."),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, "Choose countries from the list."))
    .max(300)
    .default([]),
  methods: z.array(method.optional()).max(MAX_METHODS).default([]),
  ...taxFormFields,
});

export type ZoneFormValue = z.infer<typeof zoneFormSchema>;

const methodIdOf = (name: string, taken: Set<string>) => {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 30) || "method";
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
};

/**
 * The zone the form describes, or the messages of what could not be read (an amount that is not
 * euros and cents, a weight that is not whole grams). Methods without a name and bands left blank
 * are spare rows, not part of the zone.
 */
export function zoneFromForm(
  value: ZoneFormValue,
): { ok: true; zone: Pick<ShippingZone, "name" | "countries" | "methods"> } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const taken = new Set<string>();
  const methods: DeliveryMethod[] = [];
  for (const row of value.methods) {
    if (!row || row.remove === "on") continue;
    const blankBands = row.bands.every((b) => !b.from && !b.price);
    if (!row.name && blankBands && !row.freeFrom) continue;
    const name = row.name ?? "";
    const label = name || "A method";
    const bands: RateBand[] = [];
    row.bands.forEach((b, i) => {
      if (!b.from && !b.price) return;
      const from =
        row.basis === "weight"
          ? /^\d{1,9}$/.test(b.from ?? "")
            ? Number(b.from)
            : null
          : parseMinor(b.from ?? "", BASE_CURRENCY);
      const price = parseMinor(b.price ?? "", BASE_CURRENCY);
      if (from === null)
        problems.push(
          `${label}: band ${i + 1} needs where it starts, ${row.basis === "weight" ? "in whole grams (like 2000)" : "in euros (like 50.00)"}.`,
        );
      if (price === null) problems.push(`${label}: band ${i + 1} needs a price in euros (like 4.95), zero or more.`);
      if (from !== null && price !== null) bands.push({ from, priceMinor: price });
    });
    let freeFromMinor: number | null = null;
    if (row.freeFrom) {
      freeFromMinor = parseMinor(row.freeFrom, BASE_CURRENCY);
      if (freeFromMinor === null)
        problems.push(`${label}: free from must be an amount in euros (like 75.00), or empty.`);
    }
    const id = row.id && !taken.has(row.id) ? row.id : methodIdOf(name, taken);
    taken.add(id);
    methods.push({ id, name, estimate: row.estimate ?? "", basis: row.basis, bands, freeFromMinor });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, zone: { name: value.name, countries: [...value.countries].sort(), methods } };
}

/** A zone's methods as the form's rows show them (euros and grams as typed). */
export function formRowsOf(methods: readonly DeliveryMethod[]) {
  const euros = (minor: number) => minorToInput(minor, BASE_CURRENCY);
  return methods.map((m) => ({
    id: m.id,
    name: m.name,
    estimate: m.estimate,
    basis: m.basis,
    freeFrom: m.freeFromMinor === null ? "" : euros(m.freeFromMinor),
    bands: m.bands.map((b) => ({
      from: m.basis === "weight" ? String(b.from) : euros(b.from),
      price: euros(b.priceMinor),
    })),
  }));
}
