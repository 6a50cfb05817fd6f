import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseProductQuery } from "~/lib/product-query";
import { CardStore, type CardInput } from "~/server/services/catalog/card-store.server";
import { CatalogIndex } from "~/server/services/catalog/catalog-index.server";
import { decodeSnapshot, encodeSnapshot, SNAPSHOT_FORMAT } from "~/server/services/catalog/snapshot-codec.server";
import type { Product } from "~/domain/product";
import type { CatalogueChange } from "~/server/store/port";
import { makeProduct } from "../support/product-factory";

// The listing cards are packed in typed arrays (decision 0019) and decoded only for a page: every
// field must come back as it went in, through a snapshot too, and follow the change feed.

const COLOURS = ["Black", "Sage", "Navy"];

function card(i: number, overrides: Partial<CardInput> = {}): CardInput {
  return {
    id: `p${i}`,
    slug: `a-"quoted"-slug-${i}`,
    name: `Ünïcode ☃ name ${i}\n with a line break`,
    category: i % 3,
    priceMinor: 1000 + i,
    compareAtMinor: i % 2 ? 5000 + i : null,
    palette: [0, 1],
    image: i % 4 ? { url: `/uploads/${i}-800.webp`, alt: `Front ${i}`, width: 800, height: 1000 + i } : null,
    colourImages:
      i % 3 ? [{ colour: 2, url: `/uploads/${i}-navy.webp`, alt: `Navy ${i}`, width: 640, height: 800 }] : [],
    soldOut: i % 5 === 0,
    featured: i % 2 === 0,
    createdAt: 1_700_000_000_000 + i,
    rating: i % 2 ? { average: 4.3, count: i } : null,
    sizes: [i % 4, 7],
    colours: [2, 0],
    pairs: [i, 4096 * 7 + 2],
    buckets: i % 32,
    ...overrides,
  };
}

/** What decode() must give back for `c`, with the store's palette and category names. */
function expected(store: CardStore, c: CardInput) {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    category: store.categoryNames[c.category],
    priceMinor: c.priceMinor,
    compareAtMinor: c.compareAtMinor,
    colours: c.palette.map((p) => store.palette[p]),
    image: c.image,
    colourImages: c.colourImages.length
      ? c.colourImages.map(({ colour, ...i }) => ({ ...i, colour: COLOURS[colour] }))
      : undefined,
    soldOut: c.soldOut,
    rating: c.rating,
  };
}

function checkRow(store: CardStore, row: number, c: CardInput): void {
  expect(store.decode(row, COLOURS)).toEqual(expected(store, c));
  expect(store.isFeatured(row)).toBe(c.featured);
  expect(store.createdAt[row]).toBe(c.createdAt);
  expect(store.buckets[row]).toBe(c.buckets);
  const list = (at: number) => Array.from(store.lists.subarray(at + 1, at + 1 + store.lists[at]));
  expect(list(store.sizesAt(row))).toEqual(c.sizes);
  expect(list(store.coloursAt(row))).toEqual(c.colours);
  expect(list(store.pairsAt(row))).toEqual(c.pairs);
}

function filled(count: number): { store: CardStore; cards: CardInput[] } {
  const store = new CardStore();
  store.paletteId({ name: "Black", hex: "#000000" });
  store.paletteId({ name: "Sage", hex: "#9caf88" });
  const cards = Array.from({ length: count }, (_, i) => card(i));
  cards.forEach((c, row) => store.add(row, c));
  return { store, cards };
}

describe("packed listing cards", () => {
  it("give back every field of every card", () => {
    const { store, cards } = filled(40);
    cards.forEach((c, row) => checkRow(store, row, c));
    // A price too large for 32 bits and a category the shop does not list keep their values.
    const odd = card(40, { priceMinor: 2 ** 40, compareAtMinor: 0, category: store.categoryId("capes") });
    store.add(40, odd);
    checkRow(store, 40, odd);
    expect(store.decode(40, COLOURS).category).toBe("capes");
  });

  it("survive their export and import, removed rows left out", () => {
    const { store, cards } = filled(40);
    for (const row of [0, 13, 39]) store.remove(row);
    const { data, renumber } = store.export();
    expect(data.rows).toBe(37);
    const loaded = CardStore.import(data);
    cards.forEach((c, row) => {
      if ([0, 13, 39].includes(row)) expect(renumber[row]).toBe(-1);
      else checkRow(loaded, renumber[row], c);
    });
    // A loaded store takes more cards after the snapshot's, into its last text block and new ones.
    for (let row = 37; row < 100; row++) loaded.add(row, card(row + 100));
    for (let row = 37; row < 100; row++) checkRow(loaded, row, card(row + 100));
    checkRow(loaded, 36, cards[38]);
    checkRow(loaded, 0, cards[1]);
  });

  it("reclaim the space of replaced cards and keep the others intact", () => {
    const { store, cards } = filled(200);
    const textBytes = store.textBytes;
    const live = new Map(cards.map((c, row) => [row, c]));
    let row = 200;
    // Replace every card many times over, as a busy shop's change feed does.
    for (let round = 0; round < 10; round++) {
      for (const [old, c] of [...live]) {
        store.remove(old);
        live.delete(old);
        const next = card(row, { id: c.id, name: `${c.name} v${round}` });
        store.add(row, next);
        live.set(row++, next);
      }
    }
    for (const [r, c] of live) checkRow(store, r, c);
    // 2,200 cards written, 200 live: the pools hold a few times the live ones, not all of them.
    const liveLists = [...live.keys()].reduce((sum, r) => sum + store.listEnd[r] - store.listStart[r], 0);
    expect(store.listsLength).toBeLessThan(liveLists * 4);
    expect(textBytes).toBeGreaterThan(0);
    expect(store.textBytes).toBeLessThan(textBytes * 4);
  });
});

const query = (search: string) => parseProductQuery(new URLSearchParams(search)).query!;

function product(id: string, overrides: Partial<Product> = {}): Product {
  return {
    ...makeProduct({ id, name: `Linen shirt ${id}`, ...overrides }),
    seq: 1,
    createdAt: `2026-10-0${id.length}T10:00:00.000Z`,
    updatedAt: "2026-10-01T10:00:00.000Z",
    rating: { count: 2, total: 9 },
    ...overrides,
  } as Product;
}

describe("a catalogue index from a snapshot", () => {
  const products = ["pa", "pbb", "pccc"].map((id) => product(id));
  const changes: CatalogueChange[] = products.map((p) => ({ kind: "product", product: p }));

  it("lists, searches and decodes cards as the index it was written from", async () => {
    const built = new CatalogIndex();
    built.applyChanges(changes, "c1");
    const loaded = CatalogIndex.import((await decodeSnapshot(await encodeSnapshot(built.export())))!);
    expect(loaded.cursor).toBe("c1");
    for (const qs of ["", "search=linen+shirt&sort=relevance", "search=lnen", "size=M&colour=Black", "sort=rating"])
      expect(loaded.query(query(qs)), qs).toEqual(built.query(query(qs)));
    for (const p of products) expect(loaded.get(p.id)).toEqual(built.get(p.id));
    expect(loaded.get("pa")).toMatchObject({ id: "pa", name: "Linen shirt pa", rating: { average: 4.5, count: 2 } });
  });

  it("follows a changed and a removed product from the change feed", async () => {
    const built = new CatalogIndex();
    built.applyChanges(changes, "c1");
    const loaded = CatalogIndex.import((await decodeSnapshot(await encodeSnapshot(built.export())))!);
    const later: CatalogueChange[] = [
      { kind: "product", product: { ...products[1], name: "Velvet blazer", priceMinor: 777, seq: 2 } },
      { kind: "deleted", id: "pccc" },
    ];
    loaded.applyChanges(later, "c2");
    built.applyChanges(later, "c2");
    expect(loaded.get("pccc")).toBeUndefined();
    expect(loaded.get("pbb")).toMatchObject({ name: "Velvet blazer", priceMinor: 777 });
    expect(loaded.query(query("search=velvet")).items.map((c) => c.id)).toEqual(["pbb"]);
    expect(
      loaded
        .query(query(""))
        .items.map((c) => c.id)
        .sort(),
    ).toEqual(["pa", "pbb"]);
    for (const qs of ["", "search=linen", "sort=price-asc"])
      expect(loaded.query(query(qs))).toEqual(built.query(query(qs)));
    // And it writes a snapshot of its own that says the same.
    const again = CatalogIndex.import((await decodeSnapshot(await encodeSnapshot(loaded.export())))!);
    expect(again.query(query("sort=price-asc"))).toEqual(built.query(query("sort=price-asc")));
  });
});

describe("snapshot format", () => {
  it("is 6 (own prices in markets, gift cards' amounts per currency); a snapshot of format 4 (without them) decodes to nothing", async () => {
    expect(SNAPSHOT_FORMAT).toBe(6);
    const header = Buffer.from(JSON.stringify({ format: 4, cursor: "c9", rows: [["p1", "slug", "Name"]] }));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length);
    expect(await decodeSnapshot(gzipSync(Buffer.concat([length, header, Buffer.alloc(64)])))).toBeNull();
  });

  it("refuses a snapshot cut short rather than serving part of it", async () => {
    const built = new CatalogIndex();
    built.applyChanges([{ kind: "product", product: product("pa") }], "c1");
    const whole = await encodeSnapshot(built.export());
    const raw = gunzipSync(whole);
    await expect(decodeSnapshot(gzipSync(raw.subarray(0, raw.length - 10)))).rejects.toThrow(/shorter/);
  });
});
