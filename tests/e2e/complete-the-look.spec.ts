import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn, uniqueEmail } from "./support/accounts";
import { createProduct, uniqueWord } from "./support/admin-catalogue";
import { addToCart, fillCheckout } from "./support/shop";

// Complete the look, with JavaScript on and off: products bought together in paid orders first,
// then the same category and colour family; never a sold-out product; one suggestion in the cart.

const look = (page: Page) => page.getByRole("region", { name: "Complete the look" });

test("a product page suggests products to complete the look from the seeded shop", async ({ page }) => {
  await page.goto("/products/p0003");
  const cards = look(page).getByRole("article");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(1);
  expect(await cards.count()).toBeLessThanOrEqual(4);
  // Each card names a product with its price and links to it, never to this product.
  const links = look(page).getByRole("link");
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))) {
    expect(href).toMatch(/^\/products\//);
    expect(href).not.toMatch(/^\/products\/p0003\b/);
  }
  await expect(cards.first()).toContainText("€");
});

test("after orders of A with B are paid, B comes first on A's page and in A's cart; a sold-out partner is never suggested", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await registerOrSignIn(page, `catalogue-admin-${testInfo.project.name}@hemline.test`);
  const word = uniqueWord();
  const a = await createProduct(page, `Look A ${word}`);
  const b = await createProduct(page, `Look B ${word}`);
  // C has one unit: the first order sells it out, so it is bought with A but can no longer be suggested.
  const c = await createProduct(page, `Look C ${word}`, { stock: { "30": 0, "32": 1 } });

  const shopper = await browser.newContext({ javaScriptEnabled: js });
  const shop = await shopper.newPage();
  const buy = async (ids: string[]) => {
    for (const productId of ids) await addToCart(shop, { productId, colour: "Indigo", size: "32" });
    await shop.goto("/checkout");
    await fillCheckout(shop, { email: uniqueEmail(testInfo, "look"), card: "4242 4242 4242 4242" });
    await shop.getByRole("button", { name: "Place order and pay" }).click();
    await expect(shop.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  };
  await buy([a, b, c]);
  await buy([b, a]);

  // A networked catalogue follows stock within seconds: ask again until it has. B is the first card
  // of all (bought with A twice, more than any product of the seeded shop), and C is on none.
  await expect(async () => {
    await shop.goto(`/products/${a}`);
    await expect(look(shop).getByRole("article").first().getByRole("heading")).toHaveText(`Look B ${word}`);
    await expect(look(shop).getByRole("link", { name: new RegExp(`Look C ${word}`) })).toHaveCount(0);
  }).toPass({ timeout: 30_000 });

  // The cart: one suggestion line, the best for what is in it, not already there.
  await addToCart(shop, { productId: a, colour: "Indigo", size: "30" });
  await shop.goto("/cart");
  await expect(look(shop).getByRole("article")).toHaveCount(1);
  await expect(look(shop).getByRole("article").getByRole("heading")).toHaveText(`Look B ${word}`);
  await expect(
    look(shop)
      .getByRole("link", { name: new RegExp(`Look B ${word}`) })
      .first(),
  ).toBeVisible();
  await look(shop)
    .getByRole("link", { name: new RegExp(`Look B ${word}`) })
    .first()
    .click();
  await expect(shop.getByRole("heading", { level: 1 })).toHaveText(`Look B ${word}`);
  await shopper.close();
});
