import { describe, expect, it } from "vitest";
import type { Product } from "~/domain/product";
import { csvHeader, planImport, productCsvLines } from "~/server/services/admin-catalog/product-csv.server";
import { buildVariants, sharedWeight } from "~/server/services/admin-catalog/variants.server";
import { parseWithZod } from "@conform-to/zod";
import { productFormSchema } from "~/lib/product-form";
import { makeProduct } from "../support/product-factory";

// Shipping weights (grams, per variant) travel in the CSV's optional weight_grams column: exported,
// imported, removed by an empty cell, kept when a file has no such column. The product editor shows
// one weight for every variant: set, it weighs them all; empty, each keeps its own.

const stored: Product = (() => {
  const p = makeProduct({ id: "w1", sizes: ["S"], colours: [{ name: "Black", hex: "#1f1f1f" }] });
  return { ...p, seq: 1, updatedAt: "2026-11-01T10:00:00.000Z", createdAt: p.createdAt! } as Product;
})();
const withWeight: Product = { ...stored, variants: stored.variants.map((v) => ({ ...v, weightGrams: 450 })) };

const plan = (csv: string, product: Product) =>
  planImport(csv, {
    slugOwners: new Map([[product.slug, product.id]]),
    skuOwners: new Map(product.variants.map((v) => [v.sku.toUpperCase(), product.id])),
    load: async () => product,
    newId: () => "new",
  });

describe("variant weights in the product CSV", () => {
  it("exports a variant's weight and imports a changed one", async () => {
    const lines = productCsvLines(withWeight);
    expect(lines.trim().endsWith(",450")).toBe(true);
    const heavier = `${csvHeader()}${lines.replace(/,450\n$/, ",900\n")}`;
    const result = await plan(heavier, withWeight);
    expect(result.counts.update).toBe(1);
    expect(result.products[0].input?.variants[0].weightGrams).toBe(900);
    expect(result.products[0].changes).toEqual(["variants"]);
  });

  it("keeps stored weights when the file has no weight_grams column, and refuses a weight that is not grams", async () => {
    const [header, line] = `${csvHeader()}${productCsvLines(withWeight)}`.trim().split("\n");
    const drop = (text: string) => text.split(",").slice(0, -1).join(",");
    const without = await plan(`${drop(header)}\n${drop(line)}\n`, withWeight);
    expect(without.counts.unchanged).toBe(1);
    const bad = await plan(`${header}\n${line.replace(/,450$/, ",1.5kg")}\n`, withWeight);
    expect(bad.rows[0].reasons).toContain("Bad weight “1.5kg”: a whole number of grams, or empty for none.");
  });

  it("is kept by the editor's save when its weight field is empty", () => {
    const rebuilt = buildVariants(
      withWeight.slug,
      ["S", "M"],
      withWeight.colours,
      [[3], [4]],
      [[], []],
      withWeight.variants,
    );
    expect(rebuilt.map((v) => [v.size, v.weightGrams])).toEqual([
      ["S", 450],
      ["M", undefined],
    ]);
  });

  it("is set for every variant by the editor's weight, which shows the weight they share", () => {
    const rebuilt = buildVariants(
      withWeight.slug,
      ["S", "M"],
      withWeight.colours,
      [[3], [4]],
      [[], []],
      withWeight.variants,
      600,
    );
    expect(rebuilt.map((v) => [v.size, v.weightGrams])).toEqual([
      ["S", 600],
      ["M", 600],
    ]);
    expect(sharedWeight(rebuilt)).toBe("600");
    // Weights that differ (set one by one in a CSV), or none at all, show an empty field.
    expect(sharedWeight([...rebuilt, { ...rebuilt[0], size: "L", weightGrams: 700 }])).toBe("");
    expect(sharedWeight(stored.variants)).toBe("");
  });

  it("is read from the editor's form in whole grams, empty for none, with a message for anything else", () => {
    const weightOf = (weight: string) => {
      const form = new FormData();
      form.set("weight", weight);
      const submission = parseWithZod(form, { schema: productFormSchema });
      return { error: submission.status === "error" ? submission.error?.weight : undefined };
    };
    expect(weightOf(" 350 ").error).toBeUndefined();
    expect(weightOf("1.5kg").error).toEqual(["Enter the weight in whole grams, like 350, or leave it empty."]);
    expect(weightOf("-3").error).toEqual(["Enter the weight in whole grams, like 350, or leave it empty."]);
  });
});
