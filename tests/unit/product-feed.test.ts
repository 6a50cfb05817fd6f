import { describe, expect, it } from "vitest";
import { BASE_CURRENCY, formatFeedPrice } from "~/domain/money";
import type { Product } from "~/domain/product";
import { feedHead, feedItem, feedProductItems, feedTail } from "~/server/services/feed/feed-format.server";
import {
  REQUIRED_ATTRIBUTES,
  feedItems,
  requiredMissing,
  type FeedSettings,
} from "~/server/services/feed/feed-items.server";
import { makeProduct } from "../support/product-factory";
import { ukMarket } from "../support/market-factory";

// The Google feed's row rules: what Merchant Center requires of an apparel variant, stated as tests.

const settings: FeedSettings = {
  origin: "https://shop.example",
  brand: "Hemline",
  country: "IE",
  rates: { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 },
};

const product = (overrides: Partial<Product> = {}): Product => ({
  ...makeProduct({ id: "p1", name: "Linen shirt", ...overrides }),
  seq: 1,
  createdAt: "2026-10-01T10:00:00.000Z",
  updatedAt: "2026-10-01T10:00:00.000Z",
});

describe("feed prices", () => {
  it("are written as Google reads them: two decimals and the currency code", () => {
    expect(formatFeedPrice(1200, BASE_CURRENCY)).toBe("12.00 EUR");
    expect(formatFeedPrice(5, BASE_CURRENCY)).toBe("0.05 EUR");
    expect(formatFeedPrice(123456, BASE_CURRENCY)).toBe("1234.56 EUR");
    expect(formatFeedPrice(0, BASE_CURRENCY)).toBe("0.00 EUR");
    expect(formatFeedPrice(999, "GBP")).toBe("9.99 GBP");
  });
});

describe("feed items", () => {
  it("has one item per variant, grouped by product, each with every required attribute", () => {
    const items = feedItems(product(), settings);
    expect(items).toHaveLength(6);
    expect(new Set(items.map((i) => i.id)).size).toBe(6);
    for (const item of items) {
      expect(item.item_group_id).toBe("p1");
      expect(requiredMissing(item)).toEqual([]);
      for (const name of REQUIRED_ATTRIBUTES) expect(item[name], name).toBeTruthy();
    }
    expect(items.map((i) => `${i.color}/${i.size}`)).toContain("Sage/M");
  });

  it("links to the product page with the variant's colour chosen, and an absolute picture of that colour", () => {
    const p = product({
      colours: [
        { name: "Black", hex: "#1f1f1f" },
        { name: "Dusty Rose", hex: "#c9a0a0" },
      ],
      images: [
        { url: "/media/v1/t-shirts/front/1f1f1f.svg", alt: "front", width: 800, height: 1000 },
        { url: "/uploads/products/rose.webp", alt: "rose", width: 800, height: 1000, colour: "Dusty Rose" },
      ],
    });
    const rose = feedItems(p, settings).find((i) => i.color === "Dusty Rose")!;
    expect(rose.link).toBe("https://shop.example/products/p1?colour=Dusty%20Rose");
    expect(rose.image_link).toBe("https://shop.example/uploads/products/rose.webp");
    const black = feedItems(p, settings).find((i) => i.color === "Black")!;
    expect(black.image_link).toBe("https://shop.example/media/v1/t-shirts/front/1f1f1f.svg");
    expect(black.link).toBe("https://shop.example/products/p1?colour=Black");
  });

  it("keeps an image that is already absolute as it is", () => {
    const p = product({ images: [{ url: "https://cdn.example/a.jpg", alt: "a", width: 1, height: 1 }] });
    expect(feedItems(p, settings)[0].image_link).toBe("https://cdn.example/a.jpg");
  });

  it("says in_stock or out_of_stock per variant, from what can be sold", () => {
    const p = product();
    p.variants[0].stock = 0;
    p.variants[1].stock = -2;
    const items = feedItems(p, settings);
    expect(items[0].availability).toBe("out_of_stock");
    expect(items[1].availability).toBe("out_of_stock");
    expect(items[2].availability).toBe("in_stock");
    expect(new Set(items.map((i) => i.availability))).toEqual(new Set(["in_stock", "out_of_stock"]));
  });

  it("gives the former price as price and the current one as sale_price when on sale", () => {
    const [sale] = feedItems(product({ priceMinor: 2990, compareAtMinor: 3990 }), settings);
    expect(sale.price).toBe("39.90 EUR");
    expect(sale.sale_price).toBe("29.90 EUR");
    const [plain] = feedItems(product({ priceMinor: 2990, compareAtMinor: null }), settings);
    expect(plain.price).toBe("29.90 EUR");
    expect(plain.sale_price).toBeUndefined();
  });

  it("prices shipping to the target country from the shop's delivery rates, free from the threshold", () => {
    const [cheap] = feedItems(product({ priceMinor: 2500 }), { ...settings, country: "DE" });
    expect(cheap.shipping.map((s) => [s.country, s.price])).toEqual([
      ["DE", "4.95 EUR"],
      ["DE", "9.95 EUR"],
    ]);
    const [dear] = feedItems(product({ priceMinor: 9000 }), settings);
    expect(dear.shipping.map((s) => s.price)).toEqual(["0.00 EUR", "9.95 EUR"]);
  });

  it("prices a country's items in its market's currency, as its shoppers see them, shipping at the exact rate", () => {
    const uk = { ...settings, country: "GB", market: ukMarket("2026-11-27T00:00:00.000Z") };
    // €39.90 → £34.32 → £34.99; €29.90 → £25.72 → £25.99 (ending .99); €4.95 → £4.26, €9.95 → £8.56 exactly.
    const [sale] = feedItems(product({ priceMinor: 2990, compareAtMinor: 3990 }), uk);
    expect([sale.price, sale.sale_price]).toEqual(["34.99 GBP", "25.99 GBP"]);
    expect(sale.shipping.map((s) => s.price)).toEqual(["4.26 GBP", "8.56 GBP"]);
    expect(requiredMissing(sale)).toEqual([]);
    // A saving the ending swallows is no sale there (the product page shows one price too).
    const [close] = feedItems(product({ priceMinor: 4990, compareAtMinor: 4995 }), uk);
    expect([close.price, close.sale_price]).toEqual(["42.99 GBP", undefined]);
    // A currency without minor units is written without decimals.
    const yen = { ...uk, market: { currency: "JPY" as const, rateMicros: 162_500_000, rounding: "whole" as const } };
    const [inYen] = feedItems(product({ priceMinor: 2990, compareAtMinor: null }), yen);
    expect(inYen.price).toBe("4859 JPY");
    expect(requiredMissing(inYen)).toEqual([]);
  });

  it("takes brand, condition, size, colour, material and product type from the shop and the product", () => {
    const [item] = feedItems(product({ category: "dresses", material: "Linen" }), settings);
    expect(item).toMatchObject({
      brand: "Hemline",
      condition: "new",
      size: "S",
      color: "Black",
      material: "Linen",
      product_type: "Dresses",
    });
    // Gender and age group are not recorded for our products: never guessed.
    expect(item).not.toHaveProperty("gender");
    expect(item).not.toHaveProperty("age_group");
  });

  it("is refused by the rules without a picture, with a relative link, or with a badly written price", () => {
    const [noImage] = feedItems(product({ images: [] }), settings);
    expect(requiredMissing(noImage)).toContain("image_link");
    const [relative] = feedItems(product(), { ...settings, origin: "" });
    expect(requiredMissing(relative)).toEqual(
      expect.arrayContaining(["link (not absolute)", "image_link (not absolute)"]),
    );
    const [item] = feedItems(product(), settings);
    expect(requiredMissing({ ...item, price: "€12" })).toContain("price (format)");
    expect(requiredMissing({ ...item, brand: "" })).toContain("brand");
  });

  it("keeps titles within Google's 150 characters and text on one line", () => {
    const [item] = feedItems(product({ name: "Long ".repeat(60), description: "Two\nlines\tand a tab" }), settings);
    expect(item.title.length).toBeLessThanOrEqual(150);
    expect(item.description).toBe("Two lines and a tab");
  });
});

describe("feed formats", () => {
  const head = { title: "Hemline", link: "https://shop.example", description: "All" };
  const [item] = feedItems(product({ name: 'Tee <"A&B">', priceMinor: 2990, compareAtMinor: 3990 }), settings);

  it("writes XML in Google's namespace, escaping text", () => {
    const xml = feedHead("xml", head) + feedItem("xml", item) + feedTail("xml");
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
    );
    expect(xml).toContain("<g:id>P1-BLACK-S</g:id>");
    expect(xml).toContain("<g:title>Tee &#60;&#34;A&#38;B&#34;&#62; – Black, size S</g:title>");
    expect(xml).toContain("<g:price>39.90 EUR</g:price>");
    expect(xml).toContain("<g:sale_price>29.90 EUR</g:sale_price>");
    expect(xml).toContain(
      "<g:shipping><g:country>IE</g:country><g:service>Standard delivery (3–5 working days)</g:service><g:price>4.95 EUR</g:price></g:shipping>",
    );
    expect(xml.trimEnd().endsWith("</channel>\n</rss>")).toBe(true);
  });

  it("writes TSV with a header row and one row of the same width per item", () => {
    const tsv = feedHead("tsv", head) + feedItem("tsv", item) + feedTail("tsv");
    const [header, row, end] = tsv.split("\n");
    expect(end).toBe("");
    const names = header.split("\t");
    const values = row.split("\t");
    expect(values).toHaveLength(names.length);
    const field = (name: string) => values[names.indexOf(name)];
    expect(field("id")).toBe("P1-BLACK-S");
    expect(field("price")).toBe("39.90 EUR");
    expect(field("availability")).toBe("in_stock");
    expect(field("link")).toBe("https://shop.example/products/p1?colour=Black");
    expect(field("shipping")).toBe(
      "IE::Standard delivery (3–5 working days):4.95 EUR,IE::Express delivery (1–2 working days):9.95 EUR",
    );
  });

  it("writes a product's items at once exactly as item by item, colour and sale details included", () => {
    const p = product({
      name: 'Tee <"A&B">',
      priceMinor: 2990,
      compareAtMinor: 3990,
      material: "Cotton & linen",
      colours: [
        { name: "Black", hex: "#1f1f1f" },
        { name: "Dusty Rose", hex: "#c9a0a0" },
      ],
      images: [
        { url: "/media/v1/t-shirts/front/1f1f1f.svg", alt: "front", width: 800, height: 1000 },
        { url: "/uploads/products/rose.webp", alt: "rose", width: 800, height: 1000, colour: "Dusty Rose" },
      ],
    });
    const items = feedItems(p, settings);
    expect(new Set(items.map((i) => i.link)).size).toBeGreaterThan(1);
    for (const format of ["xml", "tsv"] as const)
      expect(feedProductItems(format, items)).toBe(items.map((i) => feedItem(format, i)).join(""));
    expect(feedProductItems("xml", [])).toBe("");
  });
});
