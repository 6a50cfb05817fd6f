import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, HARNESS_ADMIN, statusOf, type RouteHarness } from "../support/route-harness";
import type { ProductFormData } from "~/routes/admin.products.new/product-form.server";

// The product pages' actions as a browser without JavaScript drives them: the editor's
// buttons re-render the form, errors come back with the typed values (4xx, never 500),
// CSRF is checked, and the import refuses files over 10 MB with a clear message.

let harness: RouteHarness;
beforeAll(async () => {
  harness = await createRouteHarness();
});
afterAll(async () => {
  await harness.close();
});

const newProduct = () => import("~/routes/admin.products.new/route");
const editProduct = () => import("~/routes/admin.products.$id.edit");
const importPage = () => import("~/routes/admin.products.import");

const BASE = {
  name: "Route Tee",
  description: "Cotton.",
  category: "t-shirts",
  price: "20.00",
  status: "active",
  "colours[0].key": "c0",
  "colours[0].name": "Black",
  "colours[0].hex": "#000000",
  "colours[1].key": "c1",
  "colours[1].name": "White",
  "colours[1].hex": "#ffffff",
  "sizes[0].key": "s0",
  "sizes[0].name": "S",
  "sizes[1].key": "s1",
  "sizes[1].name": "M",
  "stock.s0-c0": "1",
  "stock.s0-c1": "2",
  "stock.s1-c0": "3",
  "stock.s1-c1": "4",
};

/** The message the next page shows: from the signed flash cookie the redirect sets. */
async function flashOf(response: Response): Promise<string | null> {
  const { readFlash } = await import("~/server/http/flash.server");
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__flash="))
    ?.split(";")[0];
  if (!cookie) return null;
  return (await readFlash(new Request("http://localhost/", { headers: { Cookie: cookie } }))).flash?.message ?? null;
}

describe("notices after a redirect", () => {
  it("come only from the signed flash cookie: words in the URL are never shown", async () => {
    const { loader } = await import("~/routes/admin.products._index");
    const outcome = await harness.run(
      loader,
      harness.request("/admin/products?deleted=Call%20+1%20555%20for%20a%20refund&archived=Free%20money", "admin"),
    );
    expect(statusOf(outcome)).toBe(200);
    const page = JSON.stringify(dataOf(outcome));
    expect(page).not.toContain("refund");
    expect(page).not.toContain("Free money");
    // A flash cookie someone wrote without the shop's secret is ignored.
    const { readFlash } = await import("~/server/http/flash.server");
    const forged = `__flash=${Buffer.from(JSON.stringify({ kind: "success", message: "Free money" })).toString("base64")}`;
    expect((await readFlash(new Request("http://localhost/", { headers: { Cookie: forged } }))).flash).toBeNull();
  });
});

describe("product editor actions", () => {
  it("removing a colour re-renders the form without it, the grid following, and saves nothing", async () => {
    const { action } = await newProduct();
    const outcome = await harness.run(
      action,
      harness.request("/admin/products/new", "admin", {
        ...BASE,
        __intent__: JSON.stringify({ type: "remove", payload: { name: "colours", index: 0 } }),
      }),
    );
    expect(statusOf(outcome)).toBe(200);
    const form = dataOf<ProductFormData>(outcome).result.initialValue as Record<string, unknown>;
    expect(form.colours).toEqual([{ key: "c1", name: "White", hex: "#ffffff" }]);
    // The grid is keyed by rows, so White keeps its stock whatever its position.
    expect(form.stock).toMatchObject({ "s0-c1": "2", "s1-c1": "4" });
    expect(form.name).toBe("Route Tee");
    expect(
      (
        await harness.ctx.adminCatalog.list({
          q: "route tee",
          category: null,
          status: null,
          stock: null,
          sort: "name",
          page: 1,
        })
      ).total,
    ).toBe(0);
  });

  it("a form without its CSRF token is refused with 403 and nothing saved", async () => {
    const { action } = await newProduct();
    const outcome = await harness.run(
      action,
      harness.request("/admin/products/new", "admin", { ...BASE, intent: "save" }, { csrf: false }),
    );
    expect(statusOf(outcome)).toBe(403);
    expect(dataOf<ProductFormData>(outcome).result.error?.[""]).toEqual([
      "This form has expired. Please reload the page and try again.",
    ]);
  });

  it("saves, then refuses a second save from the same (now stale) editor with 409", async () => {
    const { action } = await newProduct();
    const created = await harness.run(
      action,
      harness.request("/admin/products/new", "admin", { ...BASE, name: "Stale Tee", intent: "save" }),
    );
    expect(created).toBeInstanceOf(Response);
    const location = (created as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/products\/p[a-f0-9]{12}\/edit$/);
    expect(await flashOf(created as Response)).toBe("The product has been created.");
    const id = location.split("/")[3];
    const product = (await harness.ctx.adminCatalog.get(id))!;
    expect(product.variants.map((v) => v.stock)).toEqual([1, 2, 3, 4]);

    const edit = await editProduct();
    const first = await harness.run(
      edit.action,
      harness.request(`/admin/products/${id}/edit`, "admin", {
        ...BASE,
        name: "Stale Tee",
        price: "25.00",
        intent: "save",
        expectedSeq: String(product.seq),
      }),
      { id },
    );
    expect(statusOf(first)).toBe(303);
    const second = await harness.run(
      edit.action,
      harness.request(`/admin/products/${id}/edit`, "admin", {
        ...BASE,
        name: "Stale Tee",
        price: "30.00",
        intent: "save",
        expectedSeq: String(product.seq),
      }),
      { id },
    );
    expect(statusOf(second)).toBe(409);
    expect(dataOf<ProductFormData>(second).result.error?.[""]?.[0]).toMatch(
      /^This product was changed by someone else/,
    );
    expect((await harness.ctx.adminCatalog.get(id))?.priceMinor).toBe(2500);
    const history = await harness.ctx.audit.list({ entityType: "product", entityId: id });
    expect(history.entries.map((e) => [e.action, e.actor])).toEqual([
      ["update", HARNESS_ADMIN],
      ["create", HARNESS_ADMIN],
    ]);
  });

  it("a content member saves a product's texts with its price, stock and status left out or sent as shown; a changed price is refused", async () => {
    const created = await harness.run(
      (await newProduct()).action,
      harness.request("/admin/products/new", "admin", {
        ...BASE,
        name: "Texts Tee",
        compareAt: "30.00",
        featured: "on",
        intent: "save",
      }),
    );
    const id = (created as Response).headers.get("Location")!.split("/")[3];
    const before = (await harness.ctx.adminCatalog.get(id))!;
    const edit = await editProduct();
    const page = dataOf<{ textsOnly: boolean }>(
      await harness.run(edit.loader, harness.request(`/admin/products/${id}/edit`, "content"), { id }),
    );
    expect(page.textsOnly).toBe(true);
    // Only what the role may change: the read-only fields (and the featured box) are taken as stored.
    const texts = await harness.run(
      edit.action,
      harness.request(`/admin/products/${id}/edit`, "content", {
        name: "Texts Tee",
        description: "Heavier cotton, written by content.",
        material: "100% cotton",
        intent: "save",
        expectedSeq: String(before.seq),
      }),
      { id },
    );
    expect(statusOf(texts)).toBe(303);
    expect(await flashOf(texts as Response)).toBe("The product has been saved.");
    const after = (await harness.ctx.adminCatalog.get(id))!;
    expect(after).toMatchObject({
      description: "Heavier cotton, written by content.",
      material: "100% cotton",
      priceMinor: before.priceMinor,
      compareAtMinor: before.compareAtMinor,
      status: before.status,
      featured: true,
      category: before.category,
      colours: before.colours,
      sizes: before.sizes,
      variants: before.variants,
    });
    // The whole form, as the editor sends its read-only fields back, saves too.
    const whole = await harness.run(
      edit.action,
      harness.request(`/admin/products/${id}/edit`, "content", {
        ...BASE,
        name: "Texts Tee",
        compareAt: "30.00",
        featured: "on",
        description: "Written twice.",
        intent: "save",
        expectedSeq: String(after.seq),
      }),
      { id },
    );
    expect(statusOf(whole)).toBe(303);
    // A price that differs is not the role's to change: 403, nothing saved.
    const latest = (await harness.ctx.adminCatalog.get(id))!;
    const priced = await harness.run(
      edit.action,
      harness.request(`/admin/products/${id}/edit`, "content", {
        name: "Texts Tee",
        description: "Cheaper now.",
        price: "10.00",
        intent: "save",
        expectedSeq: String(latest.seq),
      }),
      { id },
    );
    expect(statusOf(priced)).toBe(403);
    expect(dataOf<ProductFormData>(priced).result.error?.[""]?.[0]).toContain("not its price");
    expect(await harness.ctx.adminCatalog.get(id)).toMatchObject({ description: "Written twice.", priceMinor: 2000 });
  });

  it("an unknown product id is a 404 page, not a 500", async () => {
    const edit = await editProduct();
    const outcome = await harness.run(edit.loader, harness.request("/admin/products/nope/edit", "admin"), {
      id: "nope",
    });
    expect(statusOf(outcome)).toBe(404);
  });
});

describe("CSV import page", () => {
  it("refuses a file over 10 MB with a clear message (413)", async () => {
    const { action } = await importPage();
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 10).fill(65)], "huge.csv", { type: "text/csv" });
    const outcome = await harness.run(
      action,
      harness.request("/admin/products/import", "admin", { intent: "upload", file: big }),
    );
    expect(statusOf(outcome)).toBe(413);
    expect(dataOf<{ result: { error: Record<string, string[]> } }>(outcome).result.error[""]).toEqual([
      "The file is larger than 10 MB. Split it into smaller files (each with the header line) and import them one after another. Nothing was imported.",
    ]);
  });

  it("refuses a file that is not UTF-8 text", async () => {
    const { action } = await importPage();
    const binary = new File([new Uint8Array([0xff, 0xfe, 0x00, 0x41])], "x.csv", { type: "text/csv" });
    const outcome = await harness.run(
      action,
      harness.request("/admin/products/import", "admin", { intent: "upload", file: binary }),
    );
    expect(statusOf(outcome)).toBe(400);
  });

  it("an unknown import job is a 404 page", async () => {
    const { loader } = await importPage();
    const outcome = await harness.run(loader, harness.request(`/admin/products/import?job=${"0".repeat(32)}`, "admin"));
    expect(statusOf(outcome)).toBe(404);
  });
});

describe("blog changes reach the audit log", () => {
  it("records a post's creation, edit and deletion with the admin's e-mail", async () => {
    const create = await import("~/routes/admin.blog.new/route");
    const created = await harness.run(
      create.action,
      harness.request("/admin/blog/new", "admin", {
        title: "Audited post",
        body: "Words.",
        status: "draft",
        intent: "save",
      }),
    );
    expect(statusOf(created)).toBe(303);
    const id = (created as Response).headers.get("Location")!.split("/")[3];
    const edit = await import("~/routes/admin.blog.$id.edit");
    await harness.run(
      edit.action,
      harness.request(`/admin/blog/${id}/edit`, "admin", {
        title: "Audited post, edited",
        body: "Words.",
        status: "draft",
        intent: "save",
      }),
      { id },
    );
    await harness.run(edit.action, harness.request(`/admin/blog/${id}/edit`, "admin", { intent: "confirm-delete" }), {
      id,
    });
    const { entries } = await harness.ctx.audit.list({ entityType: "post", entityId: id });
    expect(entries.map((e) => [e.action, e.actor, e.summary])).toEqual([
      ["delete", HARNESS_ADMIN, "Deleted post “Audited post, edited”"],
      ["update", HARNESS_ADMIN, "Edited post “Audited post, edited” (draft)"],
      ["create", HARNESS_ADMIN, "Created post “Audited post” (draft)"],
    ]);
  });
});
