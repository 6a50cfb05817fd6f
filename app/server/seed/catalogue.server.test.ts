import { describe, expect, it } from "vitest";
import { CATEGORIES } from "~/lib/categories";
import { SIZES_BY_CATEGORY } from "~/lib/sizes";
import { GARMENT_VIEWS, isGarmentView, renderGarmentSvg } from "~/server/media/garment-svg.server";
import type { ProductInput } from "~/domain/product";
import { buildLargeCatalogue, buildSeedCatalogue } from "./catalogue.server";

const IMAGE_URL = /^\/media\/v1\/[a-z-]+\/(front|back|detail|flat)\/[0-9a-f]{6}\.svg$/;
const REFERENCE = Date.parse("2026-11-01T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

const products = buildSeedCatalogue();
const variants = products.flatMap((p) => p.variants);

describe("buildSeedCatalogue", () => {
  it("has 98 products, 14 in each of the 7 categories, in id order from p0001", () => {
    expect(products).toHaveLength(98);
    for (const category of CATEGORIES) {
      expect(products.filter((p) => p.category === category.id)).toHaveLength(14);
    }
    expect(products.map((p) => p.id)).toEqual(products.map((_, i) => `p${String(i + 1).padStart(4, "0")}`));
  });

  it("is deterministic", () => {
    expect(buildSeedCatalogue()).toEqual(products);
  });

  it("has unique ids, slugs and SKUs, with slugs made of lowercase words and hyphens", () => {
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
    for (const p of products) expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const v of variants) expect(v.sku).toMatch(/^[A-Z0-9-]+$/);
  });

  it("has a name, a description of a couple of sentences and a material for every product", () => {
    for (const p of products) {
      expect(p.name.length).toBeGreaterThan(3);
      expect(p.material.length).toBeGreaterThan(3);
      expect(p.description.split(/[.!?](\s|$)/).filter((s) => s.trim().length > 0).length).toBeGreaterThanOrEqual(2);
    }
  });

  it("offers exactly one variant per size × colour, with sizes and colours from the product", () => {
    for (const p of products) {
      const colourNames = p.colours.map((c) => c.name);
      expect(p.variants).toHaveLength(p.sizes.length * p.colours.length);
      for (const v of p.variants) {
        expect(p.sizes).toContain(v.size);
        expect(colourNames).toContain(v.colour);
        expect(Number.isInteger(v.stock)).toBe(true);
        expect(v.stock).toBeGreaterThanOrEqual(0);
      }
      expect(new Set(p.variants.map((v) => `${v.colour}|${v.size}`)).size).toBe(p.variants.length);
    }
  });

  it("uses sizes that fit the category, in display order, and valid colour hexes", () => {
    for (const p of products) {
      const allowed = SIZES_BY_CATEGORY[p.category];
      expect(p.sizes.length).toBeGreaterThan(0);
      for (const size of p.sizes) expect(allowed).toContain(size);
      const positions = p.sizes.map((s) => allowed.indexOf(s));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      for (const c of p.colours) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(new Set(p.colours.map((c) => c.name)).size).toBe(p.colours.length);
    }
    expect(products.filter((p) => p.category === "accessories" && p.sizes.length > 1).length).toBeGreaterThanOrEqual(2);
  });

  it("has 2–4 images per product, the first a front view of the first colour", () => {
    for (const p of products) {
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.images.length).toBeLessThanOrEqual(4);
      for (const image of p.images) {
        expect(image.url).toMatch(IMAGE_URL);
        expect(image.url.startsWith(`/media/v1/${p.category}/`)).toBe(true);
        expect(image.alt).toContain(p.name);
        expect(image.width).toBe(800);
        expect(image.height).toBe(1000);
      }
      expect(p.images[0].url).toBe(`/media/v1/${p.category}/front/${p.colours[0].hex.slice(1)}.svg`);
      expect(new Set(p.images.map((i) => i.url)).size).toBe(p.images.length);
    }
  });

  it("prices in whole cents ending in .00, .90 or .95, with some products on sale for 15–40% off the compare-at", () => {
    for (const p of products) {
      expect(Number.isInteger(p.priceMinor)).toBe(true);
      expect(p.priceMinor).toBeGreaterThan(0);
      expect([0, 90, 95]).toContain(p.priceMinor % 100);
    }
    const onSale = products.filter((p) => p.compareAtMinor !== null);
    expect(onSale.length).toBeGreaterThanOrEqual(10);
    expect(onSale.length).toBeLessThan(products.length / 2);
    for (const p of onSale) {
      const compareAt = p.compareAtMinor ?? 0;
      expect(Number.isInteger(compareAt)).toBe(true);
      expect(compareAt % 100).toBe(0);
      expect(compareAt).toBeGreaterThan(p.priceMinor);
      expect(compareAt / p.priceMinor).toBeLessThanOrEqual(1.45);
    }
  });

  it("has sold-out and low-stock variants, and a sold-out option on every product with a choice of sizes", () => {
    const soldOut = variants.filter((v) => v.stock === 0).length;
    const low = variants.filter((v) => v.stock >= 1 && v.stock <= 3).length;
    expect(soldOut / variants.length).toBeGreaterThan(0.05);
    expect(soldOut / variants.length).toBeLessThan(0.25);
    expect(low).toBeGreaterThan(0);
    for (const p of products.filter((q) => q.sizes.length > 1)) {
      expect(
        p.variants.some((v) => v.stock === 0),
        `${p.id} has a sold-out variant`,
      ).toBe(true);
    }
  });

  it("gives p0001 (a t-shirt) size M in stock and one size sold out in every colour", () => {
    const tee = products[0];
    expect(tee.id).toBe("p0001");
    expect(tee.category).toBe("t-shirts");
    expect(tee.variants.some((v) => v.size === "M" && v.stock > 0)).toBe(true);
    const fullySoldOut = tee.sizes.filter((size) =>
      tee.variants.filter((v) => v.size === size).every((v) => v.stock === 0),
    );
    expect(fullySoldOut.length).toBeGreaterThanOrEqual(1);
  });

  it("has two drafts and one archived product, none among the first three of a category", () => {
    expect(products.filter((p) => p.status === "draft")).toHaveLength(2);
    expect(products.filter((p) => p.status === "archived")).toHaveLength(1);
    for (const category of CATEGORIES) {
      const firstThree = products.filter((p) => p.category === category.id).slice(0, 3);
      for (const p of firstThree) expect(p.status).toBe("active");
      expect(products.some((p) => p.category === category.id && p.featured)).toBe(true);
    }
  });

  it("dates products within the 120 days before the fixed reference date", () => {
    for (const p of products) {
      const created = Date.parse(p.createdAt ?? "");
      expect(created).toBeLessThanOrEqual(REFERENCE);
      expect(created).toBeGreaterThan(REFERENCE - 121 * DAY);
      expect(p.updatedAt).toBe(p.createdAt);
    }
  });

  it("names products with words shoppers search for", () => {
    const names = products.map((p) => p.name.toLowerCase()).join(" | ");
    for (const word of [
      "jeans",
      "tee",
      "sweater",
      "dress",
      "jacket",
      "sneaker",
      "boot",
      "bag",
      "belt",
      "scarf",
      "hat",
    ]) {
      expect(names).toContain(word);
    }
  });
});

describe("buildLargeCatalogue", () => {
  const collect = (count: number) => {
    const batches: ProductInput[][] = [];
    for (const batch of buildLargeCatalogue(count)) batches.push(batch);
    return batches;
  };

  it("yields the requested number of unique, active products in batches of at most 1000", () => {
    const batches = collect(2500);
    expect(batches.map((b) => b.length)).toEqual([1000, 1000, 500]);
    const all = batches.flat();
    expect(all).toHaveLength(2500);
    expect(new Set(all.map((p) => p.id)).size).toBe(2500);
    expect(new Set(all.map((p) => p.slug)).size).toBe(2500);
    expect(all[0].id).toBe("b000001");
    expect(all[2499].id).toBe("b002500");
    const skus = all.flatMap((p) => p.variants.map((v) => v.sku));
    expect(new Set(skus).size).toBe(skus.length);
    for (const p of all) {
      expect(p.id).toMatch(/^b\d{6}$/);
      expect(p.status).toBe("active");
      expect(Number.isInteger(p.priceMinor)).toBe(true);
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      for (const image of p.images) expect(image.url).toMatch(IMAGE_URL);
      for (const v of p.variants) {
        expect(p.sizes).toContain(v.size);
        expect(p.colours.map((c) => c.name)).toContain(v.colour);
      }
    }
    expect(new Set(all.map((p) => p.category)).size).toBe(CATEGORIES.length);
  });

  it("is deterministic and does not overlap the demo catalogue", () => {
    const [first] = collect(50);
    const [again] = collect(50);
    expect(again).toEqual(first);
    const seedSlugs = new Set(products.map((p) => p.slug));
    for (const p of first) expect(seedSlugs.has(p.slug)).toBe(false);
  });

  it("yields nothing for a count of 0", () => {
    expect(collect(0)).toEqual([]);
  });
});

describe("renderGarmentSvg", () => {
  it("renders a standalone 800×1000 SVG for every category and view, with no scripts or external references", () => {
    for (const category of CATEGORIES) {
      for (const view of GARMENT_VIEWS) {
        const svg = renderGarmentSvg({ category: category.id, view, colour: "#9caf88" });
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg.endsWith("</svg>")).toBe(true);
        expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
        expect(svg).toContain('viewBox="0 0 800 1000"');
        expect(svg).toContain('width="800"');
        expect(svg).toContain('height="1000"');
        expect(svg.toLowerCase()).not.toContain("<script");
        expect(svg).not.toMatch(/\son[a-z]+=/i);
        expect(svg).not.toMatch(/href=/i);
        expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:/);
        expect(svg).not.toContain("NaN");
        expect(svg).not.toContain("undefined");
      }
    }
  });

  it("draws each view differently and is deterministic", () => {
    for (const category of CATEGORIES) {
      const renders = GARMENT_VIEWS.map((view) => renderGarmentSvg({ category: category.id, view, colour: "#1e2a44" }));
      expect(new Set(renders).size).toBe(GARMENT_VIEWS.length);
      expect(renderGarmentSvg({ category: category.id, view: "front", colour: "#1e2a44" })).toBe(renders[0]);
    }
    const tee = renderGarmentSvg({ category: "t-shirts", view: "front", colour: "#1e2a44" });
    const jeans = renderGarmentSvg({ category: "jeans", view: "front", colour: "#1e2a44" });
    expect(tee).not.toBe(jeans);
  });

  it("uses the colour it is given, case-insensitively", () => {
    const sage = renderGarmentSvg({ category: "dresses", view: "front", colour: "#9caf88" });
    const rust = renderGarmentSvg({ category: "dresses", view: "front", colour: "#b5522b" });
    expect(sage).not.toBe(rust);
    expect(sage).toContain("#9caf88");
    expect(renderGarmentSvg({ category: "dresses", view: "front", colour: "#9CAF88" })).toBe(sage);
  });

  it("throws for anything that is not #rrggbb", () => {
    for (const colour of ["red", "#12345", "#1234567", "9caf88", "#gggggg", "", "#9caf88 "]) {
      expect(() => renderGarmentSvg({ category: "t-shirts", view: "front", colour })).toThrow();
    }
  });

  it("recognises garment views", () => {
    for (const view of GARMENT_VIEWS) expect(isGarmentView(view)).toBe(true);
    for (const view of ["side", "", "FRONT", "front.svg"]) expect(isGarmentView(view)).toBe(false);
  });
});
