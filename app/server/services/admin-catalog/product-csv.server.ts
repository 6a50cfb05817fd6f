import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { CATEGORIES, isCategoryId } from "~/lib/categories";
import { BASE_CURRENCY, inputToMinor, minorToInput } from "~/domain/money";
import { PRODUCT_LIMITS, PRODUCT_SLUG_PATTERN } from "~/lib/product-form";
import type { Colour, Product, ProductInput, ProductStatus, Variant } from "~/domain/product";
import { isGiftCardProduct } from "~/domain/gift-card-product";
import { pricesAreBase, type Market } from "~/domain/market";
import { ownPriceIn, sameOwnPrices, withOwnPrices } from "~/domain/market-own-price";
import { checkOwnPrices } from "~/lib/market-price-fields";

// The product CSV: one line per variant (size × colour), the product's own fields repeated on
// each of its lines, like Shopify's product CSV. Products are matched by slug: a known slug
// updates that product (its images and creation date are kept), a new one creates a product.
// Parsing and checking are pure functions here; product-import.server.ts runs imports.
// After the fixed columns, one optional column per market not priced at base (decision 0030):
// `price_<market id>` (hyphens as underscores: price_united_kingdom), the product's own price there
// in that market's currency, empty for none (the converted price).

export const CSV_COLUMNS = [
  "product_id",
  "slug",
  "name",
  "description",
  "category",
  "material",
  "price",
  "compare_at_price",
  "status",
  "featured",
  "colour",
  "colour_hex",
  "size",
  "sku",
  "stock",
  // Shipping weight in grams (delivery priced by weight); empty: none, counted as 0 g.
  "weight_grams",
] as const;
type Column = (typeof CSV_COLUMNS)[number];
/** Columns an import may leave out (product_id is informative: products are matched by slug). */
const OPTIONAL: ReadonlySet<Column> = new Set([
  "product_id",
  "material",
  "compare_at_price",
  "featured",
  "weight_grams",
]);

/** The column of a market's own prices: price_united_kingdom for the market "united-kingdom". */
export const marketPriceColumn = (marketId: string) => `price_${marketId.replace(/-/g, "_")}`;

/** The markets that have a column of own prices: those not priced at base, in the back office's order. */
const pricedMarkets = (markets: readonly Market[]) => markets.filter((m) => !pricesAreBase(m));

/** Every column of the shop's CSV: the fixed ones, then one of own prices per market not priced at base. */
export const csvColumns = (markets: readonly Market[] = []): string[] => [
  ...CSV_COLUMNS,
  ...pricedMarkets(markets).map((m) => marketPriceColumn(m.id)),
];

export const MAX_CSV_BYTES = 10 * 1024 * 1024;
const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

// ---- export -------------------------------------------------------------------------------

export const csvHeader = (markets: readonly Market[] = []) => stringify([csvColumns(markets)]);

/** The lines of one product; escape_formulas keeps a cell like "=HYPERLINK(…)" inert in spreadsheets. */
export function productCsvLines(p: Product, markets: readonly Market[] = []): string {
  const base = {
    product_id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    category: p.category,
    material: p.material,
    price: minorToInput(p.priceMinor, BASE_CURRENCY),
    compare_at_price: minorToInput(p.compareAtMinor, BASE_CURRENCY),
    status: p.status,
    featured: p.featured ? "true" : "false",
  };
  // Its own price in each market with a column, as the editor shows it ("42.99", "7990"); empty: converted.
  const ownPrices = pricedMarkets(markets).map((m) => {
    const own = ownPriceIn(p.marketPrices, m.id);
    return own === null ? "" : minorToInput(own, m.currency);
  });
  const hex = new Map(p.colours.map((c) => [c.name, c.hex]));
  const variants: Array<Partial<Variant>> = p.variants.length ? p.variants : [{}];
  const rows = variants.map((v) => [
    ...CSV_COLUMNS.map((col) => {
      switch (col) {
        case "colour":
          return v.colour ?? "";
        case "colour_hex":
          return v.colour ? (hex.get(v.colour) ?? "") : "";
        case "size":
          return v.size ?? "";
        case "sku":
          return v.sku ?? "";
        case "stock":
          return v.stock === undefined ? "" : String(v.stock);
        case "weight_grams":
          return v.weightGrams === undefined ? "" : String(v.weightGrams);
        default:
          return base[col];
      }
    }),
    ...ownPrices,
  ]);
  return stringify(rows, { escape_formulas: true });
}

// ---- import: parsing and checking -----------------------------------------------------------

export type RowOutcome = "create" | "update" | "unchanged" | "reject";

export interface PlannedRow {
  line: number;
  slug: string;
  sku: string;
  outcome: RowOutcome;
  reasons: string[];
}

export interface PlannedProduct {
  slug: string;
  name: string;
  outcome: Exclude<RowOutcome, "reject"> | "reject";
  /** Top-level fields that change (updates). */
  changes: string[];
  lines: number[];
  /** What will be written; null when rejected or unchanged. */
  input: ProductInput | null;
  /** The stored product it replaces (updates), for the audit log. */
  before: Product | null;
}

export interface ImportPlan {
  /** A problem with the whole file (wrong columns, not CSV): nothing can be imported. */
  fileError: string | null;
  rows: PlannedRow[];
  products: PlannedProduct[];
  counts: { create: number; update: number; unchanged: number; reject: number; rejectedLines: number };
}

type Raw = Record<string, string>;

/** Undo the export's formula escaping: a leading apostrophe before = + - @ is not data. */
const unescape = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

export function parseCsv(text: string, markets: readonly Market[] = []): { records: Raw[]; error: string | null } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: false });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { records: [], error: `The file could not be read as CSV: ${message.slice(0, 200)}` };
  }
  if (!records.length)
    return { records: [], error: "The file is empty: it needs a header line and at least one product line." };
  const header = records[0].map((h) => h.trim().toLowerCase());
  const columns = csvColumns(markets);
  const atBase = header
    .map((h) => markets.find((m) => pricesAreBase(m) && marketPriceColumn(m.id) === h))
    .find((m) => m !== undefined);
  if (atBase)
    return {
      records: [],
      error:
        `The column ${marketPriceColumn(atBase.id)} is for ${atBase.name}, which is priced at base: its prices are ` +
        "the price column. Remove the column.",
    };
  const unknown = header.filter((h) => !columns.includes(h));
  if (unknown.length)
    return {
      records: [],
      error: `Unknown column${unknown.length > 1 ? "s" : ""}: ${unknown.slice(0, 5).join(", ")}. The columns are: ${columns.join(", ")}.`,
    };
  const missing = CSV_COLUMNS.filter((c) => !OPTIONAL.has(c) && !header.includes(c));
  if (missing.length)
    return {
      records: [],
      error: `Missing column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. The columns are: ${columns.join(", ")}.`,
    };
  const duplicated = header.filter((h, i) => header.indexOf(h) !== i);
  if (duplicated.length) return { records: [], error: `The column ${duplicated[0]} appears twice.` };
  if (records.length === 1) return { records: [], error: "The file has a header line but no product lines." };
  return {
    error: null,
    records: records.slice(1).map((cells) => {
      const raw: Raw = { __cells: String(cells.length) };
      header.forEach((h, i) => (raw[h] = unescape((cells[i] ?? "").trim())));
      return raw;
    }),
  };
}

interface CheckedRow {
  line: number;
  raw: Raw;
  reasons: string[];
  product: {
    slug: string;
    name: string;
    description: string;
    category: string;
    material: string;
    priceMinor: number | null;
    compareAtMinor: number | null;
    status: string;
    featured: boolean;
    /** Own prices by market id from the file's market columns (null: empty cell, converted); {} without any. */
    ownPrices: Record<string, number | null>;
  };
  /** weightGrams: undefined when the file has no weight_grams column (the stored weights are kept). */
  variant: { colour: string; hex: string; size: string; sku: string; stock: number; weightGrams?: number | null };
}

const STATUSES: readonly ProductStatus[] = ["draft", "active", "archived"];
const FEATURED: Record<string, boolean> = {
  "": false,
  true: true,
  false: false,
  yes: true,
  no: false,
  "1": true,
  "0": false,
};

function checkRow(raw: Raw, line: number, columns: number, markets: readonly Market[]): CheckedRow {
  const reasons: string[] = [];
  if (Number(raw.__cells) !== columns) reasons.push(`Has ${raw.__cells} cells where the header has ${columns}.`);
  const slug = raw.slug ?? "";
  if (!PRODUCT_SLUG_PATTERN.test(slug) || slug.length > PRODUCT_LIMITS.slug)
    reasons.push(`Bad slug “${slug.slice(0, 40)}”: use lower-case letters, digits and single hyphens.`);
  const name = raw.name ?? "";
  if (!name || name.length > PRODUCT_LIMITS.name)
    reasons.push(`The name must have 1 to ${PRODUCT_LIMITS.name} characters.`);
  const description = raw.description ?? "";
  if (!description || description.length > PRODUCT_LIMITS.description)
    reasons.push(`The description must have 1 to ${PRODUCT_LIMITS.description} characters.`);
  const category = (raw.category ?? "").toLowerCase();
  if (!isCategoryId(category))
    reasons.push(`Unknown category “${category.slice(0, 40)}”: use one of ${CATEGORIES.map((c) => c.id).join(", ")}.`);
  const material = raw.material ?? "";
  if (material.length > PRODUCT_LIMITS.material)
    reasons.push(`The material must have at most ${PRODUCT_LIMITS.material} characters.`);
  const priceMinor = inputToMinor(raw.price ?? "", BASE_CURRENCY);
  if (priceMinor === null)
    reasons.push(
      `Bad price “${(raw.price ?? "").slice(0, 20)}”: a number of at least 0 with at most 2 decimals, like 49.90.`,
    );
  let compareAtMinor: number | null = null;
  if (raw.compare_at_price) {
    compareAtMinor = inputToMinor(raw.compare_at_price, BASE_CURRENCY);
    if (compareAtMinor === null)
      reasons.push(
        `Bad compare-at price “${raw.compare_at_price.slice(0, 20)}”: a number with at most 2 decimals, or empty.`,
      );
    else if (priceMinor !== null && compareAtMinor <= priceMinor)
      reasons.push("The compare-at price must be higher than the price, or empty.");
  }
  const status = (raw.status ?? "").toLowerCase();
  if (!STATUSES.includes(status as ProductStatus))
    reasons.push(`Bad status “${status.slice(0, 20)}”: use draft, active or archived.`);
  const featuredText = (raw.featured ?? "").toLowerCase();
  if (!(featuredText in FEATURED))
    reasons.push(`Bad featured value “${featuredText.slice(0, 20)}”: use true or false.`);
  const colour = raw.colour ?? "";
  if (!colour || colour.length > PRODUCT_LIMITS.colourName)
    reasons.push(`The colour must have 1 to ${PRODUCT_LIMITS.colourName} characters.`);
  const hex = (raw.colour_hex ?? "").toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(hex)) reasons.push(`Bad colour hex “${hex.slice(0, 20)}”: use #rrggbb.`);
  const size = raw.size ?? "";
  if (!size || size.length > PRODUCT_LIMITS.size)
    reasons.push(`The size must have 1 to ${PRODUCT_LIMITS.size} characters.`);
  const sku = raw.sku ?? "";
  if (!SKU_PATTERN.test(sku))
    reasons.push(`Bad SKU “${sku.slice(0, 40)}”: 1 to 64 letters, digits, dots, hyphens or underscores.`);
  const stockText = raw.stock ?? "";
  const stock = /^\d{1,6}$/.test(stockText) ? Number(stockText) : NaN;
  if (Number.isNaN(stock)) reasons.push(`Bad stock “${stockText.slice(0, 20)}”: a whole number of at least 0.`);
  let weightGrams: number | null | undefined;
  if ("weight_grams" in raw) {
    const weightText = raw.weight_grams;
    weightGrams = weightText === "" ? null : /^\d{1,7}$/.test(weightText) ? Number(weightText) : undefined;
    if (weightGrams === undefined)
      reasons.push(`Bad weight “${weightText.slice(0, 20)}”: a whole number of grams, or empty for none.`);
  }
  // Own prices, by the editor's one rule (checkOwnPrices); a market without a column keeps its stored price.
  const sentPrices: Record<string, string> = {};
  for (const m of pricedMarkets(markets))
    if (marketPriceColumn(m.id) in raw) sentPrices[m.id] = raw[marketPriceColumn(m.id)]!;
  const checkedPrices = checkOwnPrices(markets, sentPrices);
  if (!checkedPrices.ok)
    for (const problem of checkedPrices.problems)
      reasons.push(
        `Bad ${marketPriceColumn(problem.marketId)} “${sentPrices[problem.marketId]!.slice(0, 20)}”: ${problem.message}`,
      );
  return {
    line,
    raw,
    reasons,
    product: {
      slug,
      name,
      description,
      category,
      material,
      priceMinor,
      compareAtMinor,
      status,
      featured: FEATURED[featuredText] ?? false,
      ownPrices: checkedPrices.ok ? checkedPrices.prices : {},
    },
    variant: { colour, hex, size, sku, stock, weightGrams },
  };
}

const PRODUCT_FIELDS = [
  ["name", "name"],
  ["description", "description"],
  ["category", "category"],
  ["material", "material"],
  ["priceMinor", "price"],
  ["compareAtMinor", "compare_at_price"],
  ["status", "status"],
  ["featured", "featured"],
  ["ownPrices", "price in a market"],
] as const;

export interface PlanContext {
  /** Slug -> id of the stored product. */
  slugOwners: Map<string, string>;
  /** Upper-case SKU -> id of the stored product that has it. */
  skuOwners: Map<string, string>;
  load(id: string): Promise<Product | null>;
  newId(): string;
  /** The shop's markets: those not priced at base have a column of own prices. */
  markets?: readonly Market[];
}

/** Check every line and work out, per product, what an apply would do. Writes nothing. */
export async function planImport(text: string, ctx: PlanContext): Promise<ImportPlan> {
  const empty = { rows: [], products: [], counts: { create: 0, update: 0, unchanged: 0, reject: 0, rejectedLines: 0 } };
  const markets = ctx.markets ?? [];
  const { records, error } = parseCsv(text, markets);
  if (error) return { fileError: error, ...empty };
  const columns = Object.keys(records[0]).length - 1;
  // Line 1 is the header, so the first product line is line 2 (as a spreadsheet numbers it).
  const rows = records.map((raw, i) => checkRow(raw, i + 2, columns, markets));

  const skuLine = new Map<string, number>();
  for (const row of rows) {
    const key = row.variant.sku.toUpperCase();
    if (!key) continue;
    const first = skuLine.get(key);
    if (first !== undefined) row.reasons.push(`Duplicated SKU ${row.variant.sku}: also on line ${first}.`);
    else skuLine.set(key, row.line);
  }

  const bySlug = new Map<string, CheckedRow[]>();
  for (const row of rows) {
    const list = bySlug.get(row.product.slug) ?? [];
    list.push(row);
    bySlug.set(row.product.slug, list);
  }

  // The stored products the file changes, read 50 at a time rather than one after another.
  const ownerIds = [...bySlug.keys()].map((slug) => ctx.slugOwners.get(slug)).filter((id): id is string => Boolean(id));
  const storedById = new Map<string, Product>();
  for (let i = 0; i < ownerIds.length; i += 50) {
    const batch = await Promise.all(ownerIds.slice(i, i + 50).map((id) => ctx.load(id)));
    for (const p of batch) if (p) storedById.set(p.id, p);
  }

  const products: PlannedProduct[] = [];
  for (const [slug, group] of bySlug) {
    const first = group[0];
    const ownerId = ctx.slugOwners.get(slug) ?? null;
    const seenCells = new Map<string, number>();
    const colourHex = new Map<string, string>();
    for (const row of group) {
      if (row !== first) {
        for (const [key, column] of PRODUCT_FIELDS) {
          if (JSON.stringify(row.product[key]) !== JSON.stringify(first.product[key]))
            row.reasons.push(`The ${column.replace(/_/g, " ")} differs from line ${first.line} of the same product.`);
        }
      }
      const cell = `${row.variant.size}\u0000${row.variant.colour}`;
      const firstCell = seenCells.get(cell);
      if (firstCell !== undefined)
        row.reasons.push(`Size ${row.variant.size} in ${row.variant.colour} is also on line ${firstCell}.`);
      else seenCells.set(cell, row.line);
      const hex = colourHex.get(row.variant.colour);
      if (hex !== undefined && hex !== row.variant.hex)
        row.reasons.push(`${row.variant.colour} has another hex (${hex}) on an earlier line.`);
      else colourHex.set(row.variant.colour, row.variant.hex);
      const skuOwner = ctx.skuOwners.get(row.variant.sku.toUpperCase());
      if (skuOwner && skuOwner !== ownerId)
        row.reasons.push(`Duplicated SKU ${row.variant.sku}: another product already uses it.`);
    }
    const stored = ownerId ? (storedById.get(ownerId) ?? null) : null;
    if (stored && isGiftCardProduct(stored) && Object.values(first.product.ownPrices).some((p) => p !== null))
      first.reasons.push("A gift card product is sold at its amounts: it cannot have prices in markets.");
    const rejected = group.some((r) => r.reasons.length > 0);
    if (rejected) {
      for (const row of group)
        if (!row.reasons.length) row.reasons.push("Not imported: another line of this product has errors.");
      products.push({
        slug,
        name: first.product.name,
        outcome: "reject",
        changes: [],
        lines: group.map((r) => r.line),
        input: null,
        before: null,
      });
      continue;
    }
    const existing = ownerId ? (storedById.get(ownerId) ?? null) : null;
    const colours: Colour[] = [...colourHex].map(([name, hex]) => ({ name, hex }));
    const sizes = [...new Set(group.map((r) => r.variant.size))];
    const p = first.product;
    const marketPrices = withOwnPrices(existing?.marketPrices, p.ownPrices);
    const input: ProductInput = {
      id: existing?.id ?? ctx.newId(),
      slug,
      name: p.name,
      description: p.description,
      category: p.category as ProductInput["category"],
      material: p.material,
      priceMinor: p.priceMinor!,
      compareAtMinor: p.compareAtMinor,
      status: p.status as ProductStatus,
      featured: p.featured,
      colours,
      sizes,
      variants: group.map((r) => {
        // Without a weight_grams column the stored weight stays; an empty cell removes it.
        const weight =
          r.variant.weightGrams !== undefined
            ? r.variant.weightGrams
            : existing?.variants.find((v) => v.sku.toUpperCase() === r.variant.sku.toUpperCase())?.weightGrams;
        return {
          size: r.variant.size,
          colour: r.variant.colour,
          sku: r.variant.sku,
          stock: r.variant.stock,
          // Absent rather than undefined: Firestore stores no undefined fields.
          ...(typeof weight === "number" ? { weightGrams: weight } : {}),
        };
      }),
      // The file carries no images: they are kept, and a tag of a colour the file removed is dropped.
      images: (existing?.images ?? []).map(({ colour, ...image }) =>
        colour && colours.some((c) => c.name === colour) ? { ...image, colour } : image,
      ),
      createdAt: existing?.createdAt,
      // Absent when it has none and gets none (Firestore stores no undefined fields).
      ...(marketPrices !== undefined ? { marketPrices } : {}),
    };
    const changes = existing ? changedProductFields(existing, input) : [];
    const outcome = !existing ? "create" : changes.length ? "update" : "unchanged";
    products.push({
      slug,
      name: p.name,
      outcome,
      changes,
      lines: group.map((r) => r.line),
      input: outcome === "unchanged" ? null : input,
      before: existing,
    });
  }

  const outcomeOf = new Map(products.map((p) => [p.slug, p.outcome]));
  const planned: PlannedRow[] = rows.map((r) => ({
    line: r.line,
    slug: r.product.slug,
    sku: r.variant.sku,
    outcome: r.reasons.length ? "reject" : outcomeOf.get(r.product.slug)!,
    reasons: r.reasons,
  }));
  return {
    fileError: null,
    rows: planned,
    products,
    counts: {
      create: products.filter((p) => p.outcome === "create").length,
      update: products.filter((p) => p.outcome === "update").length,
      unchanged: products.filter((p) => p.outcome === "unchanged").length,
      reject: products.filter((p) => p.outcome === "reject").length,
      rejectedLines: planned.filter((r) => r.outcome === "reject").length,
    },
  };
}

const COMPARED: ReadonlyArray<keyof ProductInput> = [
  "name",
  "description",
  "category",
  "material",
  "priceMinor",
  "compareAtMinor",
  "status",
  "featured",
  "colours",
  "sizes",
  "variants",
];

function changedProductFields(before: Product, after: ProductInput): string[] {
  const changed: string[] = COMPARED.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return sameOwnPrices(before.marketPrices, after.marketPrices) ? changed : [...changed, "marketPrices"];
}
