import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import type { Order } from "~/domain/commerce";
import type { ProductInput } from "~/domain/product";
import { parseConfig } from "~/server/config.server";
import { createContext, type AppContext } from "~/server/context.server";
import { API_ROUTES, callApi, type ApiCallOptions } from "../support/api-client";
import { documented } from "../support/openapi-check";
import { checkoutInput, lineFor, makeOrder } from "../support/order-factory";
import { ukMarketInput } from "../support/market-factory";
import { makeProduct } from "../support/product-factory";
import { makeTempDir } from "../support/temp-dir";
import { startReceiver } from "../support/webhook-receiver";
import type { OPENAPI_DOCUMENT } from "~/server/api/openapi.server";

// The admin API as another system calls it, on both backends: every endpoint with a key of each
// kind, every answer (successes and refusals) checked against the OpenAPI document; the writes go
// through the back office's rules (stale-edit check, order status rules and e-mails, refund limits).

const OWNER = "owner@hemline.test";

const BACKENDS = [
  {
    name: "embedded",
    env: () => ({ SHOP_BACKEND: "embedded" }),
  },
  {
    name: "firebase (emulators)",
    env: () => {
      const projectId = `demo-hemline-api-${crypto.randomBytes(4).toString("hex")}`;
      process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
      process.env.FIREBASE_AUTH_EMULATOR_HOST = inject("authEmulatorHost");
      return {
        SHOP_BACKEND: "firebase",
        FIREBASE_PROJECT_ID: projectId,
        FIRESTORE_EMULATOR_HOST: inject("firestoreEmulatorHost"),
        FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
        FIREBASE_STORAGE_EMULATOR_HOST: inject("storageEmulatorHost"),
        FIREBASE_STORAGE_BUCKET: `${projectId}-media`,
      };
    },
  },
];

describe.each(BACKENDS)("admin API: $name", (backend) => {
  const temp = makeTempDir("hemline-api-");
  let ctx: AppContext;
  let product: ProductInput;
  let paid: Order;
  let delivered: Order;
  const keys = { all: "", productsRead: "", revoked: "" };
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  /** A call whose answer must match the document; its body. */
  async function api<T = Record<string, unknown>>(method: string, path: string, options: ApiCallOptions = {}) {
    const { response, template } = await callApi(ctx, method, path, options);
    // CORS stays closed whoever asks.
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const status = response.status;
    const headers = response.headers;
    return { status, headers, body: await documented<T>(method, template, response) };
  }

  beforeAll(async () => {
    ctx = createContext(
      parseConfig({
        DATA_DIR: temp.dir,
        SESSION_SECRET: "admin-api-test-secret-0123456789abcdef",
        ADMIN_EMAILS: OWNER,
        HEMLINE_TEST_HOOKS: "api-rate-limit-per-minute=1000",
        WEBHOOK_ALLOW_PRIVATE_ADDRESSES: "1",
        ...backend.env(),
      }),
    );
    const store = ctx.backend.store;
    const made = makeProduct({ priceMinor: 3000 });
    product = { ...made, variants: made.variants.map((v) => ({ ...v, stock: 5 })) };
    await store.products.upsertMany([product, makeProduct(), makeProduct()]);
    const line = lineFor(product, "M", "Black", 2);
    const at = new Date(Date.now() - 60_000).toISOString();
    const payment = { ...makeOrder([]).payment, state: "succeeded" as const, reference: "ch_tc_api" };
    paid = makeOrder([line], {
      status: "paid",
      payment,
      history: [
        { status: "pending_payment", at, note: null, by: "customer" },
        { status: "paid", at, note: "Paid", by: "system" },
      ],
    });
    delivered = makeOrder([line], {
      status: "delivered",
      payment,
      trackingNumber: "TRACK 1",
      returns: [
        {
          id: "ret-1",
          number: "R-1",
          lines: [{ sku: line.sku, quantity: 1, restock: null }],
          reason: "Too small",
          status: "requested",
          message: null,
          refundId: null,
          createdAt: at,
          updatedAt: at,
        },
      ],
    });
    await store.orders.insertMany([paid, delivered]);
    await store.profiles.createIfMissing({
      uid: "customer-1",
      email: "customer@example.com",
      role: "user",
      displayName: "Cus Tomer",
      createdAt: at,
      updatedAt: at,
    });
    const create = async (scopes: string[]) => {
      const result = await ctx.apiKeys.create(OWNER, { name: `Key ${scopes.join(" ")}`, scopes });
      if (!result.ok) throw new Error("key not made");
      return result;
    };
    keys.all = (await create([...ctx.apiKeys.scopes])).secret;
    keys.productsRead = (await create(["products:read"])).secret;
    const revoked = await create(["products:read"]);
    await ctx.apiKeys.revoke(OWNER, revoked.key.id);
    keys.revoked = revoked.secret;
    // A receiver of every event: the API's writes are announced as the back office's are.
    receiver = await startReceiver();
    const endpoint = await ctx.webhooks.register(OWNER, { url: receiver.url, events: [...ctx.webhooks.events] });
    if (!endpoint.ok) throw new Error(JSON.stringify(endpoint.errors));
    receiver.useSecret(endpoint.secret);
  });
  afterAll(async () => {
    await ctx.webhooks.deliverDue();
    await receiver.close();
    await ctx.backend.store.close();
    temp.remove();
  });

  it("serves its OpenAPI 3.1 document publicly, and every path in it has a route", async () => {
    const { response } = await callApi(ctx, "GET", "/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as typeof OPENAPI_DOCUMENT;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(
      API_ROUTES.map((r) => r.template)
        .filter((t) => t !== "/openapi.json")
        .sort(),
    );
  });

  it("refuses a call without a key, with an unknown or revoked key, or with a session cookie only: 401 with WWW-Authenticate", async () => {
    const none = await api("GET", "/products");
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toBe('Bearer realm="hemline-api"');
    for (const key of ["hml_not-a-real-key", "sk_live_something", keys.revoked]) {
      const refused = await api("GET", "/products", { key });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    }
    expect((await api("GET", "/products", { key: keys.revoked })).body.detail).toBe("This API key was revoked.");
    const cookieOnly = await api("GET", "/orders", {
      headers: { Cookie: "__session=anything", Origin: "https://evil.example" },
    });
    expect(cookieOnly.status).toBe(401);
  });

  it("refuses what the key's scopes do not cover with 403, reads and writes alike", async () => {
    const orders = await api("GET", "/orders", { key: keys.productsRead });
    expect(orders.status).toBe(403);
    expect(orders.body.detail).toContain("orders:read");
    const write = await api("PATCH", `/products/${product.id}/variants/${product.variants[0]!.sku}`, {
      key: keys.productsRead,
      body: { version: 1, stock: 1 },
    });
    expect(write.status).toBe(403);
    expect((await api("GET", "/customers", { key: keys.productsRead })).status).toBe(403);
  });

  it("pages through every product with a cursor, and refuses a cursor it did not give", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages += 1) {
      const query: string = `/products?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await api<{ data: Array<{ id: string }>; nextCursor: string | null; hasMore: boolean }>(
        "GET",
        query,
        {
          key: keys.productsRead,
        },
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((p) => p.id));
      cursor = page.body.nextCursor;
      if (!page.body.hasMore) break;
    }
    expect(new Set(seen).size).toBe(3);
    expect(seen).toContain(product.id);
    const forged = await api("GET", `/products?cursor=${encodeURIComponent(`${btoa('["products","0"]')}.abc`)}`, {
      key: keys.productsRead,
    });
    expect(forged.status).toBe(400);
    expect((await api("GET", "/products?limit=0", { key: keys.productsRead })).status).toBe(400);
    expect((await api("GET", "/products?limit=abc", { key: keys.productsRead })).status).toBe(400);
  });

  it("gives one product and one variant with stock and price; an unknown id is 404", async () => {
    const one = await api<{ id: string; variants: Array<{ sku: string; stock: number; priceMinor: number }> }>(
      "GET",
      `/products/${product.id}`,
      { key: keys.productsRead },
    );
    expect(one.status).toBe(200);
    expect(one.body.variants).toHaveLength(product.variants.length);
    expect(one.body.variants[0]).toMatchObject({ stock: 5, priceMinor: 3000 });
    const sku = product.variants[1]!.sku;
    const variant = await api("GET", `/products/${product.id}/variants/${encodeURIComponent(sku)}`, {
      key: keys.productsRead,
    });
    expect(variant.body).toMatchObject({ sku, stock: 5, priceMinor: 3000 });
    expect((await api("GET", "/products/no-such-product", { key: keys.productsRead })).status).toBe(404);
    expect((await api("GET", `/products/${product.id}/variants/NO-SUCH-SKU`, { key: keys.productsRead })).status).toBe(
      404,
    );
  });

  it("sets a variant's stock and price with the version read, and refuses a stale version with 409", async () => {
    const sku = product.variants[2]!.sku;
    const path = `/products/${product.id}/variants/${encodeURIComponent(sku)}`;
    const before = await api<{ version: number }>("GET", `/products/${product.id}`, { key: keys.all });
    const changed = await api<{ version: number; priceMinor: number; variants: Array<{ sku: string; stock: number }> }>(
      "PATCH",
      path,
      { key: keys.all, body: { version: before.body.version, stock: 9, priceMinor: 2800 } },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.version).toBeGreaterThan(before.body.version);
    expect(changed.body.priceMinor).toBe(2800);
    expect(changed.body.variants.find((v) => v.sku === sku)?.stock).toBe(9);
    // The storefront and the back office see it.
    expect((await ctx.backend.store.products.get(product.id))?.variants.find((v) => v.sku === sku)?.stock).toBe(9);
    const stale = await api("PATCH", path, { key: keys.all, body: { version: before.body.version, stock: 1 } });
    expect(stale.status).toBe(409);
    expect((await ctx.backend.store.products.get(product.id))?.variants.find((v) => v.sku === sku)?.stock).toBe(9);
    const audit = await ctx.audit.list({ entityType: "product", entityId: product.id });
    expect(audit.entries[0]?.summary).toContain("through the API");
  });

  it("answers bad write input with 4xx problems, never a 500", async () => {
    const path = `/products/${product.id}/variants/${encodeURIComponent(product.variants[0]!.sku)}`;
    const cases: Array<[ApiCallOptions, number]> = [
      [{ raw: "{not json" }, 400],
      [{ body: { version: "1", stock: 3 } }, 400],
      [{ body: { version: 1, stock: -1 } }, 400],
      [{ body: { version: 1, stock: 1.5 } }, 400],
      [{ body: { version: 1 } }, 400],
      [{ body: { version: 1, stock: 1, colour: "red" } }, 400],
      [{ body: [1, 2] }, 400],
      [{ raw: "stock=1", contentType: "application/x-www-form-urlencoded" }, 415],
      [{ raw: JSON.stringify({ version: 1, stock: 1, pad: "x".repeat(70_000) }) }, 413],
    ];
    for (const [options, status] of cases) {
      const answer = await api("PATCH", path, { key: keys.all, ...options });
      expect(answer.status, JSON.stringify(options).slice(0, 80)).toBe(status);
    }
    const typed = await api<{ errors: Array<{ field: string }> }>("PATCH", path, {
      key: keys.all,
      body: { version: "1", stock: 3 },
    });
    expect(typed.body.errors.map((e) => e.field)).toContain("version");
    const unknown = await api("PATCH", `/products/${product.id}/variants/NO-SUCH`, {
      key: keys.all,
      body: { version: 1, stock: 1 },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await api("POST", "/orders/no-such/shipment", { key: keys.all, body: { trackingNumber: "X1" } })).status,
    ).toBe(404);
    expect((await api("POST", "/orders/no-such/refunds", { key: keys.all, body: { amountMinor: 100 } })).status).toBe(
      404,
    );
  });

  it("lists orders with lines and status history, filtered by status, and gives one by id", async () => {
    const list = await api<{ data: Array<{ id: string; lines: unknown[]; statusHistory: unknown[] }> }>(
      "GET",
      "/orders?status=paid",
      { key: keys.all },
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((o) => o.id)).toContain(paid.id);
    expect(list.body.data.map((o) => o.id)).not.toContain(delivered.id);
    const first = await api<{ data: unknown[]; nextCursor: string }>("GET", "/orders?limit=1", { key: keys.all });
    expect(first.body.data).toHaveLength(1);
    const second = await api<{ data: unknown[]; nextCursor: string | null }>(
      "GET",
      `/orders?limit=1&cursor=${encodeURIComponent(first.body.nextCursor)}`,
      { key: keys.all },
    );
    expect(second.body.data).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    // A cursor of one list is refused by another.
    expect(
      (await api("GET", `/orders?status=paid&cursor=${encodeURIComponent(first.body.nextCursor)}`, { key: keys.all }))
        .status,
    ).toBe(400);
    expect((await api("GET", "/orders?status=lost", { key: keys.all })).status).toBe(400);
    const one = await api<{ statusHistory: Array<{ status: string }> }>("GET", `/orders/${delivered.id}`, {
      key: keys.all,
    });
    expect(one.status).toBe(200);
    expect((await api("GET", "/orders/no-such-order", { key: keys.all })).status).toBe(404);
  });

  it("marks an order shipped with its tracking number, e-mailing the customer as the back office does", async () => {
    const send = vi.spyOn(ctx.backend.mailer, "send");
    const missing = await api("POST", `/orders/${paid.id}/shipment`, { key: keys.all, body: {} });
    expect(missing.status).toBe(400);
    const shipped = await api<{
      status: string;
      trackingNumber: string;
      statusHistory: Array<{ status: string; by: string }>;
    }>("POST", `/orders/${paid.id}/shipment`, { key: keys.all, body: { trackingNumber: "AB 123-45" } });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: "shipped", trackingNumber: "AB 123-45" });
    expect(shipped.body.statusHistory.at(-1)?.status).toBe("shipped");
    expect(send.mock.calls.map(([m]) => m.to)).toContain(paid.email);
    send.mockRestore();
    // The status rules: a shipped order cannot be shipped again.
    const again = await api("POST", `/orders/${paid.id}/shipment`, { key: keys.all, body: { trackingNumber: "AB 9" } });
    expect(again.status).toBe(409);
  });

  it("refunds part of an order through the refund rules, refusing more than remains", async () => {
    const refunded = await api<{ refund: { amountMinor: number }; order: { status: string } }>(
      "POST",
      `/orders/${delivered.id}/refunds`,
      { key: keys.all, body: { amountMinor: 500, reason: "Goodwill" } },
    );
    expect(refunded.status).toBe(201);
    expect(refunded.body.refund.amountMinor).toBe(500);
    expect(refunded.body.order.status).toBe("partially_refunded");
    const tooMuch = await api("POST", `/orders/${delivered.id}/refunds`, {
      key: keys.all,
      body: { amountMinor: delivered.totalMinor },
    });
    expect([400, 409]).toContain(tooMuch.status);
    const badSku = await api("POST", `/orders/${delivered.id}/refunds`, {
      key: keys.all,
      body: { amountMinor: 100, lines: [{ sku: "NOPE", quantity: 1, restock: false }] },
    });
    expect(badSku.status).toBe(400);
    expect(
      (await api("POST", `/orders/${delivered.id}/refunds`, { key: keys.all, body: { amountMinor: "5" } })).status,
    ).toBe(400);
  });

  it("lists customers and returns, and gives one customer", async () => {
    const customers = await api<{ data: Array<{ id: string; email: string }> }>("GET", "/customers", { key: keys.all });
    expect(customers.body.data.map((c) => c.email)).toContain("customer@example.com");
    const one = await api("GET", "/customers/customer-1", { key: keys.all });
    expect(one.body).toMatchObject({ id: "customer-1", name: "Cus Tomer" });
    expect((await api("GET", "/customers/nobody", { key: keys.all })).status).toBe(404);
    const returns = await api<{ data: Array<{ id: string; orderId: string; status: string }> }>("GET", "/returns", {
      key: keys.all,
    });
    expect(returns.body.data).toEqual([
      expect.objectContaining({ id: "ret-1", orderId: delivered.id, status: "requested" }),
    ]);
  });

  it("gives a product's own prices in markets, and sets or clears them with the version read", async () => {
    const europe = await ctx.markets.defaultMarket({ fresh: true });
    await ctx.markets.save({ ...europe, countries: europe.countries.filter((c) => c !== "GB") }, OWNER);
    const uk = await ctx.markets.save(ukMarketInput(), OWNER);
    const jp = await ctx.markets.save(
      ukMarketInput({ name: "Japan", countries: ["JP"], currency: "JPY", rateMicros: 160_000_000, rounding: "whole" }),
      OWNER,
    );
    if (uk.kind !== "saved" || jp.kind !== "saved") throw new Error("markets not saved");
    const [UK, JP] = [uk.market.id, jp.market.id];
    const priced = makeProduct({ priceMinor: 4995 });
    await ctx.backend.store.products.upsertMany([priced]);
    const path = `/products/${priced.id}`;
    type Priced = { version: number; marketPrices: Record<string, { priceMinor: number; currency: string }> };

    const before = await api<Priced>("GET", path, { key: keys.productsRead });
    expect(before.body.marketPrices).toEqual({});
    const set = await api<Priced>("PATCH", path, {
      key: keys.all,
      body: {
        version: before.body.version,
        marketPrices: { [UK]: { priceMinor: 3500, currency: "GBP" }, [JP]: { priceMinor: 5400 } },
      },
    });
    expect(set.status).toBe(200);
    expect(set.body.version).toBeGreaterThan(before.body.version);
    expect(set.body.marketPrices).toEqual({
      [UK]: { priceMinor: 3500, currency: "GBP" },
      [JP]: { priceMinor: 5400, currency: "JPY" },
    });
    expect((await ctx.backend.store.products.get(priced.id))?.marketPrices).toEqual({
      [UK]: { priceMinor: 3500 },
      [JP]: { priceMinor: 5400 },
    });
    const audit = await ctx.audit.list({ entityType: "product", entityId: priced.id });
    expect(audit.entries[0]?.summary).toContain("through the API");
    expect(audit.entries[0]?.summary).toContain("marketPrices");
    // The list shows them as the product does.
    const page = await api<{ data: Array<Priced & { id: string }> }>("GET", "/products?limit=100", {
      key: keys.productsRead,
    });
    expect(page.body.data.find((p) => p.id === priced.id)?.marketPrices).toEqual(set.body.marketPrices);

    // null clears one market's; the markets not sent keep theirs. A stale version saves nothing.
    const cleared = await api<Priced>("PATCH", path, {
      key: keys.all,
      body: { version: set.body.version, marketPrices: { [UK]: null } },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.marketPrices).toEqual({ [JP]: { priceMinor: 5400, currency: "JPY" } });
    const stale = await api("PATCH", path, {
      key: keys.all,
      body: { version: set.body.version, marketPrices: { [UK]: { priceMinor: 3000 } } },
    });
    expect(stale.status).toBe(409);
    expect((await ctx.backend.store.products.get(priced.id))?.marketPrices).toEqual({ [JP]: { priceMinor: 5400 } });
    expect((await api("PATCH", path, { key: keys.productsRead, body: { version: 1, marketPrices: {} } })).status).toBe(
      403,
    );
    expect(
      (await api("PATCH", "/products/no-such-product", { key: keys.all, body: { version: 1, marketPrices: {} } }))
        .status,
    ).toBe(404);

    // What it refuses: 400 with the market named, nothing saved.
    const stored = (await ctx.backend.store.products.get(priced.id))!;
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [{ mars: { priceMinor: 100 } }, "marketPrices.mars", "There is no market “mars”"],
      [{ [europe.id]: { priceMinor: 4500 } }, `marketPrices.${europe.id}`, "is priced at base"],
      [{ [UK]: { priceMinor: 0 } }, `marketPrices.${UK}`, "United Kingdom (GBP)"],
      [{ [UK]: { priceMinor: -250 } }, `marketPrices.${UK}`, "United Kingdom (GBP)"],
      [{ [UK]: { priceMinor: 24.99 } }, `marketPrices.${UK}`, "whole number of GBP minor units"],
      [{ [JP]: { priceMinor: 1_000_000_000 } }, `marketPrices.${JP}`, "Japan (JPY)"],
      [{ [UK]: { priceMinor: 2499, currency: "EUR" } }, `marketPrices.${UK}.currency`, "in GBP, not EUR"],
      // And nothing of a change with one bad market is saved.
      [{ [JP]: { priceMinor: 6000 }, [UK]: { priceMinor: 0 } }, `marketPrices.${UK}`, "United Kingdom (GBP)"],
    ];
    for (const [marketPrices, field, words] of refusals) {
      const refused = await api<{ detail: string; errors: Array<{ field: string; message: string }> }>("PATCH", path, {
        key: keys.all,
        body: { version: stored.seq, marketPrices },
      });
      expect(refused.status, JSON.stringify(marketPrices)).toBe(400);
      expect(refused.body.detail).toContain(words);
      expect(refused.body.errors.map((e) => e.field)).toContain(field);
    }
    for (const body of [
      { version: stored.seq, marketPrices: { [UK]: { priceMinor: "24.99" } } },
      { version: stored.seq, marketPrices: { [UK]: 2499 } },
      { version: stored.seq, marketPrices: { [UK]: { priceMinor: 2499, compareAtMinor: 3000 } } },
      { marketPrices: { [UK]: { priceMinor: 2499 } } },
      { version: stored.seq, priceMinor: 2499 },
    ])
      expect((await api("PATCH", path, { key: keys.all, body })).status, JSON.stringify(body)).toBe(400);
    const after = (await ctx.backend.store.products.get(priced.id))!;
    expect(after.seq).toBe(stored.seq);
    expect(after.marketPrices).toEqual({ [JP]: { priceMinor: 5400 } });
  });

  it("answers a method an address does not take with 405 and Allow", async () => {
    // (The server's method guard answers methods no route takes before Remix; this is the route's own answer.)
    const { response } = await callApi(ctx, "POST", "/products/x/variants/y", { key: keys.all, body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, PATCH");
    expect(response.headers.get("Content-Type")).toBe("application/problem+json");
    expect(await response.json()).toMatchObject({ status: 405, title: "Method not allowed" });
  });

  it("announced each write to the webhook receiver, signed: stock and product, shipped, refunded", async () => {
    await ctx.webhooks.deliverDue();
    const got = receiver.received.map((r) => `${r.body.type} ${String(r.body.data.id)}`);
    expect(receiver.received.every((r) => r.signed)).toBe(true);
    expect(got).toEqual(
      expect.arrayContaining([
        `product.stock_changed ${product.id}`,
        `product.updated ${product.id}`,
        `order.shipped ${paid.id}`,
        `order.refunded ${delivered.id}`,
      ]),
    );
    // A refused write announces nothing.
    expect(got.filter((g) => g === `order.shipped ${paid.id}`)).toHaveLength(1);
    expect(got.some((g) => g.startsWith("order.shipped") && !g.endsWith(paid.id))).toBe(false);
  });

  it("announces what the back office and the shopper do too: paid, delivered, a return requested", async () => {
    const line = lineFor(product, "S", "Sage", 1);
    const now = new Date().toISOString();
    const pending = makeOrder([line]);
    const shipped = makeOrder([line], {
      status: "shipped",
      payment: { ...pending.payment, state: "succeeded", reference: "ch_tc_2" },
      trackingNumber: "T 2",
    });
    const arrived = makeOrder([line], {
      status: "delivered",
      payment: { ...pending.payment, state: "succeeded", reference: "ch_tc_3" },
      history: [{ status: "delivered", at: now, note: null, by: OWNER }],
    });
    await ctx.backend.store.orders.insertMany([pending, shipped, arrived]);
    expect(
      await ctx.orders.applyPaymentEvent({ type: "paid", orderId: pending.id, reference: "ch_x" }, "http://shop.test"),
    ).toBe("updated");
    expect((await ctx.adminOrders.changeStatus(shipped.id, "delivered", OWNER, {})).ok).toBe(true);
    const requested = await ctx.returns.request(arrived.id, {
      lines: [{ sku: line.sku, quantity: 1 }],
      reason: "Too big",
    });
    expect(requested.ok).toBe(true);
    await ctx.webhooks.deliverDue();
    const got = receiver.received.map((r) => `${r.body.type} ${String(r.body.data.id)}`);
    expect(got).toEqual(expect.arrayContaining([`order.paid ${pending.id}`, `order.delivered ${shipped.id}`]));
    const returned = receiver.received.find((r) => r.body.type === "return.requested");
    expect(returned?.body.data).toMatchObject({ orderId: arrived.id, status: "requested", reason: "Too big" });
  });

  it("announces the stock a checkout takes: product.stock_changed with the stock left", async () => {
    const taken = makeProduct({ priceMinor: 2000 });
    await ctx.backend.store.products.upsertMany([taken]);
    const before = taken.variants.find((v) => v.size === "M" && v.colour === "Black")!.stock;
    const cartId = "guest:stock-event";
    expect((await ctx.cart.add(cartId, { productId: taken.id, size: "M", colour: "Black", quantity: 2 })).ok).toBe(
      true,
    );
    const placed = await ctx.checkout.placeOrder(checkoutInput({ cartId, email: "stock@example.com" }));
    expect(placed.kind).toBe("done");
    await vi.waitFor(async () => {
      await ctx.webhooks.deliverDue();
      const event = receiver.received.find(
        (r) => r.body.type === "product.stock_changed" && r.body.data.id === taken.id,
      );
      const variants = (event?.body.data as { variants?: Array<{ size: string; colour: string; stock: number }> })
        ?.variants;
      expect(variants?.find((v) => v.size === "M" && v.colour === "Black")?.stock).toBe(before - 2);
    });
  });
});
