import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, statusOf, type RouteHarness } from "../support/route-harness";
import { ukMarketInput } from "../support/market-factory";
import type { ProductFormData } from "~/routes/admin.products.new/product-form.server";

// The product editor's "Prices in other markets" as a browser without JavaScript drives it: one
// field per market not priced at base, labelled with its name and currency, its placeholder the
// converted price; a valid amount is saved as the product's own price (and in the audit log), an
// empty field converts, bad input answers 400 with a message naming the market and saves nothing.

let harness: RouteHarness;
let productId: string;
const UK = "united-kingdom";
const JP = "japan";

beforeAll(async () => {
  harness = await createRouteHarness();
  const { markets } = harness.ctx;
  const europe = await markets.defaultMarket({ fresh: true });
  await markets.save({ ...europe, id: europe.id, countries: europe.countries.filter((c) => c !== "GB") }, "t");
  expect(await markets.save(ukMarketInput(), "t")).toMatchObject({ kind: "saved" });
  expect(
    await markets.save(
      ukMarketInput({ name: "Japan", countries: ["JP"], currency: "JPY", rateMicros: 160_000_000, rounding: "whole" }),
      "t",
    ),
  ).toMatchObject({ kind: "saved" });
});
afterAll(async () => {
  await harness.close();
});

const editProduct = () => import("~/routes/admin.products.$id.edit");
const newProduct = () => import("~/routes/admin.products.new/route");

const BASE = {
  name: "Priced Tee",
  description: "Cotton.",
  category: "t-shirts",
  price: "49.95",
  status: "active",
  "colours[0].key": "c0",
  "colours[0].name": "Black",
  "colours[0].hex": "#000000",
  "sizes[0].key": "s0",
  "sizes[0].name": "M",
  "stock.s0-c0": "3",
};

type EditorData = { marketPrices: { fields: Array<Record<string, string>>; values: Record<string, string> } };

describe("prices in other markets in the product editor", () => {
  it("offers one field per market not priced at base, named with its currency, the converted price as placeholder", async () => {
    const created = await harness.run(
      (await newProduct()).action,
      harness.request("/admin/products/new", "admin", { ...BASE, intent: "save", [`marketPrices.${UK}`]: "35" }),
    );
    expect(statusOf(created)).toBe(303);
    productId = (created as Response).headers.get("Location")!.split("/")[3];
    expect((await harness.ctx.adminCatalog.get(productId))?.marketPrices).toEqual({ [UK]: { priceMinor: 3500 } });

    const page = dataOf<EditorData>(
      await harness.run((await editProduct()).loader, harness.request(`/admin/products/${productId}/edit`, "admin"), {
        id: productId,
      }),
    );
    // €49.95 → £42.99 (.99 ending) and ¥7992 (whole yen); Europe, priced at base, has no field.
    expect(page.marketPrices.fields).toEqual([
      { marketId: UK, label: "United Kingdom (GBP)", currency: "GBP", placeholder: "42.99" },
      { marketId: JP, label: "Japan (JPY)", currency: "JPY", placeholder: "7992" },
    ]);
    expect(page.marketPrices.values).toEqual({ [UK]: "35.00", [JP]: "" });
  });

  it("saves own prices in each currency's units and audits the change; an empty field goes back to converted", async () => {
    const { action } = await editProduct();
    const seq = (await harness.ctx.adminCatalog.get(productId))!.seq;
    const saved = await harness.run(
      action,
      harness.request(`/admin/products/${productId}/edit`, "admin", {
        ...BASE,
        intent: "save",
        expectedSeq: String(seq),
        [`marketPrices.${UK}`]: "",
        [`marketPrices.${JP}`]: "5400",
      }),
      { id: productId },
    );
    expect(statusOf(saved)).toBe(303);
    expect((await harness.ctx.adminCatalog.get(productId))?.marketPrices).toEqual({ [JP]: { priceMinor: 5400 } });
    const history = await harness.ctx.audit.list({ entityType: "product", entityId: productId });
    expect(history.entries[0]).toMatchObject({ action: "update" });
    expect(history.entries[0].summary).toContain("marketPrices");
  });

  it.each([
    [UK, "-3", "United Kingdom (GBP)"],
    [UK, "0", "United Kingdom (GBP)"],
    [UK, "12.345", "United Kingdom (GBP)"],
    [UK, "twelve", "United Kingdom (GBP)"],
    [JP, "54.50", "JPY has no decimals"],
  ])("refuses %s = %j with a message on the editor, 400, nothing saved", async (market, typed, words) => {
    const before = (await harness.ctx.adminCatalog.get(productId))!;
    const refused = await harness.run(
      (await editProduct()).action,
      harness.request(`/admin/products/${productId}/edit`, "admin", {
        ...BASE,
        name: "Renamed while refused",
        intent: "save",
        expectedSeq: String(before.seq),
        [`marketPrices.${market}`]: typed,
      }),
      { id: productId },
    );
    expect(statusOf(refused)).toBe(400);
    const result = dataOf<ProductFormData>(refused).result;
    expect(result.error?.[`marketPrices.${market}`]?.[0]).toContain(words);
    // What was typed comes back to be corrected.
    expect((result.initialValue as { marketPrices?: Record<string, string> }).marketPrices?.[market]).toBe(typed);
    const after = (await harness.ctx.adminCatalog.get(productId))!;
    expect(after.seq).toBe(before.seq);
    expect(after.name).toBe(before.name);
  });

  it("leaves own prices as they are when a texts-only role saves the product", async () => {
    const before = (await harness.ctx.adminCatalog.get(productId))!;
    const saved = await harness.run(
      (await editProduct()).action,
      harness.request(`/admin/products/${productId}/edit`, "content", {
        ...BASE,
        description: "Heavier cotton.",
        intent: "save",
        expectedSeq: String(before.seq),
        [`marketPrices.${JP}`]: "1",
      }),
      { id: productId },
    );
    expect(statusOf(saved)).toBe(303);
    const after = (await harness.ctx.adminCatalog.get(productId))!;
    expect(after.description).toBe("Heavier cotton.");
    expect(after.marketPrices).toEqual(before.marketPrices);
  });

  it("keeps own prices off a gift card product", async () => {
    const created = await harness.run(
      (await newProduct()).action,
      harness.request("/admin/products/new", "admin", {
        ...BASE,
        name: "Card with a price",
        giftCard: "on",
        giftCardAmounts: "25, 50",
        intent: "save",
        [`marketPrices.${UK}`]: "35",
      }),
    );
    expect(statusOf(created)).toBe(303);
    const id = (created as Response).headers.get("Location")!.split("/")[3];
    expect(await harness.ctx.adminCatalog.get(id)).not.toHaveProperty("marketPrices");
  });
});
