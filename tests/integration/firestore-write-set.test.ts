import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { firestoreFor } from "~/server/store/firestore/firebase-app.server";
import { createFirestoreStore } from "~/server/store/firestore/store.server";
import type { Store } from "~/server/store/port";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";

// Many instances on one Firestore: an order must write only what it is about (its products, itself
// and its own new webhook events), never a document every order writes, or the whole shop is
// capped by one document's write rate. This reads every document's update time before and after a placement.

describe("Firestore: what placing an order writes", () => {
  const projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
  let store: Store;

  beforeAll(() => {
    process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
    store = createFirestoreStore(projectId);
  });
  afterAll(async () => {
    await store.close();
  });

  async function updateTimes(): Promise<Map<string, string>> {
    const db = firestoreFor(projectId);
    const times = new Map<string, string>();
    for (const collection of await db.listCollections()) {
      for (const doc of (await collection.get()).docs)
        times.set(doc.ref.path, doc.updateTime.toDate().toISOString() + doc.updateTime.nanoseconds);
    }
    return times;
  }

  it("writes the ordered product, the order and its key, and no shared document", async () => {
    const ordered = makeProduct();
    const other = makeProduct();
    await store.products.upsertMany([ordered, other]);
    const variant = ordered.variants[0];
    await store.carts.save({
      id: "guest:write-set",
      lines: [
        {
          productId: ordered.id,
          size: variant.size,
          colour: variant.colour,
          quantity: 1,
          addedAt: new Date().toISOString(),
        },
      ],
      updatedAt: new Date().toISOString(),
    });
    const before = await updateTimes();
    const order = makeOrder([lineFor(ordered, variant.size, variant.colour, 1)]);
    expect((await store.orders.place(order, { cartId: "guest:write-set" })).kind).toBe("placed");
    const after = await updateTimes();
    const written = [...after]
      .filter(([path, time]) => before.get(path) !== time)
      .map(([path]) => path)
      .sort();
    const removed = [...before.keys()].filter((path) => !after.has(path));
    const stored = await store.products.get(ordered.id);
    expect(written).toEqual(
      [
        `orderKeys/${order.idempotencyKey}`,
        `orders/${order.id}`,
        `products/${ordered.id}`,
        // A new document for the stock this order took (the outbox), relayed and deleted later.
        `webhookOutbox/product.stock_changed:${ordered.id}:${stored!.seq}`,
      ].sort(),
    );
    expect(removed).toEqual(["carts/guest:write-set"]);
  });
});
