import { expect, test } from "./fixtures";
import { registerOrSignIn } from "./support/accounts";
import { deleteMarket, setEurope } from "./support/markets";
import { addToCart } from "./support/shop";

// A shopper's market, with JavaScript on and off: an owner makes a market of their own (js-on takes
// Luxembourg out of the seeded Europe and sells there in GBP: orders are placed in the delivery
// country's market, so the countries other specs check out to, Ireland, the United Kingdom,
// Switzerland and Norway, stay where they are; js-off, so the two projects never edit Europe at once,
// adds Canada in USD), the shopper picks it in the footer and sees the listing, the product page and
// the cart in that currency, converted at the rate and ending in .99, and checkout states the same
// figures in that currency; a shopper who did not choose still sees euros. markets-shopper-js-* are
// in the test server's ADMIN_EMAILS. js-on puts Luxembourg back into Europe at the end.

const word = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/** Euro cents at 0.86 (or 1.08), rounded up to the next amount ending in .99, as the market prices it. */
function endingIn99(euroCents: number, rateHundredths: number): number {
  const exact = Math.ceil((euroCents * rateHundredths) / 100);
  const units = exact <= 99 ? 0 : Math.ceil((exact - 99) / 100);
  return units * 100 + 99;
}

const euroCentsOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 100);

test("a shopper picks a market in the footer and sees its currency on the listing, product page and cart", async ({
  page,
  browser,
  js,
}, testInfo) => {
  test.setTimeout(180_000);
  const setup = js
    ? { country: "Luxembourg", currency: "GBP", rate: "0.86", hundredths: 86, symbol: "£", fromEurope: true }
    : { country: "Canada", currency: "USD", rate: "1.08", hundredths: 108, symbol: "$", fromEurope: false };
  const name = `${setup.country} ${word()}`;
  const product = js
    ? { productId: "p0045", colour: "Navy", size: "M" }
    : { productId: "p0046", colour: "Blush", size: "M" };

  // The product's euro price, as a shopper who has not chosen sees it.
  await page.goto(`/products/${product.productId}`);
  const euroText = (await page.locator("main [data-price]").first().textContent()) ?? "";
  expect(euroText).toMatch(/^€/);
  const expected = endingIn99(euroCentsOf(euroText), setup.hundredths);
  const shown = `${setup.symbol}${Math.floor(expected / 100)}.99`;

  // The owner makes the market.
  await registerOrSignIn(page, `markets-shopper-${testInfo.project.name}@hemline.test`);
  if (setup.fromEurope) await setEurope(page, setup.country, false);
  try {
    await page.goto("/admin/markets/new");
    await page.getByLabel("Market name").fill(name);
    await page.getByLabel("Currency", { exact: true }).selectOption(setup.currency);
    await page.getByLabel("Rate: one euro in the market's currency").fill(setup.rate);
    await page.getByRole("radio", { name: "Ending in .99" }).check();
    await page.getByRole("checkbox", { name: setup.country, exact: true }).check();
    await page.getByRole("button", { name: "Save market" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Saved the market ${name}` })).toBeVisible();

    // The shopper picks it in the footer, on the listing, and comes back to the listing in it.
    await page.goto("/products?category=dresses");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Market and currency").selectOption({ label: `${name} (${setup.currency})` });
    await footer.getByRole("button", { name: "Change" }).click();
    await expect(page).toHaveURL(/\/products\?category=dresses$/);
    await expect(
      page.getByRole("status").filter({ hasText: `Prices are now shown in ${name}'s currency` }),
    ).toBeVisible();
    const cards = page.getByRole("region", { name: "Products" }).locator("article [data-price]");
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.allTextContents()) expect(text.startsWith(setup.symbol), text).toBe(true);
    await expect(footer).toContainText(setup.symbol);

    // The price filter is in the market's currency: a band's link shows exactly the cards priced inside it.
    const priceFilter = page.getByRole("group", { name: `Price (${setup.symbol})` });
    const band = priceFilter.getByRole("link").first();
    const bandText = (await band.textContent()) ?? "";
    const [, low, high, count] = /^\D*(\d+)(?: – \D*(\d+)| and up) \((\d+)\)$/.exec(bandText.trim()) ?? [];
    expect(low, bandText).toBeDefined();
    await band.click();
    await expect(page).toHaveURL(new RegExp(`[?&]min=${low}(&|$)`));
    await expect(page.getByRole("spinbutton", { name: "Min" })).toHaveValue(low);
    const inBand = await cards.allTextContents();
    expect(inBand).toHaveLength(Math.min(Number(count), 24));
    for (const text of inBand) {
      const amount = Number(text.replace(/[^0-9.]/g, ""));
      expect(text.startsWith(setup.symbol), text).toBe(true);
      expect(amount, text).toBeGreaterThanOrEqual(Number(low));
      if (high) expect(amount, text).toBeLessThanOrEqual(Number(high));
    }

    // The product page and the cart, in the market's currency at its rate and ending.
    await page.goto(`/products/${product.productId}`);
    await expect(page.locator("main [data-price]").first()).toHaveText(shown);
    await addToCart(page, product);
    await page.goto("/cart");
    await expect(page.getByTestId("subtotal")).toHaveText(shown);
    // Checkout states the same figures: orders are taken in the market's currency.
    await page.goto("/checkout");
    await expect(page.getByTestId("subtotal")).toHaveText(shown);

    // Another shopper, who chose nothing, still sees euros on the same page (never a kept page in another currency).
    const other = await browser.newPage();
    try {
      await other.goto(`/products/${product.productId}`);
      await expect(other.locator("main [data-price]").first()).toHaveText(euroText);
    } finally {
      await other.close();
    }
  } finally {
    // Leave the shop as it was for the other specs: the market gone, the country back in Europe.
    await deleteMarket(page, name);
    if (setup.fromEurope) await setEurope(page, setup.country, true);
  }
});
