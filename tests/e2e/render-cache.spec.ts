import type { TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn } from "./support/accounts";
import { createProduct, uniqueWord } from "./support/admin-catalogue";
import { addToCart, headerCount } from "./support/shop";

// Catalogue pages are rendered once and served again to every shopper whose page would be the same
// but for the form token (decision 0021). What a shopper sees must still be theirs: their own cart
// count and a form token that their own session accepts, and a price an admin changed at once.
// Each project signs in as its own admin (in the test server's ADMIN_EMAILS) and uses its own product.

const adminFor = (testInfo: TestInfo) =>
  `cache-admin-${testInfo.project.name === "js-off" ? "js-off" : "js-on"}@hemline.test`;

test("a page served again carries each shopper's own cart and form token, and shows a new price at once", async ({
  page,
  browser,
  js,
}, testInfo) => {
  const word = uniqueWord();
  const name = `${word} Kept Jeans`;
  await registerOrSignIn(page, adminFor(testInfo));
  const id = await createProduct(page, name);

  const contexts = await Promise.all([
    browser.newContext({ javaScriptEnabled: js }),
    browser.newContext({ javaScriptEnabled: js }),
  ]);
  const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
  // The same page for two shoppers with empty carts: the second gets what was rendered for the first.
  for (const shop of [first, second]) {
    await shop.goto(`/products/${id}`);
    await expect(shop.getByRole("heading", { level: 1, name })).toBeVisible();
    // The product's own price comes first; related products below may cost the same.
    await expect(shop.locator("[data-price]").first()).toHaveText("€79.50");
    expect(await headerCount(shop)).toBe(0);
  }
  const tokenOf = (shop: typeof first) => shop.locator('input[name="csrf"]').first().getAttribute("value");
  const [firstToken, secondToken] = [await tokenOf(first), await tokenOf(second)];
  expect(firstToken).toBeTruthy();
  expect(secondToken).not.toBe(firstToken);
  // Every form on the page carries the shopper's own token, none the other's.
  const tokens = await second
    .locator('input[name="csrf"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(tokens.length).toBeGreaterThan(1);
  expect(new Set(tokens)).toEqual(new Set([secondToken]));

  // The second shopper's token is accepted: the unit goes into their cart, not the first's.
  await addToCart(second, { productId: id, colour: "Indigo", size: "30" });
  expect(await headerCount(second)).toBe(1);
  await second.goto(`/products/${id}`);
  expect(await headerCount(second)).toBe(1);
  await first.goto(`/products/${id}`);
  expect(await headerCount(first)).toBe(0);

  // A new price shows on the next view of the product page and of the listing.
  await page.goto(`/admin/products/${id}/edit`);
  await page.getByLabel("Price (€)", { exact: true }).fill("59.00");
  await page.getByRole("button", { name: "Save product", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The product has been saved." })).toBeVisible();
  await first.goto(`/products/${id}`);
  await expect(first.locator("[data-price]").first()).toHaveText("€59.00");
  await first.goto(`/products?search=${word}`);
  const card = first
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: first.getByRole("link", { name }) });
  await expect(card.locator("[data-price]")).toHaveText("€59.00");
  await Promise.all(contexts.map((context) => context.close()));
});
