import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductQuery } from "~/lib/product-query";
import { convertFromBase } from "~/domain/market";
import { priceBandsIn } from "~/domain/price-bands";
import { seedIfEmpty } from "~/server/seed/seed.server";
import { createCatalogService, type CatalogService } from "~/server/services/catalog/catalog.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";
import { allProducts } from "../support/all-products";

// The catalogue service on every real store (SQLite in a fresh DATA_DIR, Firestore on the
// emulator), seeded with the demo catalogue: listing behaves the same on both backends.
describe.each(STORE_ADAPTERS)("catalogue service on $name", (adapter) => {
  let store: Store;
  let catalog: CatalogService;
  let dispose: () => Promise<void>;

  const list = (qs: string) => catalog.listProducts(parseProductQuery(new URLSearchParams(qs)).query);

  beforeAll(async () => {
    ({ store, dispose } = await adapter.create());
    await seedIfEmpty(store, () => {});
    catalog = createCatalogService({ store });
  });

  afterAll(async () => {
    await dispose();
  });

  describe("catalogue listing", () => {
    it("lists only active products, 24 a page, with a total", async () => {
      const all = await allProducts(store);
      const active = all.filter((p) => p.status === "active");
      const result = await list("");
      expect(result.total).toBe(active.length);
      expect(result.items).toHaveLength(24);
      expect(result.pageCount).toBe(Math.ceil(active.length / 24));
      const inactiveIds = new Set(all.filter((p) => p.status !== "active").map((p) => p.id));
      expect(inactiveIds.size).toBeGreaterThan(0);
      const everyListed = await Promise.all(Array.from({ length: result.pageCount }, (_, i) => list(`page=${i + 1}`)));
      const listedIds = everyListed.flatMap((r) => r.items.map((p) => p.id));
      expect(new Set(listedIds).size).toBe(active.length);
      expect(listedIds.some((id) => inactiveIds.has(id))).toBe(false);
    });

    it("filters by category and counts every category", async () => {
      const result = await list("category=jeans");
      expect(result.total).toBeGreaterThanOrEqual(12);
      expect(result.items.every((p) => p.category === "jeans")).toBe(true);
      expect(result.facets.categories.find((c) => c.value === "jeans")?.count).toBe(result.total);
      expect(result.facets.categories).toHaveLength(7);
    });

    it("filters by size: only products with that size in stock", async () => {
      const result = await list("category=t-shirts&size=M");
      expect(result.total).toBeGreaterThan(0);
      for (const item of result.items) {
        const product = await store.products.get(item.id);
        expect(product!.variants.some((v) => v.size === "M" && v.stock > 0)).toBe(true);
      }
      const sizeFacet = result.facets.sizes.find((s) => s.value === "M");
      expect(sizeFacet?.count).toBe(result.total);
      // Other sizes still show their counts while M is chosen.
      expect(result.facets.sizes.length).toBeGreaterThan(1);
    });

    it("applies size and colour to one variant", async () => {
      const result = await list("size=M&colour=Black");
      for (const item of result.items) {
        const product = await store.products.get(item.id);
        expect(product!.variants.some((v) => v.size === "M" && v.colour === "Black" && v.stock > 0)).toBe(true);
      }
    });

    it("sorts by price both ways and by newest", async () => {
      const up = (await list("sort=price-asc")).items.map((p) => p.priceMinor);
      expect(up).toEqual([...up].sort((a, b) => a - b));
      const down = (await list("sort=price-desc")).items.map((p) => p.priceMinor);
      expect(down).toEqual([...down].sort((a, b) => b - a));
      expect(up[0]).toBeLessThan(down[0]);
    });

    it("filters by a price range and makes each bucket count match its results", async () => {
      const all = await list("");
      for (const bucket of all.facets.prices) {
        const qs = `min=${bucket.min}${bucket.max === null ? "" : `&max=${bucket.max}`}`;
        const result = await list(qs);
        expect(result.total).toBe(bucket.count);
        expect(
          result.items.every(
            (p) => p.priceMinor >= bucket.min * 100 && (bucket.max === null || p.priceMinor <= bucket.max * 100),
          ),
        ).toBe(true);
      }
    });

    it("filters and bands prices in a market's currency, by the price each card shows there", async () => {
      const uk = { currency: "GBP", rateMicros: 860_000, rounding: "99" } as const;
      const inPounds = (qs: string) => catalog.listProducts(parseProductQuery(new URLSearchParams(qs)).query, uk);
      const active = (await allProducts(store)).filter((p) => p.status === "active");
      const pounds = (base: number) => convertFromBase(base, uk);
      const all = await inPounds("");
      expect(all.facets.prices.map((b) => [b.min, b.max])).toEqual(priceBandsIn("GBP").map((b) => [b.min, b.max]));
      expect(all.facets.prices.reduce((sum, b) => sum + b.count, 0)).toBeGreaterThanOrEqual(active.length);
      for (const bucket of all.facets.prices) {
        const qs = `min=${bucket.min}${bucket.max === null ? "" : `&max=${bucket.max}`}`;
        const inside = (p: { priceMinor: number }) =>
          pounds(p.priceMinor) >= bucket.min * 100 && (bucket.max === null || pounds(p.priceMinor) <= bucket.max * 100);
        const result = await inPounds(qs);
        expect(result.total, qs).toBe(bucket.count);
        expect(result.total, qs).toBe(active.filter(inside).length);
        expect(result.items.every(inside), qs).toBe(true);
      }
      // Bounds a shopper types: £40–£60 is not €40–€60.
      const typed = await inPounds("min=40&max=60");
      const between = (p: { priceMinor: number }) => pounds(p.priceMinor) >= 4000 && pounds(p.priceMinor) <= 6000;
      expect(typed.total).toBe(active.filter(between).length);
      expect(typed.total).not.toBe((await list("min=40&max=60")).total);
    });

    it("shows the last page for a page past the end", async () => {
      const result = await list("page=99999999");
      expect(result.page).toBe(result.pageCount);
      expect(result.items.length).toBeGreaterThan(0);
    });
  });

  describe("search", () => {
    it("is typo-tolerant: 'jeens' finds jeans first", async () => {
      const result = await list("search=jeens");
      expect(result.total).toBeGreaterThan(0);
      expect(result.items.slice(0, 5).every((p) => p.category === "jeans")).toBe(true);
    });

    it("is prefix-aware and searches colours and categories", async () => {
      expect((await list("search=swea")).items[0].category).toBe("sweaters");
      const sage = await list("search=sage");
      expect(sage.total).toBeGreaterThan(0);
      expect(
        sage.items.every(
          (p) => p.colours.some((c) => c.name.toLowerCase().includes("sage")) || p.name.toLowerCase().includes("sage"),
        ),
      ).toBe(true);
    });

    it("finds nothing for gibberish, and searches SQL or HTML as plain words, never as code", async () => {
      for (const text of ["zzzqqqxxx", "👗🔥", "a".repeat(200)]) {
        const result = await list(`search=${encodeURIComponent(text)}`);
        expect(result.total, text).toBe(0);
        expect(result.items, text).toEqual([]);
      }
      // A payload is only its words (punctuation splits words, symbols such as = < > are dropped):
      // "' OR 1=1 --" finds what "or 11" finds ("or" is a prefix of real words), never the whole
      // catalogue an injection would return.
      const everything = await list("");
      // Every match, page by page (relevance may order ties differently).
      const everyId = async (qs: string) => {
        const ids: string[] = [];
        for (let page = 1; ; page++) {
          const result = await list(`${qs}&page=${page}`);
          ids.push(...result.items.map((p) => p.id));
          if (ids.length >= result.total || result.items.length === 0) return ids.sort();
        }
      };
      for (const [payload, words] of [
        ["' OR 1=1 --", "or 11"],
        ["<script>alert(1)</script>", "scriptalert 1 script"],
      ]) {
        const injected = await everyId(`search=${encodeURIComponent(payload)}`);
        const plain = await everyId(`search=${encodeURIComponent(words)}`);
        expect(injected, payload).toEqual(plain);
        expect(injected.length, payload).toBeLessThan(everything.total);
      }
    });
  });

  describe("freshness", () => {
    it("sees a product written to the store on the next read, and hides it once archived", async () => {
      const product = makeProduct({
        name: "Ultraviolet Festival Poncho",
        category: "jackets",
      });
      await store.products.upsertMany([product]);
      expect((await list("search=ultraviolet poncho")).items[0]?.id).toBe(product.id);
      await store.products.upsertMany([{ ...product, status: "archived" }]);
      expect((await list("search=ultraviolet poncho")).items.some((p) => p.id === product.id)).toBe(false);
      expect(await catalog.getProduct(product.id)).toBeNull();
    });
  });
});
