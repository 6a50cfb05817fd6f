import { CATEGORIES, type CategoryId } from "~/lib/categories";
import { BELT_SIZES, ONE_SIZE, SHOE_SIZES, SIZES_BY_CATEGORY, WAIST_SIZES } from "~/lib/sizes";
import { GARMENT_VIEWS, type GarmentView } from "~/server/media/garment-svg.server";
import type { ProductImage, ProductInput, Variant } from "~/domain/product";
import { BASE_CURRENCY, minorToUnits, unitsToMinor } from "~/domain/money";
import { CARE_HINTS, PALETTE, SEEDS, type ProductSeed } from "./catalogue-data.server";

// The demo catalogue: deterministic (same products on every fresh start), realistic prices,
// sales, stock per size × colour with some sold out and some low, and 2–4 images each.

/** Dates are spread back from here, so a reseed gives the same catalogue. */
const REFERENCE_DATE = Date.parse("2026-11-01T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

/** mulberry32: a tiny seeded PRNG. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function sizesFor(category: CategoryId, name: string, rand: () => number): string[] {
  if (category === "accessories") return /belt/i.test(name) ? [...BELT_SIZES] : [ONE_SIZE];
  if (category === "jeans") {
    const start = Math.floor(rand() * 2);
    return WAIST_SIZES.slice(start, start + 9);
  }
  if (category === "shoes") {
    const start = /ballet|mary jane|platform/i.test(name) ? 0 : 2;
    return SHOE_SIZES.slice(start, start + 9);
  }
  return [...SIZES_BY_CATEGORY[category]];
}

/** Prices end in .00, .90 or .95 like a real shop's. */
function priceMinor(base: number, rand: () => number): number {
  const euros = Math.max(9, Math.round(base * (0.9 + rand() * 0.2)));
  const ending = [0, 90, 95][Math.floor(rand() * 3)];
  return ending === 0 ? unitsToMinor(euros, BASE_CURRENCY) : unitsToMinor(euros - 1, BASE_CURRENCY) + ending;
}

function stockLevel(rand: () => number): number {
  const roll = rand();
  if (roll < 0.1) return 0; // sold out
  if (roll < 0.2) return 1 + Math.floor(rand() * 3); // low
  return 4 + Math.floor(rand() * 37);
}

function careHint(material: string): string {
  const lower = material.toLowerCase();
  const key = Object.keys(CARE_HINTS).find((k) => k !== "default" && lower.includes(k));
  return CARE_HINTS[key ?? "default"];
}

function images(
  category: CategoryId,
  name: string,
  colours: Array<{ name: string; hex: string }>,
  count: number,
): ProductImage[] {
  const views: GarmentView[] = ["front", ...GARMENT_VIEWS.filter((v) => v !== "front")];
  return Array.from({ length: count }, (_, i) => {
    const view = views[i % views.length];
    // The first image shows the first colour; later ones show the other colours where there are any.
    const colour = colours[i === 0 ? 0 : i % colours.length];
    const label = view === "flat" ? "flat lay" : view === "detail" ? "detail" : `${view} view`;
    return {
      url: `/media/v1/${category}/${view}/${colour.hex.slice(1).toLowerCase()}.svg`,
      alt: `${name} in ${colour.name}, ${label}`,
      width: 800,
      height: 1000,
      // Each generated picture is of one colour: tagged, so choosing that colour shows it first.
      colour: colour.name,
    };
  });
}

// SKU parts are a pure function of a colour name or a size; caching them keeps the
// 100,000-product benchmark seed from slugifying millions of times.
const skuParts = new Map<string, string>();
function skuPart(text: string, maxLength?: number): string {
  const key = `${maxLength ?? ""}|${text}`;
  let part = skuParts.get(key);
  if (part === undefined) {
    part = slugify(text).replace(/-/g, "").slice(0, maxLength).toUpperCase();
    skuParts.set(key, part);
  }
  return part;
}

function variantsFor(id: string, sizes: string[], colours: Array<{ name: string }>, rand: () => number): Variant[] {
  return colours.flatMap((c) =>
    sizes.map((size) => ({
      size,
      colour: c.name,
      sku: `${id.toUpperCase()}-${skuPart(c.name, 6)}-${skuPart(size)}`,
      stock: stockLevel(rand),
    })),
  );
}

function buildProduct(
  id: string,
  category: CategoryId,
  seed: ProductSeed,
  index: number,
  rand: () => number,
  slug: string,
): ProductInput {
  const colours = seed.colours.map((name) => ({ name, hex: PALETTE[name] ?? "#888888" }));
  const sizes = sizesFor(category, seed.name, rand);
  const price = priceMinor(seed.price, rand);
  const onSale = rand() < 0.25;
  // A compare-at price in whole euros, 15 to 40% above the price.
  const compareAt = onSale
    ? unitsToMinor(Math.round(minorToUnits(price * (1.15 + rand() * 0.25), BASE_CURRENCY)), BASE_CURRENCY)
    : null;
  const variants = variantsFor(id, sizes, colours, rand);
  const createdAt = new Date(REFERENCE_DATE - Math.floor(rand() * 120 * DAY)).toISOString();
  return {
    id,
    slug,
    name: seed.name,
    description: `${seed.about} ${careHint(seed.material)}`,
    category,
    material: seed.material,
    priceMinor: price,
    compareAtMinor: compareAt && compareAt > price ? compareAt : null,
    status: "active",
    featured: index < 2,
    colours,
    sizes,
    variants,
    images: images(category, seed.name, colours, 2 + Math.floor(rand() * 3)),
    createdAt,
    updatedAt: createdAt,
  };
}

export function buildSeedCatalogue(): ProductInput[] {
  const rand = random(20261101);
  const products: ProductInput[] = [];
  let n = 0;
  for (const category of CATEGORIES) {
    SEEDS[category.id].forEach((seed, index) => {
      n += 1;
      const id = `p${String(n).padStart(4, "0")}`;
      products.push(buildProduct(id, category.id, seed, index, rand, slugify(seed.name)));
    });
  }
  // A few products that are not for sale, so drafts and archives are visible in the back office.
  for (const id of ["p0020", "p0050"]) products.find((p) => p.id === id)!.status = "draft";
  products.find((p) => p.id === "p0080")!.status = "archived";
  // Every product with a choice of sizes shows at least one sold-out option: where chance gave
  // none, the largest size in the last colour sells out (no random draws, so nothing else shifts).
  for (const p of products) {
    if (p.sizes.length > 1 && !p.variants.some((v) => v.stock === 0)) p.variants[p.variants.length - 1].stock = 0;
  }
  // p0001 is the test shopper's tee: M in stock in its first colour, XXL sold out in every colour.
  for (const v of products[0].variants) {
    if (v.size === "M" && v.colour === products[0].colours[0].name) v.stock = Math.max(v.stock, 12);
    if (v.size === "XXL") v.stock = 0;
  }
  return products;
}

const ADJECTIVES = [
  "Classic",
  "Everyday",
  "Relaxed",
  "Tailored",
  "Essential",
  "Heritage",
  "Modern",
  "Soft",
  "Easy",
  "Studio",
  "Weekend",
  "Coastal",
  "Urban",
  "Alpine",
  "Nordic",
  "Vintage",
];

/** 100,000-product catalogues for benchmarks, in batches of 1,000: combinations of the seed data. */
export function* buildLargeCatalogue(count: number): Generator<ProductInput[]> {
  const rand = random(42);
  let batch: ProductInput[] = [];
  for (let i = 0; i < count; i++) {
    const category = CATEGORIES[i % CATEGORIES.length].id;
    const seeds = SEEDS[category];
    const seed = seeds[Math.floor(i / CATEGORIES.length) % seeds.length];
    const adjective = ADJECTIVES[Math.floor(i / (CATEGORIES.length * seeds.length)) % ADJECTIVES.length];
    const id = `b${String(i + 1).padStart(6, "0")}`;
    const name = `${adjective} ${seed.name}`;
    const product = buildProduct(id, category, { ...seed, name }, 99, rand, `${slugify(name)}-${id}`);
    batch.push(product);
    if (batch.length === 1000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
