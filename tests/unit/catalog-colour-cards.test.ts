import { describe, expect, it } from "vitest";
import { parseProductQuery } from "~/lib/product-query";
import { CatalogIndex } from "~/server/services/catalog/catalog-index.server";
import { decodeSnapshot, encodeSnapshot } from "~/server/services/catalog/snapshot-codec.server";
import type { Product } from "~/domain/product";
import { makeProduct } from "../support/product-factory";

// A listing filtered by colour shows each card in that colour: its first image tagged with the
// colour, and a link that opens the product in it. The pictures survive a snapshot.

const image = (name: string, colour?: string) => ({
  url: `/uploads/products/${name.padEnd(32, "0")}-800.webp`,
  alt: name,
  width: 800,
  height: 1000,
  ...(colour ? { colour } : {}),
});

function product(): Product {
  // Colours Black and Sage (the factory's), every size in stock.
  return {
    ...makeProduct({
      id: "pcolour1",
      images: [image("aaa"), image("bbb", "Black"), image("ccc", "Sage"), image("ddd", "Sage")],
    }),
    seq: 1,
    createdAt: "2026-10-01T10:00:00.000Z",
    updatedAt: "2026-10-01T10:00:00.000Z",
  };
}

const query = (search: string) => parseProductQuery(new URLSearchParams(search)).query!;

function indexOf(p: Product): CatalogIndex {
  const index = new CatalogIndex();
  index.applyChanges([{ kind: "product", product: p }], null);
  return index;
}

describe("colour cards", () => {
  it("shows the filtered colour's first tagged image and links to the product in that colour", () => {
    const [card] = indexOf(product()).query(query("colour=Sage")).items;
    expect(card.image?.alt).toBe("ccc");
    expect(card.colour).toBe("Sage");
    expect(card).not.toHaveProperty("colourImages");
  });

  it("shows the first image, and no colour, when the listing is not filtered by colour", () => {
    const [card] = indexOf(product()).query(query("")).items;
    expect(card.image?.alt).toBe("aaa");
    expect(card.colour).toBeUndefined();
  });

  it("keeps the first image for a colour without a tagged image of its own", () => {
    const p = product();
    p.images = [image("aaa"), image("ccc", "Sage")];
    const [card] = indexOf(p).query(query("colour=Black")).items;
    expect(card).toMatchObject({ colour: "Black", image: { alt: "aaa" } });
  });

  it("answers the same from a snapshot", async () => {
    const built = indexOf(product());
    const data = await decodeSnapshot(await encodeSnapshot(built.export()));
    expect(data).not.toBeNull();
    const loaded = CatalogIndex.import(data!);
    for (const q of ["colour=Sage", "colour=Black", "colour=Sage&colour=Black", ""])
      expect(loaded.query(query(q))).toEqual(built.query(query(q)));
  });
});
