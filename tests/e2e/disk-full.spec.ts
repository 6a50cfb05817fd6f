import Database from "better-sqlite3";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { startShop, type ExtraShop } from "./support/extra-shop";
import { fillCheckout } from "./support/shop";

// A full disk on the embedded default. A shop of its own, with the storage-full test hook (so NODE_ENV=test, served
// by scripts/serve.mjs from the build) whose POST /test-hooks/storage-full makes SQLite answer
// SQLITE_FULL and the uploads folder ENOSPC. A shopper adding to the cart and placing an order, a
// visitor registering and an admin uploading a blog cover each read the message with a 503;
// /healthz says disk-full; once there is room again, all of it works without a restart, and the
// database passes its integrity check. JavaScript on and off.

test.describe.configure({ timeout: 180_000 });

const FULL = "The shop cannot save anything right now because its storage is full.";
// A 1×1 PNG.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function pageOn(browser: Browser, base: string, javaScriptEnabled: boolean): Promise<Page> {
  return (await browser.newContext({ baseURL: base, javaScriptEnabled })).newPage();
}

/** The answer to the form's POST, whatever JavaScript does with it (a document or a data request). */
const postAnswer = (page: Page) => page.waitForResponse((r) => r.request().method() === "POST");

async function addFirstProduct(page: Page) {
  await page.goto("/products");
  await page.locator('a[href^="/products/p0"]').first().click();
  await page
    .getByRole("group", { name: /Size/ })
    .getByRole("radio", { disabled: false })
    .first()
    .check({ force: true });
  const answer = postAnswer(page);
  await page.getByRole("button", { name: "Add to cart" }).click();
  return answer;
}

async function registerAs(page: Page, email: string) {
  await page.goto("/auth/register");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Repeat password").fill(PASSWORD);
  const answer = postAnswer(page);
  await page.getByRole("button", { name: "Create account" }).click();
  return answer;
}

async function uploadCover(page: Page) {
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title").fill(`Disk full ${Date.now().toString(36)}`);
  await page.getByLabel("Text (Markdown)").fill("With a picture.");
  await page.getByLabel("Upload an image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PIXEL });
  await page.getByLabel("Image description (alt text)").fill("A white pixel");
  const answer = postAnswer(page);
  await page.getByRole("button", { name: "Save post" }).click();
  return answer;
}

test("a full disk: each form says so with a 503, /healthz says disk-full, and all works again when space returns", async ({
  browser,
}, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const admin = uniqueEmail(testInfo, "disk-admin");
  let shop: ExtraShop | null = null;
  try {
    shop = await startShop(() => ({ ADMIN_EMAILS: admin }), { testHooks: ["storage-full"] });
    const base = `http://127.0.0.1:${shop.port}`;
    await expect(async () => expect((await fetch(`${base}/healthz`)).status).toBe(200)).toPass({ timeout: 120_000 });
    const setFull = async (full: "on" | "off") =>
      expect(
        (await fetch(`${base}/test-hooks/storage-full`, { method: "POST", body: new URLSearchParams({ full }) }))
          .status,
      ).toBe(204);

    const shopper = await pageOn(browser, base, js);
    const owner = await pageOn(browser, base, js);
    const visitor = await pageOn(browser, base, js);
    // Before: the admin has an account and the shopper one item in the cart.
    expect((await registerAs(owner, admin)).status()).toBeLessThan(400);
    expect((await addFirstProduct(shopper)).status()).toBeLessThan(400);

    await setFull("on");
    expect((await addFirstProduct(shopper)).status()).toBe(503);
    await expect(shopper.getByText(FULL)).toBeVisible();
    // A write has been refused: /healthz says why for as long as a probe write still is.
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable", problem: "disk-full" });

    await shopper.goto("/checkout");
    await fillCheckout(shopper, { email: "ada@hemline.test", card: "4242 4242 4242 4242" });
    const placing = postAnswer(shopper);
    await shopper.getByRole("button", { name: "Place order and pay" }).click();
    expect((await placing).status()).toBe(503);
    await expect(shopper.getByText(FULL)).toBeVisible();

    const visitorEmail = uniqueEmail(testInfo, "disk-visitor");
    expect((await registerAs(visitor, visitorEmail)).status()).toBe(503);
    await expect(visitor.getByText(FULL)).toBeVisible();

    expect((await uploadCover(owner)).status()).toBe(503);
    await expect(owner.getByText(FULL)).toBeVisible();

    // Space returns: no restart, and everything works.
    await setFull("off");
    const healthy = await fetch(`${base}/healthz`);
    expect(healthy.status).toBe(200);
    expect((await addFirstProduct(shopper)).status()).toBeLessThan(400);
    await expect(shopper.getByRole("status").filter({ hasText: "Added to your cart" })).toBeVisible();
    await shopper.goto("/checkout");
    await fillCheckout(shopper, { email: "ada@hemline.test", card: "4242 4242 4242 4242" });
    await shopper.getByRole("button", { name: "Place order and pay" }).click();
    await expect(shopper.getByText("Thank you! Your order is confirmed.")).toBeVisible();
    expect((await registerAs(visitor, visitorEmail)).status()).toBeLessThan(400);
    await uploadCover(owner);
    await expect(owner.getByRole("status")).toHaveText("The post has been saved.");
    expect(shop.exitCode()).toBeNull();

    const db = new Database(path.join(shop.dataDir, "hemline.sqlite"), { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      // The refused order left nothing behind: one order, the one placed after.
      expect(db.prepare("SELECT COUNT(*) AS n FROM orders WHERE email = 'ada@hemline.test'").get()).toEqual({ n: 1 });
    } finally {
      db.close();
    }
  } finally {
    await shop?.stop();
  }
});
