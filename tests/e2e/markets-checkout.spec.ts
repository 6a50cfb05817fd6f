import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn, uniqueEmail } from "./support/accounts";
import { latestMailTo } from "./support/outbox";
import { deleteMarket, setEurope } from "./support/markets";
import { ADDRESS, addToCart, fillCard } from "./support/shop";

// Checkout in the delivery country's market, with JavaScript on and off. An owner sells to a
// country in pounds (js-on: Slovenia; js-off: Malta, so the two projects, running at once, never
// move the same country between markets, and no other spec checks out to either: a spec ordering
// to the United Kingdom, as taxes-by-zone does, would be told its prices changed while this runs;
// the UK in pounds is proved by tests/integration/checkout-in-market.test.ts). A shopper who chose that market checks out
// there and the checkout, order page and confirmation e-mail state pounds; a shopper shown euros
// who enters that country is refused before anything is placed, sees the notice and the figures
// in pounds, and then places the order in pounds. The country goes back into Europe at the end.
// The Firebase projects run it too (their specs match *checkout.spec.ts), against their own shop.

const word = () => Math.random().toString(36).slice(2, 7).toUpperCase();

// Hiking Boot, €184.90: at 0.86 ending .99 it is £159.99 (€184.90 × 0.86 = £159.01); over the
// free-delivery threshold, so the total is the price.
const BOOT = { productId: "p0079", colour: "Olive" };
const POUNDS = "£159.99";

async function fillAddress(page: Page, email: string, country: string) {
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Full name").fill(ADDRESS.name);
  await page.getByLabel("Street address").fill("1 Baker Street");
  await page.getByLabel("Postcode").fill("NW1 6XE");
  await page.getByLabel("Town or city").fill("London");
  await page.getByLabel("Country").selectOption(country);
  await fillCard(page, "4242 4242 4242 4242");
}

async function shopper(browser: Browser, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js });
  return { context, page: await context.newPage() };
}

test("orders delivered to a market's country are placed, paid, shown and mailed in its currency", async ({
  page,
  browser,
  js,
}, testInfo) => {
  test.setTimeout(240_000);
  const place = js ? { code: "SI", name: "Slovenia" } : { code: "MT", name: "Malta" };
  const market = `${place.name} pounds ${word()}`;
  const size = js ? "39" : "41";

  await registerOrSignIn(page, `markets-checkout-${testInfo.project.name}@hemline.test`);
  await setEurope(page, place.name, false);
  try {
    await page.goto("/admin/markets/new");
    await page.getByLabel("Market name").fill(market);
    await page.getByLabel("Currency", { exact: true }).selectOption("GBP");
    await page.getByLabel("Rate: one euro in the market's currency").fill("0.86");
    await page.getByRole("radio", { name: "Ending in .99" }).check();
    await page.getByRole("checkbox", { name: place.name, exact: true }).check();
    await page.getByRole("button", { name: "Save market" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Saved the market ${market}` })).toBeVisible();

    // A shopper who chose the market in the footer checks out to its country: pounds throughout.
    const chose = await shopper(browser, js);
    try {
      const buyer = chose.page;
      const email = uniqueEmail(testInfo, "pounds-buyer");
      await buyer.goto(`/products/${BOOT.productId}`);
      const footer = buyer.getByRole("contentinfo");
      await footer.getByLabel("Market and currency").selectOption({ label: `${market} (GBP)` });
      await footer.getByRole("button", { name: "Change" }).click();
      await expect(buyer.locator("main [data-price]").first()).toContainText(`Sale price ${POUNDS}`);
      await addToCart(buyer, { ...BOOT, size });
      await buyer.goto("/checkout");
      await expect(buyer.getByTestId("subtotal")).toHaveText(POUNDS);
      await fillAddress(buyer, email, place.code);
      await buyer.getByRole("button", { name: "Place order and pay" }).click();
      await expect(buyer.getByText("Thank you! Your order is confirmed.")).toBeVisible();
      await expect(buyer.getByTestId("total").first()).toHaveText(POUNDS);
      await expect(buyer.getByRole("main")).not.toContainText("€");
      const mail = await latestMailTo(email, testInfo);
      expect(mail).toMatch(/Subject: Your Hemline order HM-\w+ is confirmed/);
      expect(mail).toContain(`Total      ${POUNDS}`);
      expect(mail).not.toContain("€");

      // The owner sees the order in pounds and refunds part of it in pounds; the shopper is told in pounds.
      const orderId = /\/orders\/([^/?]+)/.exec(buyer.url())?.[1];
      expect(orderId).toBeTruthy();
      await page.goto(`/admin/orders/${orderId}`);
      await expect(page.getByRole("main")).toContainText(`Total ${POUNDS}`);
      const refunds = page.getByRole("region", { name: "Refunds" });
      await expect(refunds.getByText(`At most ${POUNDS}, what remains of what was paid.`)).toBeVisible();
      await refunds.getByLabel("Amount to refund (£)").fill("10.00");
      await refunds.getByLabel("Reason").fill("Goodwill");
      await refunds.getByRole("button", { name: "Refund", exact: true }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Refunded £10. The order is now partially refunded." }),
      ).toBeVisible();
      await expect(refunds.getByRole("listitem")).toContainText("£10.00");
      await expect(refunds.getByText("At most £149.99, what remains of what was paid.")).toBeVisible();
      await expect
        .poll(async () => (await latestMailTo(email, testInfo)).includes("We have refunded £10.00"))
        .toBe(true);
    } finally {
      await chose.context.close();
    }

    // A shopper shown euros who enters that country: refused with the notice, shown pounds, then placed.
    const euros = await shopper(browser, js);
    try {
      const buyer = euros.page;
      const email = uniqueEmail(testInfo, "euro-to-pounds");
      await addToCart(buyer, { ...BOOT, size });
      await buyer.goto("/checkout");
      await expect(buyer.getByTestId("subtotal")).toHaveText("€184.90");
      await fillAddress(buyer, email, place.code);
      await buyer.getByRole("button", { name: "Place order and pay" }).click();
      await expect(
        buyer.getByRole("alert").filter({
          hasText: `Orders delivered to ${place.name} are in GBP: the prices below are now in GBP.`,
        }),
      ).toBeVisible();
      await expect(buyer.getByTestId("subtotal")).toHaveText(POUNDS);
      await expect(buyer.getByTestId("total").last()).toHaveText(POUNDS);
      await expect(buyer.getByLabel("Country")).toHaveValue(place.code);
      await fillCard(buyer, "4242 4242 4242 4242");
      await buyer.getByRole("button", { name: "Place order and pay" }).click();
      await expect(buyer.getByText("Thank you! Your order is confirmed.")).toBeVisible();
      await expect(buyer.getByTestId("total").first()).toHaveText(POUNDS);
      expect(await latestMailTo(email, testInfo)).toContain(`Total      ${POUNDS}`);
      // The shopper's pages follow the delivery country's market from now on.
      await buyer.goto(`/products/${BOOT.productId}`);
      await expect(buyer.locator("main [data-price]").first()).toContainText(`Sale price ${POUNDS}`);
    } finally {
      await euros.context.close();
    }
  } finally {
    // Leave the shop as it was for the other specs: the market gone, the country back in Europe.
    await deleteMarket(page, market);
    await setEurope(page, place.name, true);
  }
});
