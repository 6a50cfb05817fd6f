import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAdminOrdersService, type AdminChange } from "~/server/services/orders/admin-orders.server";
import { createOrdersService } from "~/server/services/orders/orders.server";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import type { Store } from "~/server/store/port";
import type { ProductInput } from "~/domain/product";
import { STORE_ADAPTERS } from "../contract/adapters";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// Back-office status changes on both backends: the orders service's rules decide, the store
// restocks atomically, and every accepted change reaches the audit log.

const ADMIN = "orders-admin@hemline.test";

describe.each(STORE_ADAPTERS)("admin order changes: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let audit: AdminChange[];
  let product: ProductInput;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    audit = [];
    const made = makeProduct();
    product = { ...made, variants: made.variants.map((v) => ({ ...v, stock: 5 })) };
    await store.products.upsertMany([product]);
  });
  afterEach(async () => {
    await dispose();
  });

  const service = () => {
    const orders = createOrdersService({
      store,
      secret: "test-secret-long-enough-0123456789",
      shopName: "Hemline",
      mailer: { kind: "outbox", send: async () => {} },
      payments: createTestCardProcessor({ keys: store.paymentKeys }),
    });
    return createAdminOrdersService({ store, orders, audit: async (change) => void audit.push(change) });
  };
  const stock = async () =>
    (await store.products.get(product.id))!.variants.find((v) => v.size === "M" && v.colour === "Black")!.stock;

  /** A placed (stock taken) and paid order for 2 units. */
  async function paidOrder() {
    const placed = await store.orders.place(makeOrder([lineFor(product, "M", "Black", 2)]), { cartId: null });
    if (placed.kind !== "placed") throw new Error(placed.kind);
    await store.orders.transition(placed.order.id, {
      from: ["pending_payment"],
      to: "paid",
      event: { status: "paid", at: new Date().toISOString(), note: null, by: "system" },
      stock: "none",
    });
    return placed.order;
  }

  it("offers the order page exactly the changes it accepts, and says which put units back on sale", async () => {
    const admin = service();
    expect(admin.transitionsFrom("paid")).toEqual([
      { to: "shipped", restocks: false },
      { to: "cancelled", restocks: true },
      { to: "refunded", restocks: true },
    ]);
    expect(admin.transitionsFrom("pending_payment")).toEqual([{ to: "cancelled", restocks: true }]);
    expect(admin.transitionsFrom("cancelled")).toEqual([]);
    // A change it does not offer is refused.
    const order = await paidOrder();
    expect(admin.transitionsFrom("paid").map((t) => t.to)).not.toContain("delivered");
    expect(await admin.changeStatus(order.id, "delivered", "owner@hemline.test", {})).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it("ships only with a tracking number, records it on the order, its timeline and the audit log", async () => {
    const order = await paidOrder();
    const admin = service();
    const refused = await admin.changeStatus(order.id, "shipped", ADMIN, { trackingNumber: "  " });
    expect(refused).toEqual({ ok: false, status: 400, message: "Enter the tracking number of the parcel." });
    expect((await store.orders.get(order.id))!.status).toBe("paid");
    expect(audit).toEqual([]);

    const shipped = await admin.changeStatus(order.id, "shipped", ADMIN, { trackingNumber: "JJD0012345" });
    expect(shipped.ok).toBe(true);
    const stored = (await store.orders.get(order.id))!;
    expect(stored).toMatchObject({ status: "shipped", trackingNumber: "JJD0012345" });
    expect(stored.history.at(-1)).toMatchObject({ status: "shipped", note: "Tracking number JJD0012345", by: ADMIN });
    expect(await stock()).toBe(3);
    expect(audit).toEqual([
      {
        actor: ADMIN,
        entityType: "order",
        entityId: order.id,
        action: "status",
        summary: `Order ${order.number}: paid → shipped (tracking JJD0012345)`,
        before: { status: "paid", trackingNumber: null, payment: "pending" },
        after: { status: "shipped", trackingNumber: "JJD0012345", payment: "pending" },
      },
    ]);
  });

  it("restocks a cancelled paid order once, and refuses to cancel it again", async () => {
    const order = await paidOrder();
    expect(await stock()).toBe(3);
    const admin = service();
    expect((await admin.changeStatus(order.id, "cancelled", ADMIN, { note: "Customer asked" })).ok).toBe(true);
    expect(await stock()).toBe(5);
    const again = await admin.changeStatus(order.id, "cancelled", ADMIN, {});
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(await stock()).toBe(5);
    expect(audit.map((a) => a.summary)).toEqual([`Order ${order.number}: paid → cancelled`]);
  });

  it("a full refund restocks before shipping, not after delivery (the units never came back), and is audited", async () => {
    const early = await paidOrder();
    const admin = service();
    expect(await stock()).toBe(3);
    expect((await admin.changeStatus(early.id, "refunded", ADMIN, {})).ok).toBe(true);
    expect(await stock()).toBe(5);
    expect(audit.at(-1)).toMatchObject({ action: "refund", entityId: early.id });

    const order = await paidOrder();
    await admin.changeStatus(order.id, "shipped", ADMIN, { trackingNumber: "T1" });
    await admin.changeStatus(order.id, "delivered", ADMIN, {});
    expect(await stock()).toBe(3);
    expect(admin.transitionsFrom("delivered")).toEqual([{ to: "refunded", restocks: false }]);
    const refunded = await admin.changeStatus(order.id, "refunded", ADMIN, {});
    expect(refunded.ok && refunded.order.payment.state).toBe("refunded");
    expect(await stock()).toBe(3);
    expect((await store.orders.get(order.id))!.history.map((e) => e.status)).toEqual([
      "pending_payment",
      "paid",
      "shipped",
      "delivered",
      "refunded",
    ]);
  });

  it("adds a note to the timeline without changing the status, and says 404 for an unknown order", async () => {
    const order = await paidOrder();
    const admin = service();
    const noted = await admin.addNote(order.id, "Gift wrap requested", ADMIN);
    expect(noted?.status).toBe("paid");
    expect(noted?.history.at(-1)).toMatchObject({ status: null, note: "Gift wrap requested", by: ADMIN });
    expect(audit.map((a) => [a.action, a.after])).toEqual([["note", { note: "Gift wrap requested" }]]);
    expect(await admin.addNote("missing", "x", ADMIN)).toBeNull();
    expect(await admin.changeStatus("missing", "shipped", ADMIN, { trackingNumber: "T" })).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("lists with filters and pages", async () => {
    const a = await paidOrder();
    const b = await paidOrder();
    const admin = service();
    await admin.changeStatus(b.id, "shipped", ADMIN, { trackingNumber: "T2" });
    const paid = await admin.list({ status: "paid", query: "", from: null, to: null, page: 1 });
    expect(paid.orders.map((o) => o.id)).toEqual([a.id]);
    expect(paid).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    const byNumber = await admin.list({ status: null, query: b.number.toLowerCase(), from: null, to: null, page: 1 });
    expect(byNumber.orders.map((o) => o.id)).toEqual([b.id]);
  });
});
