import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseAdminProductQuery } from "~/lib/admin-product-query";
import { parseProductQuery } from "~/lib/product-query";
import {
  emptyProductForm,
  productFormSchema,
  type ProductFormDefaults,
  type ProductFormValues,
} from "~/lib/product-form";
import { seedIfEmpty } from "~/server/seed/seed.server";
import {
  createAdminCatalogService,
  formDefaultsOf,
  type AdminCatalogService,
} from "~/server/services/admin-catalog/admin-catalog.server";
import {
  createProductImportService,
  type ProductImportService,
} from "~/server/services/admin-catalog/product-import.server";
import { createAuditService, type AuditService } from "~/server/services/audit/audit.server";
import { createCatalogService } from "~/server/services/catalog/catalog.server";
import { createMarketsService } from "~/server/services/markets/markets.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { ukMarketInput } from "../support/market-factory";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { allProducts } from "../support/all-products";

// The back office's product rules on every real store: create and edit through the form's
// values, unique slugs, archive-or-delete, the audit trail, and CSV import dry run vs apply.

const ADMIN = "catalogue-admin@hemline.test";

function values(overrides: Partial<ProductFormDefaults> = {}): ProductFormValues {
  const form: ProductFormDefaults = {
    ...emptyProductForm(),
    name: "Linen Camp Shirt",
    description: "A loose shirt in washed linen.",
    category: "t-shirts",
    price: "59.90",
    status: "active",
    colours: [
      { key: "c0", name: "Sand", hex: "#d8c8a8" },
      { key: "c1", name: "Navy", hex: "#1f3a5f" },
    ],
    sizes: [
      { key: "s0", name: "S" },
      { key: "s1", name: "M" },
    ],
    stock: { "s0-c0": "4", "s0-c1": "0", "s1-c0": "7", "s1-c1": "2" },
    ...overrides,
  };
  const checked = productFormSchema.safeParse(form);
  if (!checked.success) throw new Error(`test values invalid: ${JSON.stringify(checked.error.issues)}`);
  return checked.data;
}

const HEADER = "slug,name,description,category,price,compare_at_price,status,featured,colour,colour_hex,size,sku,stock";

describe.each(STORE_ADAPTERS)("admin catalogue on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let audit: AuditService;
  let admin: AdminCatalogService;
  let imports: ProductImportService;
  let reopen: () => Promise<Store>;

  beforeEach(async () => {
    ({ store, dispose, reopen } = await adapter.create());
    audit = createAuditService({ store });
    admin = createAdminCatalogService({
      store,
      audit,
      ordersWithProduct: async (id) => (id === "sold-before" ? 2 : 0),
    });
    imports = createProductImportService({ store, audit, adminCatalog: admin });
  });
  afterEach(async () => {
    await dispose();
  });

  it("creates a product from the form with its stock grid, lists it, and shows it in the storefront", async () => {
    const result = await admin.save(values(), { actor: ADMIN });
    expect(result.success).toBe(true);
    if (!result.success) return;
    const p = result.product;
    expect(p).toMatchObject({
      slug: "linen-camp-shirt",
      priceMinor: 5990,
      compareAtMinor: null,
      status: "active",
      sizes: ["S", "M"],
    });
    expect(p.variants).toEqual([
      { size: "S", colour: "Sand", sku: "LINEN-CAMP-SHIRT-SAND-S", stock: 4 },
      { size: "S", colour: "Navy", sku: "LINEN-CAMP-SHIRT-NAVY-S", stock: 0 },
      { size: "M", colour: "Sand", sku: "LINEN-CAMP-SHIRT-SAND-M", stock: 7 },
      { size: "M", colour: "Navy", sku: "LINEN-CAMP-SHIRT-NAVY-M", stock: 2 },
    ]);
    const list = await admin.list(parseAdminProductQuery(new URLSearchParams("q=camp")));
    expect(list.items.map((i) => i.id)).toEqual([p.id]);
    expect(list.items[0]).toMatchObject({ units: 13, lowCells: 1 });
    const storefront = createCatalogService({ store });
    const listing = await storefront.listProducts(parseProductQuery(new URLSearchParams("sort=newest")).query);
    expect(listing.items.map((i) => i.id)).toContain(p.id);
  });

  it("edits a product keeping its SKUs, and refuses a slug another product has", async () => {
    const first = await admin.save(values(), { actor: ADMIN });
    const other = await admin.save(values({ name: "Other Shirt" }), { actor: ADMIN });
    if (!first.success || !other.success) throw new Error("setup failed");
    const taken = await admin.save(values({ name: "Other Shirt", slug: "linen-camp-shirt" }), {
      actor: ADMIN,
      id: other.product.id,
    });
    expect(taken).toEqual({
      success: false,
      errors: { slug: ["Another product already uses the slug “linen-camp-shirt”. Choose a different one."] },
    });
    expect((await store.products.get(other.product.id))?.slug).toBe("other-shirt");

    const edited = await admin.save(
      values({
        price: "49.00",
        stock: { "s0-c0": "1", "s0-c1": "1", "s1-c0": "1", "s1-c1": "1" },
        sku: { "s0-c0": "KEEP-1" },
      }),
      { actor: ADMIN, id: first.product.id, expectedSeq: first.product.seq },
    );
    expect(edited.success).toBe(true);
    if (!edited.success) return;
    expect(edited.product.priceMinor).toBe(4900);
    expect(edited.product.variants[0].sku).toBe("KEEP-1");
    expect(edited.product.createdAt).toBe(first.product.createdAt);
  });

  it("refuses a stale edit (the product changed since the editor opened) and writes nothing", async () => {
    const first = await admin.save(values(), { actor: ADMIN });
    if (!first.success) throw new Error("setup failed");
    await admin.save(values({ name: "Changed meanwhile" }), { actor: ADMIN, id: first.product.id });
    const stale = await admin.save(values({ name: "Stale" }), {
      actor: ADMIN,
      id: first.product.id,
      expectedSeq: first.product.seq,
    });
    expect(stale.success).toBe(false);
    expect((await store.products.get(first.product.id))?.name).toBe("Changed meanwhile");
  });

  it("records who changed what, with before and after, newest first", async () => {
    const created = await admin.save(values(), { actor: ADMIN });
    if (!created.success) throw new Error("setup failed");
    await admin.save(values({ price: "10.00" }), { actor: "other-admin@hemline.test", id: created.product.id });
    const { entries } = await audit.list({ entityType: "product", entityId: created.product.id });
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ["update", "other-admin@hemline.test"],
      ["create", ADMIN],
    ]);
    expect(entries[0].summary).toContain("priceMinor");
    expect((entries[0].before as { priceMinor: number }).priceMinor).toBe(5990);
    expect((entries[0].after as { priceMinor: number }).priceMinor).toBe(1000);
    expect(entries[1].before).toBeNull();
  });

  it("deletes a product without orders (gone from lists) and archives one that has orders", async () => {
    const plain = await admin.save(values(), { actor: ADMIN });
    if (!plain.success) throw new Error("setup failed");
    await store.products.save(makeProduct({ id: "sold-before", slug: "sold-before" }));
    const storefront = createCatalogService({ store });
    const query = parseProductQuery(new URLSearchParams("sort=newest")).query;
    expect((await storefront.listProducts(query)).total).toBe(2);

    expect(await admin.remove(plain.product.id, ADMIN)).toMatchObject({ outcome: "deleted" });
    expect(await store.products.get(plain.product.id)).toBeNull();
    expect(await admin.remove("sold-before", ADMIN)).toMatchObject({ outcome: "archived", orders: 2 });
    expect((await store.products.get("sold-before"))?.status).toBe("archived");

    expect((await storefront.listProducts(query)).total).toBe(0);
    expect(
      (await admin.list(parseAdminProductQuery(new URLSearchParams()))).items.map((i) => [i.id, i.status]),
    ).toEqual([["sold-before", "archived"]]);
    const actions = (await audit.list({ entityType: "product" })).entries.map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(["archive", "delete"]);
  });

  it("filters the admin list by status, category and stock, sorts and pages", async () => {
    await store.products.upsertMany([
      makeProduct({ id: "a1", name: "Alpha", status: "draft", priceMinor: 100 }),
      makeProduct({ id: "b1", name: "Bravo", category: "shoes", priceMinor: 300 }),
      makeProduct({
        id: "c1",
        name: "Charlie",
        priceMinor: 200,
        variants: [{ size: "S", colour: "Black", sku: "C1-SOLD", stock: 0 }],
      }),
    ]);
    const q = (qs: string) => admin.list(parseAdminProductQuery(new URLSearchParams(qs)));
    expect((await q("status=draft")).items.map((i) => i.id)).toEqual(["a1"]);
    expect((await q("category=shoes")).items.map((i) => i.id)).toEqual(["b1"]);
    expect((await q("stock=out")).items.map((i) => i.id)).toEqual(["c1"]);
    expect((await q("sort=price-desc")).items.map((i) => i.id)).toEqual(["b1", "c1", "a1"]);
    expect((await q("q=c1-sold")).items.map((i) => i.id)).toEqual(["c1"]);
  });

  it("CSV import: the dry run writes nothing and explains each rejected line; apply writes the valid products", async () => {
    const existing = await admin.save(values(), { actor: ADMIN });
    if (!existing.success) throw new Error("setup failed");
    const csv = [
      HEADER,
      "wool-scarf,Wool Scarf,A warm scarf.,accessories,25.00,,active,false,Grey,#888888,One size,SCARF-GREY,10",
      "linen-camp-shirt,Linen Camp Shirt,A loose shirt in washed linen.,t-shirts,55.00,,active,true,Sand,#d8c8a8,S,LINEN-CAMP-SHIRT-SAND-S,3",
      "bad-price,Bad Price,Nope.,t-shirts,12.345,,active,false,Red,#ff0000,M,BAD-1,1",
      "odd-category,Odd,Nope.,hats,10.00,,active,false,Red,#ff0000,M,ODD-1,1",
      "dup-sku,Dup,Nope.,t-shirts,10.00,,active,false,Red,#ff0000,M,SCARF-GREY,1",
    ].join("\n");
    const before = await store.products.count();
    const { job, plan } = await imports.upload("products.csv", csv, ADMIN);
    expect(job).not.toBeNull();
    expect(plan.counts).toEqual({ create: 1, update: 1, unchanged: 0, reject: 3, rejectedLines: 3 });
    const reasons = (line: number) => plan.rows.find((r) => r.line === line)!.reasons.join(" ");
    expect(reasons(4)).toContain("Bad price");
    expect(reasons(5)).toContain("Unknown category “hats”");
    expect(reasons(6)).toContain("Duplicated SKU SCARF-GREY: also on line 2");
    expect(await store.products.count()).toBe(before);
    expect((await store.products.get(existing.product.id))?.priceMinor).toBe(5990);

    const done = await imports.apply(job!.token);
    expect(done).toMatchObject({
      status: "done",
      result: { created: 1, updated: 1, rejected: 3, written: 2, error: null },
    });
    expect(await store.products.count()).toBe(before + 1);
    const updated = await store.products.get(existing.product.id);
    expect(updated).toMatchObject({ priceMinor: 5500, featured: true, sizes: ["S"] });
    expect(updated?.variants).toEqual([{ size: "S", colour: "Sand", sku: "LINEN-CAMP-SHIRT-SAND-S", stock: 3 }]);
    expect((await store.products.getBySlug("wool-scarf"))?.category).toBe("accessories");
    expect(await store.products.getBySlug("bad-price")).toBeNull();
    // Applying twice does nothing more.
    expect((await imports.apply(job!.token))?.status).toBe("done");
    const importEntries = (await audit.list({ entityType: "import" })).entries;
    expect(importEntries).toHaveLength(1);
    expect(importEntries[0].summary).toContain("1 created, 1 changed");
    expect((await audit.list({ entityType: "product", entityId: existing.product.id })).entries[0].action).toBe(
      "import-update",
    );
  });

  it("keeps each image's colour tag from the editor; an import that removes the colour drops its tag and keeps the image", async () => {
    const image = (view: string, colour: string) => ({
      url: `/media/v1/t-shirts/${view}/1f3a5f.svg`,
      alt: `Shirt, ${view}`,
      width: "800",
      height: "1000",
      colour,
    });
    const created = await admin.save(
      values({ images: [image("front", ""), image("back", "Navy"), image("flat", "Sand")] }),
      { actor: ADMIN },
    );
    if (!created.success) throw new Error("setup failed");
    const stored = await store.products.get(created.product.id);
    expect(stored?.images.map((i) => i.colour)).toEqual([undefined, "Navy", "Sand"]);
    expect(Object.keys(stored!.images[0])).not.toContain("colour");
    expect(formDefaultsOf(stored!).images.map((i) => i.colour)).toEqual(["", "Navy", "Sand"]);

    const csv = [
      HEADER,
      "linen-camp-shirt,Linen Camp Shirt,A loose shirt in washed linen.,t-shirts,59.90,,active,false,Sand,#d8c8a8,S,LINEN-CAMP-SHIRT-SAND-S,3",
    ].join("\n");
    const { job } = await imports.upload("products.csv", csv, ADMIN);
    expect((await imports.apply(job!.token))?.status).toBe("done");
    const imported = await store.products.get(created.product.id);
    expect(imported?.colours.map((c) => c.name)).toEqual(["Sand"]);
    expect(imported?.images.map((i) => [i.alt, i.colour])).toEqual([
      ["Shirt, front", undefined],
      ["Shirt, back", undefined],
      ["Shirt, flat", "Sand"],
    ]);
  });

  it("CSV import refuses a file with wrong columns and keeps nothing", async () => {
    const { job, plan } = await imports.upload("x.csv", "slug,name,colour\nx,y,z\n", ADMIN);
    expect(job).toBeNull();
    expect(plan.fileError).toMatch(
      /^Missing columns: description, category, price, status, colour_hex, size, sku, stock\./,
    );
    const unknown = await imports.upload("x.csv", `${HEADER},weight\n`, ADMIN);
    expect(unknown.plan.fileError).toMatch(/^Unknown column: weight\./);
  });

  it("CSV export round-trips: an exported product imports back unchanged", async () => {
    const created = await admin.save(values({ description: '=HYPERLINK("http://evil")' }), { actor: ADMIN });
    if (!created.success) throw new Error("setup failed");
    const stream = await admin.exportCsv({ q: "", category: null, status: null, stock: null, sort: "name" });
    const text = await new Response(stream).text();
    expect(text.split("\n")[0]).toBe(
      "product_id,slug,name,description,category,material,price,compare_at_price,status,featured,colour,colour_hex,size,sku,stock,weight_grams",
    );
    expect(text).toContain("'=HYPERLINK");
    expect(text.trim().split("\n")).toHaveLength(5);
    const { plan } = await imports.upload("export.csv", text, ADMIN);
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 1, reject: 0, rejectedLines: 0 });
  });

  /** The United Kingdom (GBP) and Japan (JPY) besides Europe, which is priced at base: their ids. */
  async function twoMarkets() {
    const markets = createMarketsService({ store });
    const europe = await markets.defaultMarket({ fresh: true });
    await markets.save({ ...europe, countries: europe.countries.filter((c) => c !== "GB") }, ADMIN);
    const uk = await markets.save(ukMarketInput(), ADMIN);
    const jp = await markets.save(
      ukMarketInput({ name: "Japan", countries: ["JP"], currency: "JPY", rateMicros: 160_000_000, rounding: "whole" }),
      ADMIN,
    );
    if (uk.kind !== "saved" || jp.kind !== "saved") throw new Error("markets not saved");
    return { europe: europe.id, uk: uk.market.id, jp: jp.market.id };
  }

  const exportAll = async () =>
    new Response(await admin.exportCsv({ q: "", category: null, status: null, stock: null, sort: "name" })).text();

  it("CSV export has a column of own prices per market not priced at base, and imports back unchanged", async () => {
    const { uk, jp } = await twoMarkets();
    const created = await admin.save(values(), { actor: ADMIN, marketPrices: { [uk]: 3500, [jp]: null } });
    if (!created.success) throw new Error("setup failed");
    const text = await exportAll();
    const [header, ...lines] = text.trim().split("\n");
    expect(header).toBe(
      "product_id,slug,name,description,category,material,price,compare_at_price,status,featured,colour," +
        "colour_hex,size,sku,stock,weight_grams,price_united_kingdom,price_japan",
    );
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line.endsWith(",35.00,")).toBe(true);
    const { plan } = await imports.upload("export.csv", text, ADMIN);
    expect(plan.counts).toEqual({ create: 0, update: 0, unchanged: 1, reject: 0, rejectedLines: 0 });

    // A changed cell sets the price there (whole yen in JPY); an empty one clears it.
    const changed = text.replace(/,35\.00,\n/g, ",,5400\n");
    const upload = await imports.upload("changed.csv", changed, ADMIN);
    expect(upload.plan.products[0]).toMatchObject({ outcome: "update", changes: ["marketPrices"] });
    expect((await imports.apply(upload.job!.token))?.status).toBe("done");
    expect((await store.products.get(created.product.id))?.marketPrices).toEqual({ [jp]: { priceMinor: 5400 } });
    // Without the columns a file keeps the prices saved.
    const without = (await exportAll())
      .split("\n")
      .map((l) => l.replace(/,[^,]*,[^,]*$/, ""))
      .join("\n");
    expect(without.split("\n")[0]!.endsWith(",weight_grams")).toBe(true);
    expect((await imports.upload("without.csv", without, ADMIN)).plan.counts.unchanged).toBe(1);
  });

  it("CSV import rejects a line with a bad own price, naming the line and the column, and writes nothing of that product", async () => {
    const { europe, uk } = await twoMarkets();
    const created = await admin.save(values(), { actor: ADMIN, marketPrices: { [uk]: 3500 } });
    if (!created.success) throw new Error("setup failed");
    const head = `${HEADER},price_united_kingdom,price_japan`;
    const shirt = (size: string, colour: string, hex: string, ownPrices: string) =>
      "linen-camp-shirt,Linen Camp Shirt,A loose shirt in washed linen.,t-shirts,49.00,,active,false," +
      `${colour},${hex},${size},LINEN-CAMP-SHIRT-${colour.toUpperCase()}-${size},1,${ownPrices}`;
    const csv = [
      head,
      "wool-scarf,Wool Scarf,A warm scarf.,accessories,25.00,,active,false,Grey,#888888,One size,SCARF-GREY,10,19.99,",
      shirt("S", "Sand", "#d8c8a8", "30.00,"),
      shirt("M", "Sand", "#d8c8a8", "12.345,"),
      "zero-tee,Zero Tee,Nope.,t-shirts,10.00,,active,false,Red,#ff0000,M,ZERO-1,1,0,",
      "yen-tee,Yen Tee,Nope.,t-shirts,10.00,,active,false,Red,#ff0000,M,YEN-1,1,,54.50",
    ].join("\n");
    const { job, plan } = await imports.upload("prices.csv", csv, ADMIN);
    expect(plan.counts).toEqual({ create: 1, update: 0, unchanged: 0, reject: 3, rejectedLines: 4 });
    const reasons = (line: number) => plan.rows.find((r) => r.line === line)!.reasons.join(" ");
    expect(reasons(4)).toContain("Bad price_united_kingdom “12.345”");
    expect(reasons(4)).toContain("United Kingdom (GBP)");
    expect(reasons(3)).toContain("Not imported: another line of this product has errors.");
    expect(reasons(5)).toContain("Bad price_united_kingdom “0”");
    expect(reasons(6)).toContain("Bad price_japan “54.50”: Enter the price in Japan (JPY)");
    expect(reasons(6)).toContain("JPY has no decimals");
    expect((await imports.apply(job!.token))?.status).toBe("done");
    const shirtAfter = await store.products.get(created.product.id);
    expect(shirtAfter).toMatchObject({ priceMinor: 5990, marketPrices: { [uk]: { priceMinor: 3500 } } });
    expect((await store.products.getBySlug("wool-scarf"))?.marketPrices).toEqual({ [uk]: { priceMinor: 1999 } });
    expect(await store.products.getBySlug("zero-tee")).toBeNull();
    expect(await store.products.getBySlug("yen-tee")).toBeNull();

    // Own prices differing between the lines of one product are refused as the price is.
    const differing = await imports.upload(
      "differ.csv",
      [head, shirt("S", "Sand", "#d8c8a8", "30.00,"), shirt("M", "Sand", "#d8c8a8", "31.00,")].join("\n"),
      ADMIN,
    );
    expect(differing.plan.rows[1]!.reasons.join(" ")).toContain("The price in a market differs from line 2");

    // A column of the market priced at base, or of no market, refuses the whole file.
    const atBase = await imports.upload("base.csv", `${HEADER},price_${europe}\n`, ADMIN);
    expect(atBase.job).toBeNull();
    expect(atBase.plan.fileError).toContain("The column price_europe is for Europe, which is priced at base");
    const unknown = await imports.upload("mars.csv", `${HEADER},price_mars\n`, ADMIN);
    expect(unknown.plan.fileError).toMatch(
      /^Unknown column: price_mars\. The columns are: .*price_united_kingdom, price_japan\.$/,
    );
  });

  it("with the real order store: a product in an order is archived, and paid orders count as category sales", async () => {
    const wired = createAdminCatalogService({
      store,
      audit,
      ordersWithProduct: (id) => store.orders.countWithProduct(id),
      ordersBetween: (from, to) => store.orders.createdBetween(from, to),
    });
    const jeans = makeProduct({ id: "ordered-jeans", category: "jeans", priceMinor: 8000 });
    const tee = makeProduct({ id: "never-ordered" });
    await store.products.upsertMany([jeans, tee]);
    const now = new Date();
    await store.orders.insertMany([
      makeOrder([lineFor(jeans, "S", "Black", 2)], {
        status: "paid",
        createdAt: new Date(now.getTime() - 86_400_000).toISOString(),
      }),
      makeOrder([lineFor(jeans, "M", "Black", 1)], {
        status: "cancelled",
        createdAt: new Date(now.getTime() - 86_400_000).toISOString(),
      }),
    ]);
    const report = await wired.categoryReport(30, now);
    expect(report.salesAvailable).toBe(true);
    const row = report.rows.find((r) => r.category === "jeans")!;
    expect(row.sales).toEqual({ orders: 1, units: 2, revenueMinor: 2 * jeans.priceMinor });
    expect(row.byStatus.active).toBe(1);
    expect(report.rows.find((r) => r.category === "t-shirts")!.sales).toEqual({ orders: 0, units: 0, revenueMinor: 0 });

    expect(await wired.remove("ordered-jeans", ADMIN)).toMatchObject({ outcome: "archived", orders: 2 });
    expect((await store.products.get("ordered-jeans"))?.status).toBe("archived");
    expect(await wired.remove("never-ordered", ADMIN)).toMatchObject({ outcome: "deleted" });
    expect(await store.products.get("never-ordered")).toBeNull();
  });

  it("CSV import applies in chunks, records progress, and a failure part-way says how many products were written", async () => {
    const lines = Array.from(
      { length: 5 },
      (_, i) => `chunk-${i},Chunk ${i},Made in a chunk.,shoes,40.00,,draft,false,Black,#000000,42,CHUNK-${i},1`,
    );
    const csv = [HEADER, ...lines].join("\n");
    const writes: number[] = [];
    let failOnWrite = 0;
    const spied: Store = {
      ...store,
      products: {
        ...store.products,
        async upsertMany(products) {
          writes.push(products.length);
          if (writes.length === failOnWrite) throw new Error("disk full");
          return store.products.upsertMany(products);
        },
      },
    };
    const chunked = createProductImportService({ store: spied, audit, adminCatalog: admin, chunkSize: 2 });
    const first = await chunked.upload("chunks.csv", csv, ADMIN);
    const done = await chunked.apply(first.job!.token);
    expect(writes).toEqual([2, 2, 1]);
    expect(done).toMatchObject({ status: "done", progress: { done: 5, total: 5 }, result: { created: 5, written: 5 } });
    expect((await chunked.status(first.job!.token))?.job.status).toBe("done");

    writes.length = 0;
    failOnWrite = 2;
    const again = [HEADER, ...lines.map((l) => l.replace(",40.00,", ",45.00,"))].join("\n");
    const second = await chunked.upload("chunks-2.csv", again, ADMIN);
    const failed = await chunked.apply(second.job!.token);
    expect(failed).toMatchObject({
      status: "failed",
      progress: { done: 2, total: 5 },
      result: { updated: 5, written: 2 },
    });
    expect(failed?.result?.error).toBe("Stopped by an error after 2 products were written: disk full.");
    const prices = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => (await store.products.getBySlug(`chunk-${i}`))?.priceMinor),
    );
    expect(prices).toEqual([4500, 4500, 4000, 4000, 4000]);
    expect((await audit.list({ entityType: "import" })).entries[0].action).toBe("import-failed");
  });

  it("a save reaches a storefront index that would otherwise wait its sync interval", async () => {
    const storefront = createCatalogService({ store, syncIntervalMs: 60_000 });
    const query = parseProductQuery(new URLSearchParams("sort=newest")).query;
    expect((await storefront.listProducts(query)).total).toBe(0);
    const notifying = createAdminCatalogService({ store, audit, onChange: () => storefront.invalidate() });
    const saved = await notifying.save(values(), { actor: ADMIN });
    if (!saved.success) throw new Error("save failed");
    expect((await storefront.listProducts(query)).items.map((i) => i.id)).toEqual([saved.product.id]);
  });

  it("an import applied from two server instances at once is written once, and both show it", async () => {
    const csv = [HEADER, "twice-tee,Twice Tee,Once only.,t-shirts,15.00,,active,false,Blue,#0000ff,M,TWICE-M,3"].join(
      "\n",
    );
    const second = await reopen();
    const other = createProductImportService({
      store: second,
      audit: createAuditService({ store: second }),
      adminCatalog: createAdminCatalogService({ store: second, audit: createAuditService({ store: second }) }),
    });
    const { job } = await imports.upload("twice.csv", csv, ADMIN);
    expect((await other.status(job!.token))?.plan?.counts.create).toBe(1);
    await Promise.all([imports.apply(job!.token), other.apply(job!.token)]);
    expect((await audit.list({ entityType: "import" })).entries).toHaveLength(1);
    expect(
      (await audit.list({ entityType: "product" })).entries.filter((e) => e.action === "import-create"),
    ).toHaveLength(1);
    expect((await imports.status(job!.token))?.job.status).toBe("done");
    expect((await other.status(job!.token))?.job).toMatchObject({ status: "done", progress: { done: 1, total: 1 } });
  });

  it("an import whose instance died shows as stopped, and applying it again on another instance finishes it", async () => {
    const lines = Array.from(
      { length: 3 },
      (_, i) => `revive-${i},Revive ${i},Picked up again.,shoes,30.00,,draft,false,Black,#000000,41,REVIVE-${i},2`,
    );
    const { job } = await imports.upload("revive.csv", [HEADER, ...lines].join("\n"), ADMIN);
    // An instance claimed it, wrote one product and its progress, then died.
    const dead = await store.importJobs.claim(job!.token, {
      owner: "dead-instance",
      actor: ADMIN,
      at: new Date().toISOString(),
      staleBefore: new Date(0).toISOString(),
    });
    expect(dead?.status).toBe("running");
    const first = await imports.upload("first.csv", [HEADER, lines[0]].join("\n"), ADMIN);
    expect(await imports.apply(first.job!.token)).toMatchObject({ status: "done" });
    await store.importJobs.update(job!.token, "dead-instance", {
      status: "running",
      progress: { done: 1, total: 3 },
      result: null,
      at: new Date().toISOString(),
    });

    // Now: still running on another page; six minutes later: stopped, and it may be applied again.
    const later = Date.now() + 6 * 60 * 1000;
    const second = await reopen();
    const elsewhere = createProductImportService({ store: second, audit, adminCatalog: admin, clock: () => later });
    expect((await imports.status(job!.token))?.stalled).toBe(false);
    expect(await imports.apply(job!.token)).toMatchObject({ status: "running" });
    const stopped = await elsewhere.status(job!.token);
    expect(stopped).toMatchObject({ stalled: true, job: { status: "failed", result: { written: 1 } } });
    expect(stopped?.job.result?.error).toContain("apply it again to finish");

    const finished = await elsewhere.apply(job!.token, ADMIN);
    expect(finished).toMatchObject({ status: "done", result: { created: 2, unchanged: 1, written: 2 } });
    expect(
      await Promise.all(lines.map((_, i) => store.products.getBySlug(`revive-${i}`).then((p) => p?.name))),
    ).toEqual(["Revive 0", "Revive 1", "Revive 2"]);
    // The dead instance, were it to wake, could no longer write to the job.
    expect(
      await store.importJobs.update(job!.token, "dead-instance", {
        status: "failed",
        progress: { done: 1, total: 3 },
        result: null,
        at: new Date().toISOString(),
      }),
    ).toBe(false);
  });

  it("every seeded product opens in the editor and saves back unchanged", async () => {
    await seedIfEmpty(store, () => {});
    const all = await allProducts(store);
    expect(all.length).toBeGreaterThan(90);
    for (const product of all) {
      const checked = productFormSchema.safeParse(formDefaultsOf(product));
      if (!checked.success) throw new Error(`${product.id}: ${JSON.stringify(checked.error.issues)}`);
      const saved = await admin.save(checked.data, { actor: ADMIN, id: product.id, expectedSeq: product.seq });
      if (!saved.success) throw new Error(`${product.id}: ${JSON.stringify(saved.errors)}`);
      // The grid lists variants size by size; their order carries no meaning.
      const bySku = (p: typeof product) => ({
        ...p,
        seq: 0,
        updatedAt: "",
        variants: [...p.variants].sort((a, b) => a.sku.localeCompare(b.sku)),
      });
      expect(bySku(saved.product)).toEqual(bySku(product));
    }
  });
});
