import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FORM_SHAPE_MESSAGE, formShapeProblem, parseForm, segmentsOf } from "~/server/http/form-shape.server";
import { productFormSchema } from "~/lib/product-form";
import { promotionSchema } from "~/lib/promotion-schema";

const form = (pairs: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of pairs) data.append(name, value);
  return data;
};

const product: Array<[string, string]> = [
  ["csrf", "token"],
  ["name", "Linen shirt"],
  ["price", "49.90"],
  ["colours[0].key", "c1"],
  ["colours[0].name", "Sage"],
  ["colours[0].hex", "#aabbcc"],
  ["sizes[0].key", "s1"],
  ["sizes[0].name", "M"],
  ["stock.s1c1", "3"],
  ["images[0].url", "/uploads/products/x.webp"],
];

describe("the shape of a submission", () => {
  it("reads conform's names", () => {
    expect(segmentsOf("colours[0].name")).toEqual(["colours", 0, "name"]);
    expect(segmentsOf("stock.s1c1")).toEqual(["stock", "s1c1"]);
    expect(segmentsOf("a[x]")).toBeNull();
    expect(segmentsOf("a..b")).toBeNull();
  });

  it("accepts what the product editor sends, with names it does not know (csrf, intent)", () => {
    expect(formShapeProblem(form(product), productFormSchema)).toBeNull();
    expect(formShapeProblem(form([...product, ["intent", "save"], ["__intent__", "x"]]), productFormSchema)).toBeNull();
  });

  it("refuses a list sent as one value, a plain field sent as a list, an object as a value", () => {
    for (const extra of [
      ["colours", "Red"],
      ["sizes", "S"],
      ["images", "x"],
      ["name[0]", "x"],
      ["price[1].y", "z"],
      ["stock", "5"],
      ["colours[0]", "Red"],
      ["colours.name", "Red"],
      ["colours[x].name", "Red"],
    ] as Array<[string, string]>)
      expect(formShapeProblem(form([...product, extra]), productFormSchema), extra[0]).toBe(FORM_SHAPE_MESSAGE);
  });

  it("refuses ten thousand rows and deep nesting, of known names and unknown ones", () => {
    expect(formShapeProblem(form([...product, ["colours[9999].name", "x"]]), productFormSchema)).toBe(
      FORM_SHAPE_MESSAGE,
    );
    const deep = `a${"[0].b".repeat(3000)}`;
    expect(formShapeProblem(form([...product, [deep, "x"]]), productFormSchema)).toBe(FORM_SHAPE_MESSAGE);
    expect(formShapeProblem(form([...product, [`name${".a[0]".repeat(50)}`, "x"]]), productFormSchema)).toBe(
      FORM_SHAPE_MESSAGE,
    );
  });

  it("takes a list of plain values as a repeated name (a group of checkboxes), within its rows", () => {
    const schema = z.object({ categories: z.array(z.string()).max(7).optional(), email: z.string() });
    expect(formShapeProblem(form([["categories", "jeans"]]), schema)).toBeNull();
    expect(
      formShapeProblem(
        form([
          ["categories", "jeans"],
          ["categories", "dresses"],
        ]),
        schema,
      ),
    ).toBeNull();
    expect(formShapeProblem(form(Array.from({ length: 500 }, () => ["categories", "x"])), schema)).toBe(
      FORM_SHAPE_MESSAGE,
    );
    expect(formShapeProblem(form([["categories[0]", "jeans"]]), promotionSchema)).toBeNull();
  });

  it("answers a form of the wrong shape as a failed submission with the message and no values", () => {
    const submission = parseForm(form([...product, ["colours", "Red"]]), { schema: productFormSchema });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({ "": [FORM_SHAPE_MESSAGE] });
    expect(reply.initialValue).toEqual({});
  });
});
