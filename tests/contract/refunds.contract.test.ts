import { afterEach, describe, expect, it } from "vitest";
import type { Order } from "~/domain/commerce";
import type { ProductInput } from "~/domain/product";
import { refundedMinor } from "~/domain/refund";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { createRefundsService } from "~/server/services/orders/refunds.server";
import type { Store } from "~/server/store/port";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS } from "./adapters";

// Refunds through OrderStore.revise on every adapter, with real concurrency from two server
// instances: the money refunded never exceeds what was paid, and stock moves exactly by each
// line's "put back on sale" choice, in the same transaction as the record.

const ADMIN = "refunds@hemline.test";

function withStock(stock: number) {
  const product = makeProduct({ priceMinor: 3000 });
  return { ...product, variants: product.variants.map((v) => ({ ...v, stock })) };
}

async function stockOf(store: Store, product: ProductInput, size: string, colour: string) {
  const stored = await store.products.get(product.id);
  return stored!.variants.find((v) => v.size === size && v.colour === colour)!.stock;
}

async function paidOrder(store: Store, lines: Order["lines"]): Promise<Order> {
  const placed = await store.orders.place(makeOrder(lines), { cartId: null });
  if (placed.kind !== "placed") throw new Error(placed.kind);
  const paid = await store.orders.transition(placed.order.id, {
    from: ["pending_payment"],
    to: "paid",
    event: { status: "paid", at: new Date().toISOString(), note: null, by: "system" },
    stock: "none",
    patch: { payment: { ...placed.order.payment, state: "succeeded", reference: "tc_contract" } },
  });
  if (paid.kind !== "ok") throw new Error(paid.kind);
  return paid.order;
}

const refundsOn = (store: Store) =>
  createRefundsService(store, { payments: createTestCardProcessor({ keys: store.paymentKeys }) });

describe.each(STORE_ADAPTERS)("Refunds contract: $name", (adapter) => {
  const disposers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (disposers.length) await disposers.pop()!();
  });
  async function open() {
    const made = await adapter.create();
    disposers.push(made.dispose);
    return made;
  }

  it("concurrent refunds of one order from two instances never exceed what was paid", async () => {
    const { store, reopen } = await open();
    const other = await reopen();
    const product = withStock(5);
    await store.products.upsertMany([product]);
    const order = await paidOrder(store, [lineFor(product, "M", "Black", 2)]);
    expect(order.totalMinor).toBe(6495);
    const third = 6495 / 3;
    const attempts = Array.from({ length: 8 }, (_, i) =>
      refundsOn(i % 2 ? other : store).refund(order.id, { amountMinor: third, reason: `r${i}`, lines: [] }, ADMIN),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    for (const r of results.filter((r) => !r.ok)) expect(r).toMatchObject({ ok: false, status: 400 });
    const stored = (await store.orders.get(order.id))!;
    expect(refundedMinor(stored)).toBe(6495);
    expect(stored.refunds!.every((r) => r.state === "succeeded")).toBe(true);
    expect(stored.status).toBe("refunded");
    expect(stored.payment.state).toBe("refunded");
    // No line was refunded, so no unit went back on sale.
    expect(await stockOf(store, product, "M", "Black")).toBe(3);
  });

  it("moves stock exactly by each line's choice, with the record; a refused refund records nothing", async () => {
    const { store } = await open();
    const product = withStock(5);
    await store.products.upsertMany([product]);
    const order = await paidOrder(store, [lineFor(product, "M", "Black", 2), lineFor(product, "L", "Black", 3)]);
    expect(await stockOf(store, product, "M", "Black")).toBe(3);
    expect(await stockOf(store, product, "L", "Black")).toBe(2);
    const [m, l] = order.lines;

    const refused = await createRefundsService(store, {
      payments: { refund: async () => ({ ok: false, message: "The charge was disputed." }) },
    }).refund(order.id, { amountMinor: 1000, reason: "", lines: [{ sku: m.sku, quantity: 1, restock: true }] }, ADMIN);
    expect(refused).toEqual({ ok: false, status: 502, message: "The refund was refused: The charge was disputed." });
    const untouched = (await store.orders.get(order.id))!;
    expect(untouched.refunds ?? []).toEqual([]);
    expect(untouched).toMatchObject({ status: "paid", history: order.history, payment: order.payment });
    expect(await stockOf(store, product, "M", "Black")).toBe(3);

    const done = await refundsOn(store).refund(
      order.id,
      {
        amountMinor: 9000,
        reason: "One M back, two L lost",
        lines: [
          { sku: m.sku, quantity: 1, restock: true },
          { sku: l.sku, quantity: 2, restock: false },
        ],
      },
      ADMIN,
    );
    expect(done).toMatchObject({ ok: true, order: { status: "partially_refunded" } });
    expect(await stockOf(store, product, "M", "Black")).toBe(4);
    expect(await stockOf(store, product, "L", "Black")).toBe(2);

    // The units left: one M, one L. Two more M are refused and move nothing.
    const tooMany = await refundsOn(store).refund(
      order.id,
      { amountMinor: 100, reason: "", lines: [{ sku: m.sku, quantity: 2, restock: true }] },
      ADMIN,
    );
    expect(tooMany).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/^Only 1 of /) });
    expect(await stockOf(store, product, "M", "Black")).toBe(4);
    const stored = (await store.orders.get(order.id))!;
    expect(stored.refunds).toHaveLength(1);
    expect(stored.refunds![0]).toMatchObject({ amountMinor: 9000, state: "succeeded", by: ADMIN });
    expect(stored.history.at(-1)).toMatchObject({ status: "partially_refunded", by: ADMIN });
  });
});
