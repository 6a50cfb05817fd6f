import crypto from "node:crypto";
import { Timestamp } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { firestoreFor } from "~/server/store/firestore/firebase-app.server";
import { createFirestoreStore } from "~/server/store/firestore/store.server";
import type { Store } from "~/server/store/port";
import { makeProduct } from "../support/product-factory";

// users/{uid} holds createdAt and updatedAt. On Firestore they are dates
// (timestamps), as the console and any other tool expect; documents written by earlier versions
// with ISO strings are still read, and converted at start so date ranges see them too.

describe("Firestore: data from earlier versions, and profile dates as timestamps", () => {
  const projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
  let store: Store;

  beforeAll(() => {
    process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
    store = createFirestoreStore(projectId);
  });
  afterAll(async () => {
    await store.close();
  });

  it("stores createdAt and updatedAt as timestamps and reads them back as the same instants", async () => {
    const created = "2026-11-02T09:30:00.000Z";
    await store.profiles.createIfMissing({
      uid: "u-new",
      email: "new@example.com",
      role: "user",
      displayName: null,
      createdAt: created,
      updatedAt: created,
    });
    await store.profiles.update("u-new", { displayName: "Ada" }, "2026-11-03T10:00:00.000Z");
    const raw = (await firestoreFor(projectId).collection("users").doc("u-new").get()).data()!;
    expect(raw.createdAt).toBeInstanceOf(Timestamp);
    expect(raw.updatedAt).toBeInstanceOf(Timestamp);
    expect(await store.profiles.get("u-new")).toMatchObject({
      createdAt: created,
      updatedAt: "2026-11-03T10:00:00.000Z",
      displayName: "Ada",
    });
  });

  it("reads a profile an earlier version stored with string dates, and converts it at start", async () => {
    const users = firestoreFor(projectId).collection("users");
    await users.doc("u-old").set({
      email: "old@example.com",
      role: "user",
      createdAt: "2026-11-01T08:00:00.000Z",
      updatedAt: "2026-11-01T08:00:00.000Z",
    });
    expect(await store.profiles.get("u-old")).toMatchObject({ createdAt: "2026-11-01T08:00:00.000Z" });

    await store.upgrade(() => {});
    expect((await users.doc("u-old").get()).get("createdAt")).toBeInstanceOf(Timestamp);
    // Both profiles are now found by a date range and sorted newest first.
    const { profiles } = await store.profiles.list({
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-30T00:00:00.000Z",
      limit: 10,
      offset: 0,
    });
    expect(profiles.map((p) => p.uid)).toEqual(["u-new", "u-old"]);
  });

  it("gives products written before the change feed their commit time, so the indexes see them", async () => {
    const db = firestoreFor(projectId);
    const product = makeProduct();
    // As an earlier version left them: a global counter, products with only a seq.
    await db.collection("meta").doc("catalogue").set({ seq: 7 });
    await db
      .collection("products")
      .doc(product.id)
      .set({ ...product, createdAt: "2026-10-01T00:00:00.000Z", updatedAt: "2026-10-01T00:00:00.000Z", seq: 7 });
    expect((await store.products.changes(null, 10)).changes).toEqual([]);

    await store.upgrade(() => {});
    const feed = await store.products.changes(null, 10);
    expect(feed.changes.map((c) => (c.kind === "product" ? c.product.id : c.id))).toEqual([product.id]);
    expect((await db.collection("meta").doc("catalogue").get()).exists).toBe(false);
  });
});
