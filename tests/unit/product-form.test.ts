import { describe, expect, it } from "vitest";
import { emptyProductDraft, readProductDraft, validateProductDraft, type ProductDraft } from "~/lib/product-form";

// The product editor's form: what the browser sends becomes a draft (blank new rows dropped,
// the grid following the rows kept), and the draft is validated with messages per field.

const valid = (overrides: Partial<ProductDraft> = {}): ProductDraft => ({
  ...emptyProductDraft(),
  name: "Wool Beanie",
  description: "Warm.",
  category: "accessories",
  price: "19.90",
  status: "draft",
  colours: [{ name: "Grey", hex: "#888888" }],
  sizes: ["One size"],
  stock: [["3"]],
  sku: [[""]],
  ...overrides,
});

describe("readProductDraft", () => {
  it("drops blank new rows and keeps the stock grid aligned with the rows kept", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Tee",
      "colours.name.0": "Black",
      "colours.hex.0": "#000000",
      "colours.name.1": "",
      "colours.hex.1": "",
      "colours.name.2": "White",
      "colours.hex.2": "#ffffff",
      "sizes.0": "S",
      "sizes.1": "",
      "sizes.2": "M",
      "stock.0.0": "1",
      "stock.0.2": "2",
      "stock.2.0": "3",
      "stock.2.2": "4",
      "sku.0.0": "KEEP",
      "images.url.0": "/media/v1/t-shirts/front/1f1f1f.svg",
      "images.alt.0": "Front",
      "images.width.0": "800",
      "images.height.0": "1000",
      "images.colour.0": "White",
      featured: "on",
    }))
      form.set(k, v);
    const draft = readProductDraft(form);
    expect(draft.colours.map((c) => c.name)).toEqual(["Black", "White"]);
    expect(draft.sizes).toEqual(["S", "M"]);
    expect(draft.stock).toEqual([
      ["1", "2"],
      ["3", "4"],
    ]);
    expect(draft.sku[0][0]).toBe("KEEP");
    expect(draft.featured).toBe(true);
    expect(draft.images).toEqual([
      { url: "/media/v1/t-shirts/front/1f1f1f.svg", alt: "Front", width: "800", height: "1000", colour: "White" },
    ]);
  });
});

describe("validateProductDraft", () => {
  it("turns a valid draft into values: euros to cents, empty stock as 0, lower-case hex", () => {
    const result = validateProductDraft(
      valid({ price: "€19.90", compareAt: "25", colours: [{ name: "Grey", hex: "#88AA88" }], stock: [[""]] }),
    );
    expect(result).toMatchObject({
      success: true,
      value: { price: 1990, compareAt: 2500, stock: [[0]], colours: [{ name: "Grey", hex: "#88aa88" }] },
    });
  });

  it.each([
    [
      "price",
      { price: "12.345" },
      "Enter the price in euros: a number of at least 0 with at most 2 decimals, like 49.90.",
    ],
    ["price", { price: "-1" }, "Enter the price in euros: a number of at least 0 with at most 2 decimals, like 49.90."],
    ["price", { price: "" }, "Enter the price, like 49.90."],
    ["compareAt", { compareAt: "10.00" }, "The compare-at price must be higher than the price, or left empty."],
    ["slug", { slug: "Not A Slug" }, "Use lower-case letters, digits and single hyphens only, like linen-shirt."],
    ["category", { category: "hats" }, "Choose one of the seven categories."],
    ["status", { status: "deleted" }, "Choose draft, active or archived."],
    ["colours", { colours: [], stock: [[]], sku: [[]] }, "Add at least one colour."],
    ["colours.0.hex", { colours: [{ name: "Grey", hex: "grey" }] }, "Enter the colour as #rrggbb, like #1f3a5f."],
    ["sizes", { sizes: [], stock: [], sku: [] }, "Add at least one size."],
    ["stock.0.0", { stock: [["1.5"]] }, "Enter a whole number of at least 0."],
    ["stock.0.0", { stock: [["-2"]] }, "Enter a whole number of at least 0."],
    [
      "images.0.alt",
      {
        images: [
          {
            url: "/uploads/products/0123456789abcdef0123456789abcdef-800.webp",
            alt: " ",
            width: "800",
            height: "1000",
          },
        ],
      },
      "Describe the image for people who cannot see it.",
    ],
    [
      "images.0.url",
      { images: [{ url: "https://evil.example/x.png", alt: "x", width: "800", height: "1000" }] },
      "This image cannot be used: upload it again.",
    ],
    [
      "images.0.colour",
      {
        images: [
          {
            url: "/uploads/products/0123456789abcdef0123456789abcdef-800.webp",
            alt: "x",
            width: "800",
            height: "1000",
            colour: "Mauve",
          },
        ],
      },
      "“Mauve” is not one of this product's colours: choose one of them, or All colours.",
    ],
  ])("refuses a bad %s", (field, overrides, message) => {
    const result = validateProductDraft(valid(overrides as Partial<ProductDraft>));
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors[field]).toContain(message);
  });

  it("keeps an image's colour tag when it names one of the product's colours, and leaves an untagged image without one", () => {
    const images = [
      {
        url: "/uploads/products/0123456789abcdef0123456789abcdef-800.webp",
        alt: "Grey front",
        width: "800",
        height: "1000",
        colour: "Grey",
      },
      {
        url: "/uploads/products/0123456789abcdef0123456789abcdef-400.webp",
        alt: "Detail",
        width: "400",
        height: "500",
        colour: "",
      },
    ];
    const result = validateProductDraft(valid({ colours: [{ name: "Grey", hex: "#888888" }], images }));
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.value.images.map((i) => i.colour)).toEqual(["Grey", undefined]);
  });

  it("refuses a colour or size listed twice", () => {
    const result = validateProductDraft(
      valid({
        colours: [
          { name: "Grey", hex: "#888888" },
          { name: "grey", hex: "#777777" },
        ],
        sizes: ["M", "M"],
        stock: [
          ["1", "1"],
          ["1", "1"],
        ],
        sku: [
          ["", ""],
          ["", ""],
        ],
      }),
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors["colours.1.name"]).toEqual(["“grey” is listed twice."]);
    expect(result.errors["sizes.1"]).toEqual(["“M” is listed twice."]);
  });
});
