import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { getCategory } from "~/lib/categories";
import { buildLargeCatalogue, buildSeedCatalogue } from "~/server/seed/catalogue.server";
import { fuzzinessFor, processTerm } from "~/server/services/catalog/search-terms.server";
import { TextIndex, type SearchFields } from "~/server/services/catalog/text-index.server";
import type { ProductInput } from "~/domain/product";

// The compact text index answers every search exactly as MiniSearch with the shop's options did
// (the same products, scores and order), so shoppers see the same results and relevance.

const fieldsOf = (p: ProductInput): SearchFields => ({
  name: p.name,
  category: `${getCategory(p.category)?.name ?? p.category} ${p.category}`,
  colours: p.colours.map((c) => c.name).join(" "),
  material: p.material,
  description: p.description,
});

function miniSearch() {
  return new MiniSearch<SearchFields & { id: string }>({
    fields: ["name", "category", "colours", "material", "description"],
    storeFields: [],
    processTerm: (term) => processTerm(term),
    searchOptions: {
      boost: { name: 4, category: 3, colours: 2, material: 1.5, description: 1 },
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => fuzzinessFor(term),
      maxFuzzy: 2,
    },
  });
}

const QUERIES = [
  "jeens",
  "jeans",
  "dress",
  "dresses",
  "linen shirt",
  "merino",
  "navy cotton tee",
  "t-shirt",
  "cashmre sweater",
  "blue",
  "x",
  "zz",
  "wool coat slim",
  "Relaxed Weekend",
  "100% cotton",
  "stone sky",
  "qqqqqq",
];

function expectSame(ms: ReturnType<typeof miniSearch>, text: TextIndex, ids: string[]) {
  for (const q of QUERIES) {
    for (const combineWith of ["AND", "OR"] as const) {
      const expected = ms.search(q, { combineWith }).map((r) => [String(r.id), r.score] as const);
      const actual = [...text.search(q, combineWith)].map(([n, score]) => [ids[n], score] as const);
      expect(
        actual.map(([id]) => id),
        `${q} (${combineWith})`,
      ).toEqual(expected.map(([id]) => id));
      actual.forEach(([, score], i) => expect(score).toBeCloseTo(expected[i][1], 9));
    }
  }
}

describe("text index", () => {
  it("finds, scores and orders as MiniSearch does on the demo catalogue", () => {
    const products = buildSeedCatalogue();
    const ms = miniSearch();
    const text = new TextIndex();
    products.forEach((p, n) => {
      ms.add({ id: p.id, ...fieldsOf(p) });
      text.add(n, fieldsOf(p));
    });
    expectSame(
      ms,
      text,
      products.map((p) => p.id),
    );
  });

  it("stays the same after products are changed and removed", () => {
    const products = [...buildLargeCatalogue(1500)].flat();
    const text = new TextIndex();
    const ids: string[] = [];
    const numbers = new Map<string, number>();
    const put = (p: ProductInput) => {
      const old = numbers.get(p.id);
      if (old !== undefined) text.remove(old);
      const n = text.nextDoc;
      text.add(n, fieldsOf(p));
      ids[n] = p.id;
      numbers.set(p.id, n);
    };
    for (const p of products) put(p);
    // Renamed (re-added at the end) and removed products, enough to drop removed postings too.
    for (const p of products.slice(0, 1200))
      put({ ...p, name: `${p.name} Renamed`, description: `${p.description} denim` });
    for (const p of products.slice(1200, 1300)) {
      text.remove(numbers.get(p.id)!);
      numbers.delete(p.id);
    }
    // A fresh MiniSearch over the same products, added in the same order as they now stand.
    const ms = miniSearch();
    const current = [...numbers].sort((a, b) => a[1] - b[1]);
    const byId = new Map(products.map((p) => [p.id, p]));
    for (const [id, n] of current) {
      const p = byId.get(id)!;
      ms.add({
        id,
        ...fieldsOf(n >= 1500 ? { ...p, name: `${p.name} Renamed`, description: `${p.description} denim` } : p),
      });
    }
    expectSame(ms, text, ids);
  });

  it("answers the same after export and import", () => {
    const products = buildSeedCatalogue();
    const text = new TextIndex();
    products.forEach((p, n) => text.add(n, fieldsOf(p)));
    text.remove(3);
    const renumber = new Int32Array(products.length).map((_, i) => (i < 3 ? i : i === 3 ? -1 : i - 1));
    const copy = TextIndex.import(text.export(renumber, products.length - 1));
    const ids = products.map((p) => p.id);
    const copyIds = ids.filter((_, i) => i !== 3);
    for (const q of QUERIES) {
      const a = [...text.search(q, "OR")].map(([n, s]) => [ids[n], s]);
      const b = [...copy.search(q, "OR")].map(([n, s]) => [copyIds[n], s]);
      expect(b).toEqual(a);
    }
  });
});
