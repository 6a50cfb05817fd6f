import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/config.server";

describe("parseConfig", () => {
  it("starts with zero configuration outside production", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      backend: "embedded",
      shopName: "Hemline",
      shopShortName: "hemline",
      adminEmails: [],
    });
    expect(config.dataDir.endsWith("data")).toBe(true);
  });

  it("refuses the test-hook switch in production, so no visitor can make the storage look full or kill the shop", () => {
    expect(parseConfig({ NODE_ENV: "test", HEMLINE_TEST_HOOKS: "storage-full" }).testHooks).toBe(true);
    expect(parseConfig({}).testHooks).toBe(false);
    const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) };
    for (const hooks of ["storage-full", "kill-at=after-order-placed", "webhook-sweep-seconds=0.2"]) {
      expect(() => parseConfig({ ...production, HEMLINE_TEST_HOOKS: hooks })).toThrow(ConfigError);
      expect(() => parseConfig({ ...production, HEMLINE_TEST_HOOKS: hooks })).toThrow(
        /\n {2}HEMLINE_TEST_HOOKS: is refused when NODE_ENV=production: test hooks let a visitor fill the storage or kill the shop/,
      );
    }
    expect(() => parseConfig(production)).not.toThrow();
  });

  it("names the variable that is wrong", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ SHOP_BACKEND: "mongo" })).toThrow(/SHOP_BACKEND/);
    expect(() => parseConfig({ ADMIN_EMAILS: "a@b.co, not-an-email" })).toThrow(
      // The variable's name, never zod's path into it ("ADMIN_EMAILS.1"), and the entry at fault.
      /\n {2}ADMIN_EMAILS: must be a comma-separated list of e-mail addresses \(not an address: "not-an-email"\)$/,
    );
    // The returns promise may be longer than the legal 14-day right of withdrawal, never shorter.
    expect(() => parseConfig({ RETURNS_WINDOW_DAYS: "13" })).toThrow(/RETURNS_WINDOW_DAYS/);
    expect(parseConfig({}).returnsWindowDays).toBe(30);
    expect(parseConfig({ RETURNS_WINDOW_DAYS: "45" }).returnsWindowDays).toBe(45);
    expect(() => parseConfig({ HEMLINE_TEST_HOOKS: "firestore-timeout-ms=5s" })).toThrow(
      /HEMLINE_TEST_HOOKS: firestore-timeout-ms must be a number from 1000 to 120000/,
    );
    expect(() => parseConfig({ HEMLINE_TEST_HOOKS: "firestore-timeout-ms=8000" })).not.toThrow();
  });

  it("backs up into DATA_DIR/backups every hour, keeping 48, unless told otherwise", () => {
    const config = parseConfig({ DATA_DIR: "/srv/shop" });
    expect(config.backup).toEqual({ dir: path.resolve("/srv/shop/backups"), everyMs: 60 * 60_000, keep: 48 });
    expect(parseConfig({ BACKUP_DIR: "/mnt/off-site", BACKUP_EVERY_MINUTES: "0", BACKUP_KEEP: "7" }).backup).toEqual({
      dir: "/mnt/off-site",
      everyMs: 0,
      keep: 7,
    });
    expect(parseConfig({ BACKUP_EVERY_MINUTES: "0.5" }).backup.everyMs).toBe(30_000);
    expect(() => parseConfig({ BACKUP_EVERY_MINUTES: "hourly" })).toThrow(
      /BACKUP_EVERY_MINUTES: must be a number of minutes/,
    );
    expect(() => parseConfig({ BACKUP_EVERY_MINUTES: "-5" })).toThrow(/BACKUP_EVERY_MINUTES/);
    expect(() => parseConfig({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: must keep at least 1 backup/);
    expect(() => parseConfig({ BACKUP_KEEP: "2.5" })).toThrow(/BACKUP_KEEP: must be a whole number/);
  });

  it("requires a session secret in production", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) }).sessionSecret).toBe("x".repeat(32));
  });

  it("trusts no proxy unless TRUST_PROXY says how many stand in front; PUBLIC_URL is an http(s) origin", () => {
    expect(parseConfig({}).trustProxy).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(0);
    expect(() => parseConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(parseConfig({ PUBLIC_URL: "https://shop.example.com/" }).publicUrl).toBe("https://shop.example.com");
    expect(() => parseConfig({ PUBLIC_URL: "ftp://shop.example.com" })).toThrow(/PUBLIC_URL/);
  });

  it("reads the crash points and the stand-in Stripe from the one switch only", () => {
    expect(parseConfig({}).crashHooks).toBeUndefined();
    expect(parseConfig({ HEMLINE_TEST_HOOKS: "kill-at=after-order-placed" }).crashHooks).toEqual({
      killAt: "after-order-placed",
      stripeApi: undefined,
    });
    expect(
      parseConfig({ HEMLINE_TEST_HOOKS: "stripe-api=http://127.0.0.1:12111, kill-at=webhook-received" }).crashHooks,
    ).toEqual({ killAt: "webhook-received", stripeApi: "http://127.0.0.1:12111" });
    expect(() => parseConfig({ HEMLINE_TEST_HOOKS: "kill-at=somewhere" })).toThrow(
      /HEMLINE_TEST_HOOKS: kill-at must be one of after-order-placed, /,
    );
    expect(() => parseConfig({ HEMLINE_TEST_HOOKS: "fast-clock" })).toThrow(
      /HEMLINE_TEST_HOOKS: fast-clock is not a test hook \(storage-full, kill-at, /,
    );
    // The variables the switch replaced are not read: a leftover one switches nothing on.
    const leftovers = {
      TEST_HOOKS: "on",
      HEMLINE_KILL_AT: "after-order-placed",
      HEMLINE_TEST_STRIPE_API: "http://127.0.0.1:12111",
    };
    expect(parseConfig(leftovers)).toMatchObject({ testHooks: false, crashHooks: undefined });
  });

  it("no longer reads the shop figures and timings that were variables: a removed one changes nothing", () => {
    const removed = {
      SHIPPING_STANDARD_CENTS: "111",
      SHIPPING_EXPRESS_CENTS: "2222",
      FREE_SHIPPING_FROM_CENTS: "12345",
      INVOICE_NUMBER_BLOCK: "50",
      FEED_READ_CHUNK_KB: "64",
      FIRESTORE_TIMEOUT_MS: "50",
    };
    expect(parseConfig(removed)).toEqual(parseConfig({}));
    // The seeded figures are those the shop always started with.
    expect(parseConfig({}).shipping).toEqual({ standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 });
    expect(parseConfig({}).invoice.numberBlock).toBe(1);
    expect(
      parseConfig({ SHOP_BACKEND: "firebase", GCLOUD_PROJECT: "p", FIREBASE_API_KEY: "k" }).invoice.numberBlock,
    ).toBe(20);
    // A test that needs other first-start prices says so through the switch.
    expect(parseConfig({ HEMLINE_TEST_HOOKS: "shipping-seed=111/2222/12345" }).shipping).toEqual({
      standardMinor: 111,
      expressMinor: 2222,
      freeFromMinor: 12345,
    });
    expect(() => parseConfig({ HEMLINE_TEST_HOOKS: "shipping-seed=1.5/2/3" })).toThrow(
      /HEMLINE_TEST_HOOKS: shipping-seed must be three whole numbers of cents/,
    );
  });

  it("normalises the admin list: trimmed and lower-cased", () => {
    expect(parseConfig({ ADMIN_EMAILS: " Owner@Shop.EXAMPLE ,b@c.io," }).adminEmails).toEqual([
      "owner@shop.example",
      "b@c.io",
    ]);
  });

  it("requires a project id for the Firebase backend", () => {
    expect(() => parseConfig({ SHOP_BACKEND: "firebase" })).toThrow(/FIREBASE_PROJECT_ID/);
    expect(() => parseConfig({ SHOP_BACKEND: "firebase", GCLOUD_PROJECT: "demo-hemline" })).toThrow(/FIREBASE_API_KEY/);
    const config = parseConfig({ SHOP_BACKEND: "firebase", GCLOUD_PROJECT: "demo-hemline", FIREBASE_API_KEY: "key" });
    expect(config.firebase).toMatchObject({ projectId: "demo-hemline", apiKey: "key" });
  });

  it("keeps media in the project's default bucket unless FIREBASE_STORAGE_BUCKET names another", () => {
    const firebase = { SHOP_BACKEND: "firebase", GCLOUD_PROJECT: "demo-hemline", FIREBASE_API_KEY: "key" };
    expect(parseConfig(firebase).firebase.storageBucket).toBe("demo-hemline.firebasestorage.app");
    expect(parseConfig({ ...firebase, FIREBASE_STORAGE_BUCKET: "old-shop.appspot.com" }).firebase.storageBucket).toBe(
      "old-shop.appspot.com",
    );
    expect(() => parseConfig({ ...firebase, FIREBASE_STORAGE_BUCKET: "gs://old-shop" })).toThrow(
      /FIREBASE_STORAGE_BUCKET/,
    );
    expect(() => parseConfig({ ...firebase, FIREBASE_STORAGE_EMULATOR_HOST: "http://127.0.0.1:9199" })).toThrow(
      /FIREBASE_STORAGE_EMULATOR_HOST/,
    );
  });
});

describe("analytics configuration", () => {
  it("is off unless a measurement id is set", () => {
    expect(parseConfig({}).analytics).toBeUndefined();
    expect(
      parseConfig({ FIREBASE_API_KEY: "key", FIREBASE_PROJECT_ID: "shop", FIREBASE_APP_ID: "1:2:web:3" }).analytics,
    ).toBeUndefined();
  });

  it("carries the public web configuration when a measurement id is set", () => {
    const config = parseConfig({
      FIREBASE_MEASUREMENT_ID: "G-ABC123XYZ",
      FIREBASE_APP_ID: "1:2:web:3",
      FIREBASE_API_KEY: "key",
      GCLOUD_PROJECT: "shop",
    });
    expect(config.analytics).toEqual({
      measurementId: "G-ABC123XYZ",
      appId: "1:2:web:3",
      apiKey: "key",
      projectId: "shop",
    });
  });

  it("names what analytics still needs, and refuses a malformed measurement id", () => {
    expect(() => parseConfig({ FIREBASE_MEASUREMENT_ID: "G-ABC123XYZ" })).toThrow(
      /FIREBASE_APP_ID[\s\S]*FIREBASE_API_KEY[\s\S]*FIREBASE_PROJECT_ID/,
    );
    expect(() =>
      parseConfig({
        FIREBASE_MEASUREMENT_ID: "UA-1234-1",
        FIREBASE_APP_ID: "a",
        FIREBASE_API_KEY: "k",
        FIREBASE_PROJECT_ID: "p",
      }),
    ).toThrow(/FIREBASE_MEASUREMENT_ID/);
  });
});
