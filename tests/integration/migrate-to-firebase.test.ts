import crypto from "node:crypto";
import { promisify } from "node:util";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getAuth } from "firebase-admin/auth";
import { getFirestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import type { Order } from "~/domain/commerce";
import { parseProductQuery } from "~/lib/product-query";
import { importAccounts, scryptImport } from "~/server/auth/firebase/account-import.server";
import { createFirebaseIdentity } from "~/server/auth/firebase/identity.server";
import { listLocalAccounts } from "~/server/auth/local/account-export.server";
import { parseConfig, type Config } from "~/server/config.server";
import { createContext, type AppContext } from "~/server/context.server";
import { TargetHoldsAnotherShopError, migrateShop } from "~/server/migration/migrate-shop.server";
import { migrateEmbeddedToFirebase } from "~/server/migration/to-firebase.server";
import { seedIfEmpty } from "~/server/seed/seed.server";
import { firebaseApp } from "~/server/store/firestore/firebase-app.server";
import { createFirestoreStore } from "~/server/store/firestore/store.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { createSqliteStoreOn } from "~/server/store/sqlite/store.server";
import { createLocalDiskMedia } from "~/server/media/local-disk.server";
import { authEmulatorResetCodes, configureAuthEmulator } from "../../scripts/emulators/auth";
import { AUTH_PROJECT_ID } from "../contract/global-setup";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeTempDir } from "../support/temp-dir";
import { makeGiftCard } from "../support/gift-card-factory";
import Database from "better-sqlite3";
import path from "node:path";

// The embedded demo shop, with orders, a refund, a return and a customer with a password, moved to
// the emulators: the Firebase shop then serves the same catalogue, order pages and revenue, and
// the customer signs in. Runs cut short and runs repeated end in the same shop.

const PASSWORD = "correct-horse-battery";
const CUSTOMER = "mover@example.com";
const scrypt = promisify(crypto.scrypt) as (
  p: string,
  s: Buffer,
  n: number,
  o: crypto.ScryptOptions,
) => Promise<Buffer>;

describe("npm run migrate:to-firebase: the embedded shop into Firebase", () => {
  const temp = makeTempDir();
  const projectId = `demo-hemline-move-${crypto.randomBytes(4).toString("hex")}`;
  let embedded: AppContext;
  let firebaseConfig: Config;
  let customerUid: string;
  let customerOrder: Order;
  let apiSecrets: { live: string; revoked: string };
  const silent = () => {};

  beforeAll(async () => {
    const env = {
      DATA_DIR: temp.dir,
      SESSION_SECRET: "migration-test-secret-0123456789abcdef",
      FIREBASE_PROJECT_ID: projectId,
      FIRESTORE_EMULATOR_HOST: inject("firestoreEmulatorHost"),
      FIREBASE_AUTH_EMULATOR_HOST: inject("authEmulatorHost"),
      FIREBASE_STORAGE_EMULATOR_HOST: inject("storageEmulatorHost"),
      FIREBASE_STORAGE_BUCKET: `${projectId}-media`,
    };
    Object.assign(process.env, {
      FIRESTORE_EMULATOR_HOST: env.FIRESTORE_EMULATOR_HOST,
      FIREBASE_AUTH_EMULATOR_HOST: env.FIREBASE_AUTH_EMULATOR_HOST,
      FIREBASE_STORAGE_EMULATOR_HOST: env.FIREBASE_STORAGE_EMULATOR_HOST,
    });
    await configureAuthEmulator(env.FIREBASE_AUTH_EMULATOR_HOST, projectId);
    embedded = createContext(parseConfig({ ...env, SHOP_BACKEND: "embedded" }));
    firebaseConfig = parseConfig({ ...env, SHOP_BACKEND: "firebase" });
    const { store, identity, media } = embedded.backend;
    await seedIfEmpty(store, silent);

    // A customer with a password, an order of theirs with an invoice, a refund and a return.
    const { identity: who } = await identity.signUp(CUSTOMER, PASSWORD);
    customerUid = who.uid;
    const now = new Date().toISOString();
    await store.profiles.createIfMissing({
      uid: who.uid,
      email: CUSTOMER,
      role: "user",
      displayName: "Mo Ver",
      createdAt: now,
      updatedAt: now,
    });
    const product = (await store.products.getBySlug((await embedded.catalog.featured(1))[0]!.slug))!;
    const variant = product.variants[0]!;
    const made = makeOrder([lineFor(product, variant.size, variant.colour, 2)], { userId: who.uid, email: CUSTOMER });
    customerOrder = {
      ...made,
      status: "partially_refunded",
      invoiceNumber: "INV-2026-000001",
      payment: { ...made.payment, state: "succeeded", reference: "tc_1" },
      history: [
        { status: "pending_payment", at: now, note: null, by: "customer" },
        { status: "paid", at: now, note: null, by: "system" },
        { status: "delivered", at: now, note: null, by: "admin@hemline.test" },
        { status: "partially_refunded", at: now, note: "One returned", by: "admin@hemline.test" },
      ],
      refunds: [
        {
          id: "r1",
          amountMinor: product.priceMinor,
          reason: "Returned",
          lines: [{ sku: variant.sku, quantity: 1, restock: true }],
          state: "succeeded",
          reference: "tc_refund_1",
          returnId: "ret1",
          at: now,
          by: "admin@hemline.test",
        },
      ],
      returns: [
        {
          id: "ret1",
          number: "R-1",
          lines: [{ sku: variant.sku, quantity: 1, restock: true }],
          reason: "Too small",
          status: "refunded",
          message: null,
          refundId: "r1",
          createdAt: now,
          updatedAt: now,
        },
      ],
    };
    await store.orders.insertMany([customerOrder]);
    await store.invoiceNumbers.restoreCounter({ series: "2026", last: 1 });
    // An API key (one revoked) and a webhook endpoint move with the shop: the systems keep their keys.
    const apiKey = await embedded.apiKeys.create("owner@hemline.test", { name: "Books", scopes: ["orders:read"] });
    const oldKey = await embedded.apiKeys.create("owner@hemline.test", { name: "Old", scopes: ["orders:read"] });
    if (!apiKey.ok || !oldKey.ok) throw new Error("no key");
    await embedded.apiKeys.revoke("owner@hemline.test", oldKey.key.id);
    apiSecrets = { live: apiKey.secret, revoked: oldKey.secret };
    await store.webhooks.createEndpoint({
      id: "hook-1",
      url: "https://receiver.example/hooks",
      events: ["order.paid"],
      secret: "whsec_moved",
      createdAt: now,
      createdBy: "owner@hemline.test",
    });
    await store.addresses.save(who.uid, { ...made.address, id: "home", isDefault: true, createdAt: now });
    await store.wishlists.add(`user:${who.uid}`, {
      productId: product.id,
      savedAt: now,
      savedPriceMinor: product.priceMinor,
    });
    await store.stockAlerts.subscribe({
      id: "alert-1",
      email: CUSTOMER,
      productId: product.id,
      size: variant.size,
      colour: variant.colour,
      createdAt: now,
      sentAt: null,
    });
    // A shipping zone of the owner's beside the seeded three (Europe, the UK, Switzerland and Norway), priced by weight.
    await embedded.shipping.save(
      {
        id: null,
        name: "North America",
        countries: ["US", "CA"],
        methods: [
          {
            id: "courier",
            name: "Courier",
            estimate: "4–7 working days",
            basis: "weight",
            bands: [
              { from: 0, priceMinor: 1500 },
              { from: 2000, priceMinor: 2500 },
            ],
            freeFromMinor: null,
          },
        ],
      },
      "admin@hemline.test",
    );
    // A market of the owner's beside the seeded Europe: dollars at a rate, rounded to .99.
    const usMarket = await store.markets.save({
      id: "us",
      name: "United States",
      countries: ["US"],
      currency: "USD",
      rateMicros: 1_080_000,
      rounding: "99",
      isDefault: false,
      position: 1,
      updatedAt: now,
    });
    expect(usMarket).toEqual({ kind: "saved" });
    // A product with its own price in that market (decision 0030): it must come along as set.
    const priced = (await store.products.get("p0001"))!;
    await store.products.save({ ...priced, marketPrices: { us: { priceMinor: 5000 } } });
    // A support member and an invitation waiting to be accepted (its token only as a hash).
    await store.staff.save({
      uid: who.uid,
      email: CUSTOMER,
      role: "support",
      refundLimitMinor: 2500,
      changedBy: "admin@hemline.test",
      addedAt: now,
      updatedAt: now,
    });
    await store.staff.invite({
      tokenHash: "c".repeat(64),
      email: "new-hire@example.com",
      role: "content",
      refundLimitMinor: null,
      invitedBy: "admin@hemline.test",
      createdAt: now,
      expiresAt: "2099-01-01T00:00:00.000Z",
      acceptedAt: null,
      acceptedBy: null,
    });
    // A gift card partly spent: its balance and both ledger entries travel; so does a card in pounds.
    const gift = makeGiftCard(5000);
    await store.giftCards.create(gift.card, gift.issued);
    await store.giftCards.redeem(gift.card.id, 1500, "order-gift", now);
    const pounds = makeGiftCard(2500, { currency: "GBP" });
    await store.giftCards.create(pounds.card, pounds.issued);
    // An abandoned checkout reminded once, another whose address opted out, and the owner's settings.
    const lines = [{ productId: "p1", size: "M", colour: "Black", quantity: 1, name: "Shirt", unitPriceMinor: 2500 }];
    await store.abandonedCheckouts.upsert({ cartId: "guest:left", email: "left@example.com", lines, at: now });
    await store.abandonedCheckouts.claim("guest:left", { owner: "x", sent: 0, now, until: "2099-01-01T00:00:00.000Z" });
    await store.abandonedCheckouts.markSent("guest:left", { owner: "x", n: 1, at: now });
    await store.abandonedCheckouts.upsert({ cartId: "guest:gone", email: "gone@example.com", lines, at: now });
    await store.abandonedCheckouts.optOut("gone@example.com", now);
    await store.abandonedCheckouts.saveSettings({ secondAfterHours: 24, promotionCode: null });
    // An uploaded photo, referred to by a product.
    await media.put(`products/${"a".repeat(32)}-800.webp`, new Uint8Array([82, 73, 70, 70, 1, 2, 3]), "image/webp");
    await store.products.upsertMany([
      {
        ...product,
        images: [
          ...product.images,
          { url: `/uploads/products/${"a".repeat(32)}-800.webp`, alt: "Photo", width: 800, height: 800 },
        ],
      },
    ]);
    await embedded.audit.record({
      actor: "admin@hemline.test",
      entityType: "product",
      entityId: product.id,
      action: "update",
      summary: "Added a photo",
    });
  }, 240_000);

  afterAll(async () => {
    await embedded.backend.store.close();
    temp.remove();
  });

  it("refuses a project that holds another shop's orders, and writes nothing there", async () => {
    const otherProject = `demo-hemline-other-${crypto.randomBytes(4).toString("hex")}`;
    const other = createFirestoreStore(otherProject);
    await other.orders.insertMany([makeOrder([], { email: "someone@else.example" })]);
    const run = migrateShop({
      source: { store: embedded.backend.store, media: embedded.backend.media },
      target: { store: other, media: createLocalDiskMedia(makeTempDir().dir) },
      accounts: { sourceCount: 0, copy: async () => ({ imported: 0, failed: [] }), targetCount: async () => 0 },
    });
    await expect(run).rejects.toBeInstanceOf(TargetHoldsAnotherShopError);
    expect(await other.products.count()).toBe(0);
    await other.close();
  });

  it("a comparison report catches a dropped order", async () => {
    const db = openDatabase(temp.dir);
    const source = createSqliteStoreOn(db);
    const lossy = createFirestoreStore(`demo-hemline-lossy-${crypto.randomBytes(4).toString("hex")}`);
    const report = await migrateShop({
      source: { store: source, media: embedded.backend.media },
      target: {
        store: {
          ...lossy,
          orders: {
            ...lossy.orders,
            insertMany: (list) => lossy.orders.insertMany(list.filter((o) => o.id !== customerOrder.id)),
          },
        },
        media: createLocalDiskMedia(makeTempDir().dir),
      },
      accounts: { sourceCount: 0, copy: async () => ({ imported: 0, failed: [] }), targetCount: async () => 0 },
    });
    const differing = report.differences.map((r) => r.name);
    expect(differing).toEqual(expect.arrayContaining(["orders", "sum of order totals (cents)", "refunds", "returns"]));
    expect(report.rows.find((r) => r.name === "orders")).toMatchObject({ target: expect.any(Number) });
    const orders = report.rows.find((r) => r.name === "orders")!;
    expect(orders.source - orders.target).toBe(1);
    await source.close();
    await lossy.close();
  }, 240_000);

  it("refuses while a shop serves the embedded store, before it writes anything to Firebase", async () => {
    // A serving process's read lock on DATA_DIR/serving.lock, as backup/serving-lock takes it.
    const serving = new Database(path.join(temp.dir, "serving.lock"));
    serving.exec("BEGIN");
    serving.prepare("SELECT count(*) FROM sqlite_master").get();
    try {
      await expect(migrateEmbeddedToFirebase(firebaseConfig, { log: silent })).rejects.toThrow(
        `A shop is serving ${temp.dir}: stop it (every process of it) before migrating.`,
      );
      expect(await createFirestoreStore(projectId).products.count()).toBe(0);
    } finally {
      serving.exec("ROLLBACK");
      serving.close();
    }
  });

  it("a run cut short, then run again, copies everything once: every figure matches", async () => {
    const cut = migrateEmbeddedToFirebase(firebaseConfig, {
      log: silent,
      afterWrite: (n) => {
        if (n === 150) throw new Error("power cut");
      },
    });
    await expect(cut).rejects.toThrow("power cut");
    const report = await migrateEmbeddedToFirebase(firebaseConfig, { log: silent });
    expect(report.differences).toEqual([]);
    expect(report.accountsFailed).toEqual([]);
    const figure = (name: string) => report.rows.find((r) => r.name === name)!;
    expect(figure("orders").target).toBeGreaterThan(100);
    expect(figure("refunds").target).toBeGreaterThan(0);
    expect(figure("returns").target).toBe(1);
    expect(figure("accounts with a password").target).toBe(1);
    expect(figure("image files").target).toBe(1);
    expect(figure("approved reviews").target).toBeGreaterThan(0);
    expect(figure("staff members").target).toBe(1);
    expect(figure("staff invitations").target).toBe(1);
    expect(figure("shipping zones").target).toBe(4);
    expect(figure("delivery price bands").target).toBe(8);
    expect(figure("markets").target).toBe(2);
    expect(figure("product prices set in a market").target).toBe(1);
    expect(figure("sum of product prices set in a market").target).toBe(5000);
    expect(figure("gift cards").target).toBe(2);
    expect(figure("gift card balances in EUR (minor units)").target).toBe(3500);
    expect(figure("gift card balances in GBP (minor units)").target).toBe(2500);
    expect(figure("gift card ledger entries").target).toBe(3);
    expect(figure("abandoned checkouts").target).toBe(2);
    expect(figure("reminders sent").target).toBe(1);
    expect(figure("reminder opt-outs").target).toBe(1);
  }, 600_000);

  it("the Firebase shop serves the same catalogue, order pages and revenue", async () => {
    const firebase = createContext(firebaseConfig);
    try {
      // The markets came along as they were (a shopper there pays the same in dollars).
      expect(await firebase.backend.store.markets.list()).toEqual(await embedded.backend.store.markets.list());
      expect((await firebase.backend.store.products.get("p0001"))?.marketPrices).toEqual({ us: { priceMinor: 5000 } });
      // The zones came along whole, their tax rules too (import, UK VAT: decision 0033).
      const zones = await firebase.backend.store.shippingZones.list();
      expect(zones).toEqual(await embedded.backend.store.shippingZones.list());
      expect(zones.map((z) => z.taxRule?.kind)).toEqual(["eu-vat", "uk-vat", "import", undefined]);
      // Delivery is priced the same there: the zones came along.
      for (const country of ["IE", "US"]) {
        const parcel = { subtotalMinor: 4000, weightGrams: 2500 };
        expect(await firebase.checkout.deliveryOptions(country, parcel)).toEqual(
          await embedded.checkout.deliveryOptions(country, parcel),
        );
      }
      expect(
        (await firebase.checkout.deliveryOptions("US", { subtotalMinor: 1, weightGrams: 2500 }))?.[0],
      ).toMatchObject({ priceMinor: 2500, zoneName: "North America" });
      const query = parseProductQuery(new URLSearchParams("sort=price-asc")).query;
      const [before, after] = await Promise.all([
        embedded.catalog.listProducts(query),
        firebase.catalog.listProducts(query),
      ]);
      expect(after.total).toBe(before.total);
      expect(after).toEqual(before);
      for (const { id } of before.items.slice(0, 10)) {
        const [a, b] = await Promise.all([embedded.catalog.getProduct(id), firebase.catalog.getProduct(id)]);
        expect({ price: b?.priceMinor, variants: b?.variants, rating: b?.rating?.count }).toEqual({
          price: a?.priceMinor,
          variants: a?.variants,
          rating: a?.rating?.count,
        });
      }
      const viewer = { userId: customerUid, key: null };
      expect(await firebase.orders.forViewer(customerOrder.id, viewer)).toEqual(
        await embedded.orders.forViewer(customerOrder.id, viewer),
      );
      expect(await firebase.orders.listForUser(customerUid, 1)).toEqual(
        await embedded.orders.listForUser(customerUid, 1),
      );
      const window = { from: 0, to: Date.now() + 1 };
      expect(await firebase.analytics.overview(window)).toEqual(await embedded.analytics.overview(window));
      expect(await firebase.apiKeys.authenticate(`Bearer ${apiSecrets.live}`)).toMatchObject({ ok: true });
      expect(await firebase.apiKeys.authenticate(`Bearer ${apiSecrets.revoked}`)).toEqual({
        ok: false,
        reason: "revoked",
      });
      expect(await firebase.webhooks.listEndpoints()).toEqual(await embedded.webhooks.listEndpoints());
      // Products bought together are counted again from the paid orders: the same suggestions.
      for (const { id } of before.items.slice(0, 10)) {
        const [a, b] = await Promise.all([
          embedded.completeTheLook.forProduct(id),
          firebase.completeTheLook.forProduct(id),
        ]);
        expect(b.map((c) => c.id)).toEqual(a.map((c) => c.id));
      }
      expect(await firebase.backend.store.pairs.partners(before.items[0]!.id, 20)).toEqual(
        await embedded.backend.store.pairs.partners(before.items[0]!.id, 20),
      );
    } finally {
      await firebase.catalog.stop();
    }
  }, 240_000);

  it("the customer's account moved with its uid and password hash; the reset e-mail signs them in", async () => {
    const app = firebaseApp(projectId);
    const user = await getAuth(app).getUser(customerUid);
    expect(user.email).toBe(CUSTOMER);
    // Firebase Auth checks an imported STANDARD_SCRYPT hash by hashing the password with the imported
    // parameters and salt: those reproduce the hash from the old password. (The Auth emulator keeps
    // its own fake hashes, so it cannot check one: the reset path below is what it can prove.)
    const [account] = listLocalAccounts(openDatabase(temp.dir));
    const imported = scryptImport(account!)!;
    const hash = imported.options.hash!;
    const derived = await scrypt(PASSWORD, imported.record.passwordSalt as Buffer, hash.derivedKeyLength!, {
      N: hash.memoryCost!,
      r: hash.blockSize!,
      p: hash.parallelization!,
    });
    expect(derived.equals(imported.record.passwordHash as Buffer)).toBe(true);

    // The shop's Firebase identity adapter signs in through the Identity Toolkit REST API, which the
    // Auth emulator answers for the project it started with only: the account is imported there too
    // (the same importer), then the customer takes the reset path and signs in with their uid.
    const authHost = inject("authEmulatorHost");
    const records = initializeApp({ projectId }, `migrate-records-${crypto.randomBytes(4).toString("hex")}`);
    try {
      await importAccounts(firebaseApp(AUTH_PROJECT_ID), [account!]);
      const identity = createFirebaseIdentity({
        projectId: AUTH_PROJECT_ID,
        apiKey: "fake-api-key",
        emulatorHost: authHost,
        firestore: getFirestore(records),
      });
      await identity.sendPasswordReset(CUSTOMER, { resetUrl: (t) => `https://shop.test/reset?token=${t}` });
      const codes = await authEmulatorResetCodes(authHost, AUTH_PROJECT_ID);
      const code = codes.filter((c) => c.email === CUSTOMER).at(-1)?.oobCode;
      expect(code, JSON.stringify(codes)).toBeDefined();
      await identity.resetPassword(code!, "a-new-password-42");
      const { identity: signedIn } = await identity.signIn(CUSTOMER, "a-new-password-42");
      expect(signedIn.uid).toBe(customerUid);
    } finally {
      await getAuth(firebaseApp(AUTH_PROJECT_ID))
        .deleteUser(customerUid)
        .catch(() => {});
      await deleteApp(records);
    }
  }, 120_000);

  it("running it again changes nothing: the same figures, no duplicates", async () => {
    const first = await migrateEmbeddedToFirebase(firebaseConfig, { log: silent });
    const again = await migrateEmbeddedToFirebase(firebaseConfig, { log: silent });
    expect(again.differences).toEqual([]);
    expect(again.rows).toEqual(first.rows);
  }, 600_000);
});
