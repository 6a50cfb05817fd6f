import { describe, expect, it } from "vitest";
import {
  MAX_PRODUCTS_PAIRED,
  colourFamily,
  completeTheLook,
  pairsOfOrder,
  type LookCandidate,
} from "~/domain/complete-the-look";

const card = (id: string, category: string, colour: string, soldOut = false): LookCandidate => ({
  id,
  category,
  colours: [{ name: colour, hex: "#000000" }],
  soldOut,
});

const tee = card("tee", "t-shirts", "Navy");
const jeans = card("jeans", "jeans", "Indigo Wash");
const scarf = card("scarf", "accessories", "Rust");
const soldOutBelt = card("belt", "accessories", "Tan", true);
const skyTee = card("sky-tee", "t-shirts", "Sky");
const sageTee = card("sage-tee", "t-shirts", "Sage");
const catalogue = [tee, jeans, scarf, soldOutBelt, skyTee, sageTee];
const onSale = (id: string) => catalogue.find((c) => c.id === id);

describe("complete the look", () => {
  it("puts partners first, most often bought together first", () => {
    const ids = completeTheLook({
      anchors: [tee],
      partners: [
        { productId: "scarf", count: 2 },
        { productId: "jeans", count: 5 },
      ],
      onSale,
      fallback: [],
      limit: 4,
    });
    expect(ids).toEqual(["jeans", "scarf"]);
  });

  it("fills up from the same category in the same colour family, after the partners", () => {
    const ids = completeTheLook({
      anchors: [tee],
      partners: [{ productId: "scarf", count: 1 }],
      onSale,
      fallback: catalogue,
      limit: 4,
    });
    // Sky is a blue like Navy; Sage is a green, and jeans are another category.
    expect(ids).toEqual(["scarf", "sky-tee"]);
  });

  it("never suggests the product itself, a sold-out one or one the catalogue does not list", () => {
    const ids = completeTheLook({
      anchors: [tee],
      partners: [
        { productId: "tee", count: 9 },
        { productId: "belt", count: 8 },
        { productId: "draft", count: 7 },
        { productId: "jeans", count: 1 },
      ],
      onSale,
      fallback: [tee, card("navy-tee-gone", "t-shirts", "Navy", true)],
      limit: 4,
    });
    expect(ids).toEqual(["jeans"]);
  });

  it("sums partners over a cart's products and leaves out what is already in it", () => {
    const ids = completeTheLook({
      anchors: [tee, jeans],
      partners: [
        { productId: "jeans", count: 9 },
        { productId: "scarf", count: 2 },
        { productId: "sky-tee", count: 3 },
        { productId: "scarf", count: 2 },
      ],
      onSale,
      fallback: catalogue,
      limit: 1,
    });
    expect(ids).toEqual(["scarf"]);
  });

  it("stops at the limit", () => {
    const partners = catalogue.map((c, i) => ({ productId: c.id, count: i + 1 }));
    expect(completeTheLook({ anchors: [scarf], partners, onSale, fallback: catalogue, limit: 2 })).toEqual([
      "sage-tee",
      "sky-tee",
    ]);
  });
});

describe("colour families", () => {
  it("groups the shop's colour names", () => {
    expect(colourFamily({ name: "Navy", hex: "#1e2a44" })).toBe(colourFamily({ name: "Indigo Wash", hex: "#333" }));
    expect(colourFamily({ name: "Olive", hex: "#000" })).toBe("greens");
    expect(colourFamily({ name: "Cream", hex: "#000" })).toBe("neutrals");
  });

  it("places a colour it does not know by its hex", () => {
    expect(colourFamily({ name: "Cobalt", hex: "#0047ab" })).toBe("blues");
    expect(colourFamily({ name: "Ash", hex: "#b2b2b0" })).toBe("neutrals");
    expect(colourFamily({ name: "Poppy", hex: "#e23d28" })).toBe("reds");
  });
});

describe("pairs of an order", () => {
  it("counts each unordered pair of distinct products once, smaller id first", () => {
    expect(pairsOfOrder(["b", "a", "b", "c"])).toEqual([
      ["a", "b"],
      ["b", "c"],
      ["a", "c"],
    ]);
  });

  it("pairs at most MAX_PRODUCTS_PAIRED products of a large order", () => {
    const ids = Array.from({ length: 40 }, (_, i) => `p${String(i).padStart(2, "0")}`);
    const pairs = pairsOfOrder(ids);
    expect(pairs).toHaveLength((MAX_PRODUCTS_PAIRED * (MAX_PRODUCTS_PAIRED - 1)) / 2);
    expect(pairs.flat()).not.toContain(`p${MAX_PRODUCTS_PAIRED}`);
  });

  it("has no pair for an order of one product", () => {
    expect(pairsOfOrder(["a", "a"])).toEqual([]);
  });
});
