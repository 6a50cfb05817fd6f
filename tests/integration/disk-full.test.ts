import { createShippingService } from "~/server/services/shipping/shipping.server";
import { checkoutServices } from "../support/checkout-services";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkoutInput } from "../support/order-factory";
import { createLocalIdentity } from "~/server/auth/local/identity.server";
import { saveBlogImage } from "~/server/media/blog-images.server";
import { createLocalDiskMedia } from "~/server/media/local-disk.server";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { createAccountsService, type AccountsService } from "~/server/services/accounts/accounts.server";
import { createCartService, type CartService } from "~/server/services/cart/cart.server";
import { createCheckoutService, type CheckoutService } from "~/server/services/checkout/checkout.server";
import { createOrdersService } from "~/server/services/orders/orders.server";
import type { Store } from "~/server/store/port";
import { openDatabase, type SqliteDatabase } from "~/server/store/sqlite/database.server";
import { fillStorage, freeStorage } from "~/server/store/sqlite/fill-storage.server";
import { createSqliteStoreOn } from "~/server/store/sqlite/store.server";
import { STORAGE_FULL_MESSAGE, StorageFullError } from "~/server/store/storage-full";
import type { ProductInput } from "~/domain/product";
import { makeProduct } from "../support/product-factory";
import { makeTempDir } from "../support/temp-dir";

// The embedded default on a full disk: SQLite answers SQLITE_FULL (made real by the storage-full test
// hook, fill-storage.server.ts) and the uploads folder ENOSPC. Every write fails whole with
// StorageFullError, leaves the data exactly as it was, and works again once there is room.

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const LINKS = { signInUrl: "https://shop.test/auth/login", resetUrl: "https://shop.test/auth/forgot-password" };
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

describe("a full disk on the embedded store", () => {
  let temp: ReturnType<typeof makeTempDir>;
  let db: SqliteDatabase;
  let store: Store;
  let cart: CartService;
  let checkout: CheckoutService;
  let accounts: AccountsService;
  let shirt: ProductInput;

  const order = (key = crypto.randomUUID()) =>
    checkout.placeOrder(checkoutInput({ cartId: "guest:full", idempotencyKey: key }));

  /** Everything a failed write could have half-changed. */
  const snapshot = async () => ({
    stock: (await store.products.get(shirt.id))!.variants.map((v) => [v.size, v.colour, v.stock]),
    orders: db.prepare("SELECT COUNT(*) AS n FROM orders").get(),
    carts: db.prepare("SELECT lines FROM carts ORDER BY id").all(),
    accounts: db.prepare("SELECT email FROM local_accounts ORDER BY email").all(),
    sessions: db.prepare("SELECT COUNT(*) AS n FROM local_sessions").get(),
    profiles: db.prepare("SELECT COUNT(*) AS n FROM profiles").get(),
  });

  const integrity = () => db.pragma("integrity_check", { simple: true });

  beforeEach(async () => {
    temp = makeTempDir();
    db = openDatabase(temp.dir);
    store = createSqliteStoreOn(db);
    shirt = makeProduct({ priceMinor: 3000 });
    shirt = { ...shirt, variants: shirt.variants.map((v) => ({ ...v, stock: 5 })) };
    await store.products.upsertMany([shirt]);
    cart = createCartService({ store, shipping: createShippingService({ store, rates: RATES }) });
    const payments = createTestCardProcessor({ keys: store.paymentKeys });
    const orders = createOrdersService({
      store,
      secret: "test-secret-that-is-long-enough-0123456789",
      shopName: "Hemline",
      mailer: { kind: "outbox", send: async () => {} },
      payments,
    });
    checkout = createCheckoutService({ store, cart, orders, payments, ...checkoutServices(store, RATES) });
    const identity = createLocalIdentity(db, { resetTokenTtlMs: 3_600_000, sendResetMail: async () => {} });
    accounts = createAccountsService({
      identity,
      store,
      adminEmails: [],
      mailer: { kind: "outbox", send: async () => {} },
      shopName: "Hemline",
    });
    await cart.add("guest:full", { productId: shirt.id, size: "M", colour: "Black", quantity: 2 });
  });

  afterEach(async () => {
    await store.close();
    temp.remove();
  });

  it("placing an order whose write fails after the stock was taken leaves stock, orders and cart as they were", async () => {
    const before = await snapshot();
    // Only the orders table is full: the transaction has already taken the stock when it fails.
    fillStorage(db, ["orders"]);
    await expect(order()).rejects.toBeInstanceOf(StorageFullError);
    expect(await snapshot()).toEqual(before);

    freeStorage(db);
    const placed = await order();
    expect(placed.kind).toBe("done");
    const variant = (await store.products.get(shirt.id))!.variants.find((v) => v.size === "M" && v.colour === "Black")!;
    expect(variant.stock).toBe(3);
    expect(await cart.count("guest:full")).toBe(0);
    expect(integrity()).toBe("ok");
  });

  it("with every table full, adding to the cart, ordering and registering fail whole, then work once there is room", async () => {
    const before = await snapshot();
    fillStorage(db);
    await expect(
      cart.add("guest:full", { productId: shirt.id, size: "S", colour: "Black", quantity: 1 }),
    ).rejects.toBeInstanceOf(StorageFullError);
    await expect(order()).rejects.toBeInstanceOf(StorageFullError);
    // Registration answers the message (the route makes it a 503), and leaves no account behind.
    expect(await accounts.register("new@hemline.test", "long enough", null, LINKS)).toEqual({
      success: false,
      error: STORAGE_FULL_MESSAGE,
    });
    expect(await snapshot()).toEqual(before);
    expect(await store.writable!()).toBe(false);
    expect(integrity()).toBe("ok");

    freeStorage(db);
    expect(
      await cart.add("guest:full", { productId: shirt.id, size: "S", colour: "Black", quantity: 1 }),
    ).toMatchObject({ ok: true });
    expect((await order()).kind).toBe("done");
    expect(await accounts.register("new@hemline.test", "long enough", null, LINKS)).toMatchObject({ success: true });
    const after = await snapshot();
    expect(after.accounts).toEqual([{ email: "new@hemline.test" }]);
    expect(after.orders).toEqual({ n: 1 });
    expect(await store.writable!()).toBe(true);
    expect(integrity()).toBe("ok");
  });

  it("an upload to a full uploads folder is refused with the message and leaves no file, then works", async () => {
    const root = path.join(temp.dir, "uploads");
    let full = true;
    const media = createLocalDiskMedia(root, { full: () => full });
    const file = new File([PNG], "cover.png", { type: "image/png" });
    expect(await saveBlogImage(media, file)).toEqual({ error: STORAGE_FULL_MESSAGE });
    // The half-written file was removed: nothing is left under uploads.
    expect(fs.readdirSync(path.join(root, "blog"))).toEqual([]);
    expect(await media.writable!()).toBe(false);

    full = false;
    expect(await media.writable!()).toBe(true);
    const saved = await saveBlogImage(media, file);
    if (!("url" in saved)) throw new Error(saved.error);
    expect(fs.readdirSync(path.join(root, "blog"))).toEqual([saved.url.split("/").pop()]);
    expect(fs.readdirSync(root).filter((f) => f.startsWith("."))).toEqual([]);
  });
});
