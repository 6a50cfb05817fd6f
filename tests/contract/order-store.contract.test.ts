import { afterEach, describe, expect, it } from "vitest";
import type { Order } from "~/domain/commerce";
import type { Store, StoreFaults } from "~/server/store/port";
import type { ProductInput } from "~/domain/product";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS } from "./adapters";

// Order placement is the one operation that must never oversell or half-write: these run on
// every adapter (SQLite and the Firestore emulator) with real concurrency.

async function stockOf(store: Store, product: ProductInput, size: string, colour: string) {
  const stored = await store.products.get(product.id);
  return stored!.variants.find((v) => v.size === size && v.colour === colour)!.stock;
}

/** The cart an order was priced from: one cart line per order line. */
function cartOf(id: string, order: Order) {
  const lines = order.lines.map((l) => ({
    productId: l.productId,
    size: l.size,
    colour: l.colour,
    quantity: l.quantity,
    addedAt: "2026-11-01T00:00:00.000Z",
  }));
  return { id, lines, updatedAt: "2026-11-01T00:00:00.000Z" };
}

function withStock(stock: number, overrides: Partial<ProductInput> = {}) {
  const product = makeProduct(overrides);
  return { ...product, variants: product.variants.map((v) => ({ ...v, stock })) };
}

describe.each(STORE_ADAPTERS)("OrderStore contract: $name", (adapter) => {
  const disposers: Array<() => Promise<void>> = [];
  async function open(faults?: StoreFaults) {
    const { store, dispose } = await adapter.create(faults);
    disposers.push(dispose);
    return store;
  }
  afterEach(async () => {
    while (disposers.length) await disposers.pop()!();
  });

  it("places an order: takes stock, stores the order, empties the cart and bumps the product's seq", async () => {
    const store = await open();
    const product = withStock(3);
    await store.products.upsertMany([product]);
    const before = await store.products.get(product.id);
    await store.carts.save({
      id: "guest:abc",
      lines: [{ productId: product.id, size: "M", colour: "Black", quantity: 2, addedAt: "2026-11-01T00:00:00.000Z" }],
      updatedAt: "2026-11-01T00:00:00.000Z",
    });

    const order = makeOrder([lineFor(product, "M", "Black", 2)]);
    const result = await store.orders.place(order, { cartId: "guest:abc" });

    expect(result).toEqual({ kind: "placed", order });
    expect(await store.orders.get(order.id)).toEqual(order);
    expect(await store.orders.findByIdempotencyKey(order.idempotencyKey)).toEqual(order);
    expect(await store.orders.findByIdempotencyKey("unknown-key")).toBeNull();
    expect(await stockOf(store, product, "M", "Black")).toBe(1);
    expect(await stockOf(store, product, "M", "Sage")).toBe(3);
    expect((await store.products.get(product.id))!.seq).toBeGreaterThan(before!.seq);
    expect(await store.carts.get("guest:abc")).toBeNull();
    expect(await store.orders.countWithProduct(product.id)).toBe(1);
    expect(await store.orders.countWithProduct("other")).toBe(0);
  });

  it("refuses a placement short of stock, naming every short line, and writes nothing", async () => {
    const store = await open();
    const a = withStock(1);
    const b = withStock(0);
    await store.products.upsertMany([a, b]);
    const order = makeOrder([lineFor(a, "S", "Black", 2), lineFor(a, "L", "Sage", 1), lineFor(b, "M", "Black", 1)]);
    const cart = cartOf("user:u1", order);
    await store.carts.save(cart);

    const result = await store.orders.place(order, { cartId: cart.id });

    expect(result.kind).toBe("sold-out");
    if (result.kind !== "sold-out") return;
    expect(result.shortfalls).toEqual([
      { productId: a.id, name: a.name, size: "S", colour: "Black", requested: 2, available: 1 },
      { productId: b.id, name: b.name, size: "M", colour: "Black", requested: 1, available: 0 },
    ]);
    expect(await store.orders.get(order.id)).toBeNull();
    expect(await stockOf(store, a, "L", "Sage")).toBe(1);
    expect(await store.carts.get(cart.id)).toEqual(cart);
  });

  it("treats a product that is gone or not on sale as sold out", async () => {
    const store = await open();
    const draft = withStock(5, { status: "draft" });
    await store.products.upsertMany([draft]);
    const ghost = withStock(5);
    const result = await store.orders.place(makeOrder([lineFor(draft, "S", "Black"), lineFor(ghost, "S", "Black")]), {
      cartId: null,
    });
    expect(result.kind === "sold-out" && result.shortfalls.map((s) => [s.productId, s.available])).toEqual([
      [draft.id, 0],
      [ghost.id, 0],
    ]);
    expect(await stockOf(store, draft, "S", "Black")).toBe(5);
  });

  it("50 concurrent placements racing for the last unit: exactly one order, 49 sold out, stock 0", async () => {
    const store = await open();
    const product = withStock(1);
    await store.products.upsertMany([product]);
    const orders = Array.from({ length: 50 }, () => makeOrder([lineFor(product, "M", "Sage", 1)]));

    const results = await Promise.all(orders.map((o) => store.orders.place(o, { cartId: null })));

    expect(results.filter((r) => r.kind === "placed")).toHaveLength(1);
    const soldOut = results.filter((r) => r.kind === "sold-out");
    expect(soldOut).toHaveLength(49);
    for (const r of soldOut)
      expect(r.kind === "sold-out" && r.shortfalls[0]).toMatchObject({ requested: 1, available: 0 });
    expect(await stockOf(store, product, "M", "Sage")).toBe(0);
    expect((await store.orders.list({ limit: 100, offset: 0 })).total).toBe(1);
  }, 120_000);

  it("the same idempotency key placed 5 times concurrently makes one order and takes stock once", async () => {
    const store = await open();
    const product = withStock(10);
    await store.products.upsertMany([product]);
    const order = makeOrder([lineFor(product, "L", "Black", 2)]);
    const copies = Array.from({ length: 5 }, (_, i) => ({
      ...order,
      id: `${order.id}-${i}`,
      number: `${order.number}${i}`,
    }));

    const results = await Promise.all(copies.map((o) => store.orders.place(o, { cartId: null })));

    const placed = results.filter((r) => r.kind === "placed");
    expect(placed).toHaveLength(1);
    const winner = placed[0].kind === "placed" ? placed[0].order : null;
    for (const r of results.filter((x) => x.kind === "duplicate"))
      expect(r.kind === "duplicate" && r.order.id).toBe(winner!.id);
    expect(results.filter((r) => r.kind === "duplicate")).toHaveLength(4);
    expect(await stockOf(store, product, "L", "Black")).toBe(8);
    expect((await store.orders.list({ limit: 10, offset: 0 })).total).toBe(1);
  }, 60_000);

  it("a failure between the stock and order writes leaves nothing written", async () => {
    let failing = true;
    const store = await open({
      afterStockTaken() {
        if (failing) throw new Error("injected failure");
      },
    });
    const product = withStock(2);
    await store.products.upsertMany([product]);
    const before = await store.products.get(product.id);
    const cart = {
      id: "guest:keep",
      lines: [{ productId: product.id, size: "S", colour: "Black", quantity: 1, addedAt: "2026-11-01T00:00:00.000Z" }],
      updatedAt: "2026-11-01T00:00:00.000Z",
    };
    await store.carts.save(cart);
    const order = makeOrder([lineFor(product, "S", "Black", 1)]);

    await expect(store.orders.place(order, { cartId: cart.id })).rejects.toThrow("injected failure");

    expect(await store.products.get(product.id)).toEqual(before);
    expect(await store.orders.get(order.id)).toBeNull();
    expect(await store.carts.get(cart.id)).toEqual(cart);
    expect((await store.orders.list({ limit: 10, offset: 0 })).total).toBe(0);
    // The key was not used up either: the same checkout places once the fault is gone.
    failing = false;
    expect((await store.orders.place(order, { cartId: cart.id })).kind).toBe("placed");
    expect(await stockOf(store, product, "S", "Black")).toBe(1);
  });

  it("transitions with stock: release gives stock back, take takes it again or reports sold out", async () => {
    const store = await open();
    const product = withStock(2);
    await store.products.upsertMany([product]);
    const order = makeOrder([lineFor(product, "M", "Black", 2)]);
    await store.orders.place(order, { cartId: null });
    const at = "2026-11-21T10:00:00.000Z";

    const failed = await store.orders.transition(order.id, {
      from: ["pending_payment"],
      to: "payment_failed",
      event: { status: "payment_failed", at, note: "Your card was declined.", by: "system" },
      stock: "release",
      patch: { payment: { ...order.payment, state: "failed", failureMessage: "Your card was declined.", attempts: 1 } },
    });
    expect(failed.kind).toBe("ok");
    expect(failed.kind === "ok" && failed.order).toMatchObject({
      status: "payment_failed",
      updatedAt: at,
      payment: { state: "failed", attempts: 1 },
    });
    expect(failed.kind === "ok" && failed.order.history.map((e) => e.status)).toEqual([
      "pending_payment",
      "payment_failed",
    ]);
    expect(await stockOf(store, product, "M", "Black")).toBe(2);

    // Someone else buys one meanwhile: retrying this order cannot take 2 any more.
    await store.orders.place(makeOrder([lineFor(product, "M", "Black", 1)]), { cartId: null });
    const retry = await store.orders.transition(order.id, {
      from: ["payment_failed"],
      to: "pending_payment",
      event: { status: "pending_payment", at, note: null, by: "customer" },
      stock: "take",
    });
    expect(retry.kind === "sold-out" && retry.shortfalls).toEqual([
      { productId: product.id, name: product.name, size: "M", colour: "Black", requested: 2, available: 1 },
    ]);
    expect((await store.orders.get(order.id))!.status).toBe("payment_failed");
    expect(await stockOf(store, product, "M", "Black")).toBe(1);
  });

  it("refuses a transition from a status not allowed, and answers not-found for an unknown order", async () => {
    const store = await open();
    const product = withStock(2);
    await store.products.upsertMany([product]);
    const order = makeOrder([lineFor(product, "S", "Sage", 1)]);
    await store.orders.place(order, { cartId: null });
    const event = { status: "shipped" as const, at: "2026-11-21T10:00:00.000Z", note: null, by: "admin@hemline.test" };

    const conflict = await store.orders.transition(order.id, { from: ["paid"], to: "shipped", event, stock: "none" });
    expect(conflict.kind).toBe("conflict");
    expect(await store.orders.get(order.id)).toEqual(order);
    expect(await store.orders.transition("missing", { from: ["paid"], to: "shipped", event, stock: "none" })).toEqual({
      kind: "not-found",
    });
    expect(await store.orders.addEvent("missing", { ...event, status: null })).toBeNull();

    const noted = await store.orders.addEvent(order.id, {
      status: null,
      at: event.at,
      note: "Gift wrap",
      by: "admin@hemline.test",
    });
    expect(noted?.status).toBe("pending_payment");
    expect((await store.orders.get(order.id))!.history.at(-1)).toEqual({
      status: null,
      at: event.at,
      note: "Gift wrap",
      by: "admin@hemline.test",
    });
  });

  it("lists newest first with filters, totals and pages; reports by creation date; inserts history as is", async () => {
    const store = await open();
    const product = withStock(0);
    await store.products.upsertMany([product]);
    const line = lineFor(product, "S", "Black", 1);
    const days = ["2026-11-01", "2026-11-05", "2026-11-10", "2026-11-15"];
    const history = days.map((d, i) =>
      makeOrder([line], {
        createdAt: `${d}T12:00:00.000Z`,
        status: i % 2 ? "paid" : "delivered",
        email: i === 3 ? "Mia@Example.com" : "shopper@example.com",
        userId: i < 2 ? "u1" : null,
        number: `HM-0000000${i}`,
      }),
    );
    await store.orders.insertMany(history);
    expect(await stockOf(store, product, "S", "Black")).toBe(0);

    const all = await store.orders.list({ limit: 3, offset: 0 });
    expect(all.total).toBe(4);
    expect(all.orders.map((o) => o.number)).toEqual(["HM-00000003", "HM-00000002", "HM-00000001"]);
    expect((await store.orders.list({ limit: 3, offset: 3 })).orders.map((o) => o.number)).toEqual(["HM-00000000"]);
    expect((await store.orders.list({ status: "paid", limit: 10, offset: 0 })).orders.map((o) => o.number)).toEqual([
      "HM-00000003",
      "HM-00000001",
    ]);
    expect((await store.orders.list({ userId: "u1", limit: 10, offset: 0 })).total).toBe(2);
    expect(
      (await store.orders.list({ query: "mia@example.com", limit: 10, offset: 0 })).orders.map((o) => o.number),
    ).toEqual(["HM-00000003"]);
    expect(
      (await store.orders.list({ query: "hm-00000002", limit: 10, offset: 0 })).orders.map((o) => o.number),
    ).toEqual(["HM-00000002"]);
    expect(
      (
        await store.orders.list({
          from: "2026-11-05T00:00:00.000Z",
          to: "2026-11-15T00:00:00.000Z",
          limit: 10,
          offset: 0,
        })
      ).total,
    ).toBe(2);
    expect(
      (await store.orders.createdBetween("2026-11-04T00:00:00.000Z", "2026-11-15T12:00:00.000Z")).map((o) => o.number),
    ).toEqual(["HM-00000001", "HM-00000002"]);
    expect(await store.orders.get(history[3].id)).toEqual(history[3]);
  });

  it("keeps carts by id: save replaces, delete removes", async () => {
    const store = await open();
    expect(await store.carts.get("user:nobody")).toBeNull();
    const cart = {
      id: "user:u9",
      lines: [{ productId: "p1", size: "M", colour: "Black", quantity: 1, addedAt: "2026-11-01T00:00:00.000Z" }],
      updatedAt: "2026-11-01T00:00:00.000Z",
    };
    await store.carts.save(cart);
    expect(await store.carts.get(cart.id)).toEqual(cart);
    const changed = { ...cart, lines: [{ ...cart.lines[0], quantity: 3 }], updatedAt: "2026-11-02T00:00:00.000Z" };
    await store.carts.save(changed);
    expect(await store.carts.get(cart.id)).toEqual(changed);
    await store.carts.delete(cart.id);
    expect(await store.carts.get(cart.id)).toBeNull();
  });

  it("one cart posted from ten tabs at once (ten checkout keys) becomes one order and takes stock once", async () => {
    const store = await open();
    const product = withStock(5);
    await store.products.upsertMany([product]);
    const priced = makeOrder([lineFor(product, "S", "Black", 2)]);
    const cart = cartOf("guest:tabs", priced);
    await store.carts.save(cart);
    // Each tab's form has its own idempotency key, so each is a different order.
    const tabs = Array.from({ length: 10 }, () => makeOrder(priced.lines));
    const results = await Promise.all(
      tabs.map((order) => store.orders.place(order, { cartId: cart.id, cartLines: cart.lines })),
    );
    expect(results.filter((r) => r.kind === "placed")).toHaveLength(1);
    expect(results.filter((r) => r.kind === "cart-empty")).toHaveLength(9);
    expect(await stockOf(store, product, "S", "Black")).toBe(3);
    expect((await store.orders.list({ limit: 20, offset: 0 })).total).toBe(1);
    expect(await store.carts.get(cart.id)).toBeNull();
  });

  it("refuses to place from a cart that changed since the order was priced, and writes nothing", async () => {
    const store = await open();
    const product = withStock(5);
    await store.products.upsertMany([product]);
    const priced = makeOrder([lineFor(product, "S", "Black", 1)]);
    const cart = cartOf("guest:changed", priced);
    // Another tab raised the quantity after this checkout priced the order.
    const changed = { ...cart, lines: [{ ...cart.lines[0], quantity: 3 }] };
    await store.carts.save(changed);
    expect(await store.orders.place(priced, { cartId: cart.id, cartLines: cart.lines })).toEqual({
      kind: "cart-changed",
    });
    expect(await stockOf(store, product, "S", "Black")).toBe(5);
    expect(await store.orders.get(priced.id)).toBeNull();
    expect(await store.carts.get(cart.id)).toEqual(changed);
  });
});
