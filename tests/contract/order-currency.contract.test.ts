import crypto from "node:crypto";
import Database from "better-sqlite3";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Order } from "~/domain/commerce";
import { createFirestoreStoreOn } from "~/server/store/firestore/store.server";
import { DATABASE_FILE } from "~/server/store/sqlite/database.server";
import { MIGRATIONS } from "~/server/store/sqlite/migrations";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { makeTempDir } from "../support/temp-dir";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// An order keeps the market it was priced in: its currency, the market's rate then and the
// market's id, with every amount in that currency's minor units, through placement, every read
// and a status change, on every store. An order written before markets reads as euros at rate 1.

/** A UK order as checkout prices it: €49.95 at 0.86 ending .99 is £42.99, delivery £4.26. */
function ukOrder(): Order {
  const product = makeProduct({ priceMinor: 4995 });
  const line = { ...lineFor(product, "M", "Black", 2), unitPriceMinor: 4299, vatMinor: 1433 };
  return makeOrder([line], {
    currency: "GBP",
    rateMicros: 860_000,
    marketId: "united-kingdom",
    subtotalMinor: 8598,
    shippingMinor: 426,
    totalMinor: 9024,
    vatMinor: 1504,
    shippingVatMinor: 71,
    taxRule: "uk-vat",
    vatRate: 20,
    shipping: { method: "standard", label: "Standard", priceMinor: 426, zoneId: "united-kingdom" },
  });
}

describe.each(STORE_ADAPTERS)("orders in a market's currency: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("round-trips an order in pounds: currency, rate, market and amounts, through placement, reads and a change", async () => {
    const store = db.store;
    const order = ukOrder();
    await store.products.upsertMany([makeProduct({ id: order.lines[0].productId, priceMinor: 4995 })]);
    expect(await store.orders.place(order, { cartId: null })).toEqual({ kind: "placed", order });
    expect(await store.orders.get(order.id)).toEqual(order);
    expect(await store.orders.findByIdempotencyKey(order.idempotencyKey)).toEqual(order);
    expect((await store.orders.list({ limit: 5, offset: 0 })).orders).toEqual([order]);
    expect(await store.orders.createdBetween("2000-01-01T00:00:00.000Z", "2999-01-01T00:00:00.000Z")).toEqual([order]);
    // Another instance reads the same.
    expect(await (await db.reopen()).orders.get(order.id)).toEqual(order);

    const at = new Date().toISOString();
    const paid = await store.orders.transition(order.id, {
      from: ["pending_payment"],
      to: "paid",
      event: { status: "paid", at, note: null, by: "system" },
      stock: "none",
    });
    expect(paid).toMatchObject({
      kind: "ok",
      order: { status: "paid", currency: "GBP", rateMicros: 860_000, marketId: "united-kingdom", totalMinor: 9024 },
    });
    expect(await store.orders.get(order.id)).toMatchObject({ currency: "GBP", rateMicros: 860_000, totalMinor: 9024 });
  });

  it("writes imported orders (a migration, a seed) with their currency as they are", async () => {
    const order = ukOrder();
    await db.store.orders.insertMany([order]);
    expect(await db.store.orders.get(order.id)).toEqual(order);
  });
});

/** An order as it was stored before markets: no currency fields but the euro `currency`. */
function orderFromBeforeMarkets() {
  const { rateMicros: _r, marketId: _m, ...old } = makeOrder([lineFor(makeProduct(), "M", "Black")]);
  return old;
}

describe("orders written before markets", () => {
  it("SQLite: the upgrade (migration order-currency) reads them as euros at rate 1 in the seeded market", async () => {
    const temp = makeTempDir();
    try {
      // A database as the release before markets' checkout left it, with one order.
      const cut = MIGRATIONS.findIndex((m) => m.name === "order-currency");
      expect(cut).toBeGreaterThan(0);
      const raw = new Database(path.join(temp.dir, DATABASE_FILE));
      for (const migration of MIGRATIONS.slice(0, cut)) raw.exec(migration.sql);
      raw.pragma(`user_version = ${MIGRATIONS[cut - 1].version}`);
      const old = orderFromBeforeMarkets();
      raw
        .prepare(
          `INSERT INTO orders (id, number, email, user_id, status, total_minor, idempotency_key, created_at, data)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          old.id,
          old.number,
          old.email,
          null,
          old.status,
          old.totalMinor,
          old.idempotencyKey,
          old.createdAt,
          JSON.stringify(old),
        );
      raw.close();

      const store = createSqliteStore(temp.dir);
      try {
        expect(await store.orders.get(old.id)).toEqual({
          ...old,
          currency: "EUR",
          rateMicros: 1_000_000,
          marketId: "europe",
        });
      } finally {
        await store.close();
      }
      const upgraded = new Database(path.join(temp.dir, DATABASE_FILE), { readonly: true });
      expect(upgraded.prepare("SELECT currency, rate_micros, market_id FROM orders").get()).toEqual({
        currency: "EUR",
        rate_micros: 1_000_000,
        market_id: "europe",
      });
      upgraded.close();
    } finally {
      temp.remove();
    }
  });

  it("Firestore: a document without the fields reads as euros at rate 1 in the seeded market", async () => {
    process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
    const projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
    const app = initializeApp({ projectId }, projectId);
    try {
      const firestore = getFirestore(app);
      const old = orderFromBeforeMarkets();
      await firestore
        .collection("orders")
        .doc(old.id)
        .set({ ...old, emailLower: old.email, productIds: [old.lines[0].productId] });
      const store = createFirestoreStoreOn(firestore);
      expect(await store.orders.get(old.id)).toEqual({
        ...old,
        currency: "EUR",
        rateMicros: 1_000_000,
        marketId: "europe",
      });
    } finally {
      await deleteApp(app);
    }
  });
});
