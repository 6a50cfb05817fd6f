import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { nextRowKey, productFormSchema } from "~/lib/product-form";

// The product editor's form as conform parses what the browser sends: the stock grid follows the
// colour and size rows by their keys (whatever their order), and each bad field has its message.

const BASE: Record<string, string> = {
  name: "Wool Beanie",
  description: "Warm.",
  category: "accessories",
  price: "19.90",
  status: "draft",
  "colours[0].key": "c0",
  "colours[0].name": "Grey",
  "colours[0].hex": "#88AA88",
  "colours[1].key": "c3",
  "colours[1].name": "Navy",
  "colours[1].hex": "#1f3a5f",
  "sizes[0].key": "s1",
  "sizes[0].name": "L",
  "sizes[1].key": "s0",
  "sizes[1].name": "M",
  "stock.s0-c0": "1",
  "stock.s0-c3": "2",
  "stock.s1-c0": "3",
  "stock.s1-c3": "",
  "sku.s0-c0": "KEEP",
};

const parse = (overrides: Record<string, string | null> = {}) => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...BASE, ...overrides })) if (v !== null) form.set(k, v);
  return parseWithZod(form, { schema: productFormSchema });
};

describe("productFormSchema", () => {
  it("gives the catalogue's values: euros to cents, the grid in the rows' order by key, an empty cell 0", () => {
    const submission = parse({ featured: "on", compareAt: "25" });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      price: 1990,
      compareAt: 2500,
      featured: true,
      colours: [
        { name: "Grey", hex: "#88aa88" },
        { name: "Navy", hex: "#1f3a5f" },
      ],
      sizes: ["L", "M"],
      stock: [
        [3, 0],
        [1, 2],
      ],
      sku: [
        ["", ""],
        ["KEEP", ""],
      ],
    });
  });

  it.each([
    ["name", { name: "" }, "Enter the product's name."],
    ["price", { price: "-1" }, "Enter the price in euros: a number of at least 0 with at most 2 decimals, like 49.90."],
    ["price", { price: null }, "Enter the price, like 49.90."],
    ["compareAt", { compareAt: "10.00" }, "The compare-at price must be higher than the price, or left empty."],
    ["slug", { slug: "Not A Slug" }, "Use lower-case letters, digits and single hyphens only, like linen-shirt."],
    ["category", { category: "hats" }, "Choose one of the seven categories."],
    ["colours[1].hex", { "colours[1].hex": "navy" }, "Enter the colour as #rrggbb, like #1f3a5f."],
    ["colours[1].name", { "colours[1].name": "grey" }, "“grey” is listed twice."],
    ["sizes[1].name", { "sizes[1].name": "" }, "Enter the size, or remove the row."],
    ["stock.s0-c0", { "stock.s0-c0": "-2" }, "Enter a whole number of at least 0."],
    [
      "images[0].colour",
      {
        "images[0].url": "/uploads/products/0123456789abcdef0123456789abcdef-800.webp",
        "images[0].alt": "Front",
        "images[0].width": "800",
        "images[0].height": "1000",
        "images[0].colour": "Mauve",
      },
      "“Mauve” is not one of this product's colours: choose one of them, or All colours.",
    ],
  ])("refuses a bad %s", (field, overrides, message) => {
    const submission = parse(overrides);
    expect(submission.status).toBe("error");
    expect(submission.reply().error?.[field]).toContain(message);
  });

  it("asks for at least one colour and one size", () => {
    const form = new FormData();
    for (const k of ["name", "description", "category", "price", "status"]) form.set(k, BASE[k]);
    const error = parseWithZod(form, { schema: productFormSchema }).reply().error;
    expect(error?.colours).toEqual(["Add at least one colour."]);
    expect(error?.sizes).toEqual(["Add at least one size."]);
  });

  it("removing a colour row (conform's intent, without JavaScript) keeps the other colour's stock", () => {
    const submission = parse({
      __intent__: JSON.stringify({ type: "remove", payload: { name: "colours", index: 0 } }),
    });
    expect(submission.status).toBeUndefined();
    const form = submission.reply().initialValue as Record<string, unknown>;
    expect(form.colours).toEqual([{ key: "c3", name: "Navy", hex: "#1f3a5f" }]);
    expect(form.stock).toMatchObject({ "s0-c3": "2" });
    expect(form.name).toBe("Wool Beanie");
  });

  it("gives a new row the next free key", () => {
    expect(nextRowKey("c", ["c0", "c3"])).toBe("c4");
    expect(nextRowKey("s", [])).toBe("s0");
  });
});
