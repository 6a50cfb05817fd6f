import { afterEach, describe, expect, it } from "vitest";
import type { Store, StoreFaults } from "~/server/store/port";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS } from "./adapters";

// The transactional outbox on every adapter: a change and its webhook events commit together or
// not at all, so a process killed right after the commit (before anything relays them) loses none;
// another process on the same store finds them there.

describe.each(STORE_ADAPTERS)("webhook outbox contract: $name", (adapter) => {
  const disposers: Array<() => Promise<void>> = [];
  async function open(faults?: StoreFaults) {
    const { store, dispose, reopen } = await adapter.create(faults);
    disposers.push(dispose);
    return { store, reopen };
  }
  afterEach(async () => {
    while (disposers.length) await disposers.pop()!();
  });
  const types = async (store: Store) => (await store.webhooks.outbox(100)).map((e) => e.type).sort();

  it("placing an order writes product.stock_changed with the stock taken; paying it writes order.paid", async () => {
    const { store, reopen } = await open();
    const product = makeProduct();
    await store.products.upsertMany([product]); // seeding announces nothing
    expect(await store.webhooks.outbox(100)).toEqual([]);

    const order = makeOrder([lineFor(product, "M", "Black", 2)], { status: "pending_payment" });
    expect((await store.orders.place(order, { cartId: null })).kind).toBe("placed");
    const [taken] = await store.webhooks.outbox(100);
    expect(taken).toMatchObject({ type: "product.stock_changed", subject: { kind: "product" } });
    const stored = await store.products.get(product.id);
    expect(taken!.key).toBe(`${product.id}:${stored!.seq}`);
    if (taken!.subject.kind !== "product") throw new Error("a product event");
    expect(taken!.subject.product.variants.find((v) => v.size === "M" && v.colour === "Black")!.stock).toBe(3);

    const paid = await store.orders.transition(order.id, {
      from: ["pending_payment"],
      to: "paid",
      event: { status: "paid", at: "2026-11-01T10:00:00.000Z", note: null, by: "system" },
      stock: "none",
    });
    expect(paid.kind).toBe("ok");
    // Nothing relayed them (as if this process died now): another process on the same store sees both.
    const other = await reopen();
    const events = await other.webhooks.outbox(100);
    expect(events.map((e) => e.type)).toEqual(["product.stock_changed", "order.paid"]);
    expect(events[1]).toMatchObject({ key: `${order.id}:${order.history.length + 1}:0`, subject: { kind: "order" } });

    await other.webhooks.relayed(events.map((e) => e.id));
    expect(await store.webhooks.outbox(100)).toEqual([]);
  });

  it("a placement that fails after taking stock writes no event either", async () => {
    const { store } = await open({
      afterStockTaken() {
        throw new Error("crash inside the transaction");
      },
    });
    const product = makeProduct();
    await store.products.upsertMany([product]);
    const order = makeOrder([lineFor(product, "S", "Sage", 1)], { status: "pending_payment" });
    await expect(store.orders.place(order, { cartId: null })).rejects.toThrow("crash inside the transaction");
    expect(await store.webhooks.outbox(100)).toEqual([]);
  });

  it("a product saved writes product.updated, and stock_changed only when its stock differs; an import announces", async () => {
    const { store } = await open();
    const product = makeProduct();
    await store.products.upsertMany([product]);
    const saved = await store.products.save({ ...product, name: "Renamed" });
    expect(await types(store)).toEqual(["product.updated"]);
    await store.webhooks.relayed((await store.webhooks.outbox(100)).map((e) => e.id));

    await store.products.save({ ...saved, variants: saved.variants.map((v) => ({ ...v, stock: v.stock + 1 })) });
    expect(await types(store)).toEqual(["product.stock_changed", "product.updated"]);
    await store.webhooks.relayed((await store.webhooks.outbox(100)).map((e) => e.id));

    await store.products.upsertMany([{ ...product, variants: product.variants.map((v) => ({ ...v, stock: 0 })) }], {
      announce: true,
    });
    expect(await types(store)).toEqual(["product.stock_changed", "product.updated"]);
  });

  it("a refund that restocks writes product.stock_changed with the order's change", async () => {
    const { store } = await open();
    const product = makeProduct();
    await store.products.upsertMany([product]);
    const order = makeOrder([lineFor(product, "L", "Black", 1)], { status: "pending_payment" });
    await store.orders.place(order, { cartId: null });
    await store.webhooks.relayed((await store.webhooks.outbox(100)).map((e) => e.id));
    const line = order.lines[0]!;
    const revised = await store.orders.revise(order.id, (o) => ({
      ok: true,
      order: { ...o, history: [...o.history, { status: null, at: "2026-11-02T10:00:00.000Z", note: "x", by: "t" }] },
      restock: [line],
    }));
    expect(revised.kind).toBe("ok");
    expect(await types(store)).toEqual(["product.stock_changed"]);
  });
});
