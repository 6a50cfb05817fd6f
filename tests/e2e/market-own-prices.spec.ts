import { expect, test } from "./fixtures";
import { registerOrSignIn } from "./support/accounts";
import { createProduct, uniqueWord } from "./support/admin-catalogue";
import { deleteMarket } from "./support/markets";
import { addToCart } from "./support/shop";

// A product's own price in a market (decision 0030), with JavaScript on and off: the owner makes a
// market of their own in pounds for a country no other spec sells to and the seeded Europe does not
// hold (js-on Iceland, js-off Liechtenstein, so the two projects never share one), creates a product,
// and sets its price there in the editor's "Prices in other markets"; a shopper who picks that
// market sees that price, not the converted one, on the product page and in the cart. A bad amount
// is refused on the editor with the market named. own-prices-js-* are in the test server's
// ADMIN_EMAILS. The market is deleted at the end; the product's stale own price is then ignored.

const word = () => Math.random().toString(36).slice(2, 7).toUpperCase();

test("the owner sets a product's own price in a market; a shopper there sees it on the product page and in the cart", async ({
  page,
  js,
}, testInfo) => {
  test.setTimeout(180_000);
  const country = js ? "Iceland" : "Liechtenstein";
  const marketName = `${country} ${word()}`;
  await registerOrSignIn(page, `own-prices-${testInfo.project.name}@hemline.test`);
  try {
    await page.goto("/admin/markets/new");
    await page.getByLabel("Market name").fill(marketName);
    await page.getByLabel("Currency", { exact: true }).selectOption("GBP");
    await page.getByLabel("Rate: one euro in the market's currency").fill("0.86");
    await page.getByRole("radio", { name: "Ending in .99" }).check();
    await page.getByRole("checkbox", { name: country, exact: true }).check();
    await page.getByRole("button", { name: "Save market" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Saved the market ${marketName}` })).toBeVisible();

    // A product of this test's own (€79.50: £68.99 converted at 0.86, ending in .99).
    const productName = `Own price jeans ${uniqueWord()}`;
    const productId = await createProduct(page, productName);
    const field = page.getByLabel(`${marketName} (GBP)`, { exact: true });
    await expect(field).toHaveValue("");
    await expect(field).toHaveAttribute("placeholder", "68.99");

    // A bad amount is refused on the editor, the market named, and nothing is saved.
    await field.fill("12.345");
    await page.getByRole("button", { name: "Save product", exact: true }).click();
    const refused = page.getByLabel(`${marketName} (GBP)`, { exact: true });
    await expect(refused).toHaveAccessibleDescription(
      new RegExp(`^Enter the price in ${marketName} \\(GBP\\) as an amount above zero`),
    );
    await expect(refused).toHaveValue("12.345");
    await page.goto(`/admin/products/${productId}/edit`);
    await expect(page.getByLabel(`${marketName} (GBP)`, { exact: true })).toHaveValue("");

    // Its own price there: £39.00.
    await page.getByLabel(`${marketName} (GBP)`, { exact: true }).fill("39");
    await page.getByRole("button", { name: "Save product", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "The product has been saved." })).toBeVisible();
    await expect(page.getByLabel(`${marketName} (GBP)`, { exact: true })).toHaveValue("39.00");

    // In euros the product is at its base price.
    await page.goto(`/products/${productId}`);
    await expect(page.locator("main [data-price]").first()).toHaveText("€79.50");

    // The shopper picks the market in the footer: the product page and the cart state £39.00.
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Market and currency").selectOption({ label: `${marketName} (GBP)` });
    await footer.getByRole("button", { name: "Change" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Prices are now shown in ${marketName}'s currency` }),
    ).toBeVisible();
    await expect(page.locator("main [data-price]").first()).toHaveText("£39.00");
    await addToCart(page, { productId, colour: "Indigo", size: "30" });
    await page.goto("/cart");
    await expect(page.getByTestId("subtotal")).toHaveText("£39.00");
  } finally {
    await deleteMarket(page, marketName);
  }
});
