import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn, uniqueEmail } from "./support/accounts";
import { deleteMarket, MARKETS_LOCK, setEurope } from "./support/markets";
import { addToCart, fillCard } from "./support/shop";
import { withShopLock } from "./support/shop-lock";

// Gift cards in other currencies, with JavaScript on and off: the owner takes the United Kingdom (or
// Switzerland) out of the seeded Europe market into a market of its own in GBP (or CHF) and issues a card
// in that currency; a shopper in that market sees the seeded gift card is not sold in it (its amounts are
// euros only), applies the card at checkout, orders to the UK (or Switzerland) in its currency, and the
// order page shows the card's part and the rest paid by card. Europe gets its country back at the end.
// taxes-by-zone.spec.ts orders in euros to these countries: both hold the markets lock (support/shop-lock).
// owner-js-on / -js-off@hemline.test are in the test server's ADMIN_EMAILS.

const word = () => Math.random().toString(36).slice(2, 7).toUpperCase();

// Hiking Boot, €184.90, over the free-delivery threshold everywhere: the total is the price. Tan: the
// markets-checkout spec buys it in Olive.
const BOOT = { productId: "p0079", colour: "Tan" };

interface Case {
  currency: "GBP" | "CHF";
  country: { code: string; name: string };
  rate: string;
  ending: string;
  /** The card's amount as typed, and how pages write it and the price and rest. */
  card: string;
  address: { street: string; postcode: string; city: string };
  text: { card: RegExp; price: RegExp; rest: RegExp; zero: RegExp };
}

const CASES: Case[] = [
  {
    // €184.90 × 0.86 = £159.01, ending .99: £159.99; a £20 card leaves £139.99.
    currency: "GBP",
    country: { code: "GB", name: "United Kingdom" },
    rate: "0.86",
    ending: "Ending in .99",
    card: "20",
    address: { street: "1 Baker Street", postcode: "NW1 6XE", city: "London" },
    text: { card: /^£20\.00$/, price: /^£159\.99$/, rest: /^£139\.99$/, zero: /^£0\.00$/ },
  },
  {
    // €184.90 × 0.94 = CHF 173.81, ending .95: CHF 173.95; a CHF 30 card leaves CHF 143.95.
    currency: "CHF",
    country: { code: "CH", name: "Switzerland" },
    rate: "0.94",
    ending: "Ending in .95",
    card: "30",
    address: { street: "Bahnhofstrasse 1", postcode: "8001", city: "Zürich" },
    text: { card: /^CHF\s30\.00$/, price: /^CHF\s173\.95$/, rest: /^CHF\s143\.95$/, zero: /^CHF\s0\.00$/ },
  },
];

async function shopper(browser: Browser, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js });
  return { context, page: await context.newPage() };
}

async function issueCard(page: Page, currency: string, amount: string): Promise<string> {
  await page.goto("/admin/gift-cards");
  await page.getByRole("combobox", { name: "Currency", exact: true }).selectOption(currency);
  await page.getByLabel("Amount", { exact: true }).fill(amount);
  await page.getByRole("button", { name: "Issue gift card" }).click();
  await expect(page.getByText(/A gift card of .+ was issued\./)).toBeVisible();
  const code = await page.getByTestId("shown-once").inputValue();
  expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  return code;
}

for (const c of CASES) {
  test(`a shopper in ${c.currency} pays part of an order to ${c.country.name} with a ${c.currency} gift card`, async ({
    page,
    browser,
    js,
  }, testInfo) => {
    // Includes waiting for the markets lock while another spec holds it.
    test.setTimeout(300_000);
    const market = `${c.country.name} ${word()}`;
    const size = js ? (c.currency === "GBP" ? "39" : "41") : c.currency === "GBP" ? "40" : "44";
    await registerOrSignIn(page, `owner-${testInfo.project.name}@hemline.test`);
    await withShopLock(MARKETS_LOCK, async () => {
      await setEurope(page, c.country.name, false);
      try {
        await page.goto("/admin/markets/new");
        await page.getByLabel("Market name").fill(market);
        await page.getByLabel("Currency", { exact: true }).selectOption(c.currency);
        await page.getByLabel("Rate: one euro in the market's currency").fill(c.rate);
        await page.getByRole("radio", { name: c.ending }).check();
        await page.getByRole("checkbox", { name: c.country.name, exact: true }).check();
        await page.getByRole("button", { name: "Save market" }).click();
        await expect(page.getByRole("status").filter({ hasText: `Saved the market ${market}` })).toBeVisible();

        const code = await issueCard(page, c.currency, c.card);
        const last4 = code.slice(-4);
        await expect(page.getByTestId(`balance-${last4}`)).toHaveText(c.text.card);

        const buyer = await shopper(browser, js);
        try {
          const shop = buyer.page;
          // The shopper chooses the market in the footer; the seeded gift card has euro amounts only.
          await shop.goto("/products/p0099");
          const footer = shop.getByRole("contentinfo");
          await footer.getByLabel("Market and currency").selectOption({ label: `${market} (${c.currency})` });
          await footer.getByRole("button", { name: "Change" }).click();
          await expect(shop.getByTestId("gift-card-not-sold")).toHaveText(
            `Gift cards are not sold in ${c.currency} yet.`,
          );
          await expect(shop.getByRole("button", { name: "Add to cart" })).toHaveCount(0);

          await addToCart(shop, { ...BOOT, size });
          await shop.goto("/checkout");
          await expect(shop.getByTestId("subtotal")).toHaveText(c.text.price);
          await shop.getByLabel("Gift card", { exact: true }).fill(code);
          await shop.getByRole("button", { name: "Apply gift card" }).click();
          await expect(
            shop.getByRole("status").filter({ hasText: `Gift card ending ${last4} applied.` }),
          ).toBeVisible();
          await expect(shop.getByTestId("gift-card-pays")).toHaveText(c.text.card);
          await expect(shop.getByTestId("rest-to-pay")).toHaveText(c.text.rest);

          await shop.getByLabel("E-mail", { exact: true }).fill(uniqueEmail(testInfo, `gift-${c.currency}`));
          await shop.getByLabel("Full name").fill("Ada Shopper");
          await shop.getByLabel("Street address").fill(c.address.street);
          await shop.getByLabel("Postcode").fill(c.address.postcode);
          await shop.getByLabel("Town or city").fill(c.address.city);
          await shop.getByLabel("Country").selectOption(c.country.code);
          await fillCard(shop, "4242 4242 4242 4242");
          await shop.getByRole("button", { name: "Place order and pay" }).click();
          await expect(shop.getByText("Thank you! Your order is confirmed.")).toBeVisible();

          // The order page: in the market's currency, the card's part and the rest paid by card.
          const url = new URL(shop.url());
          url.searchParams.delete("placed");
          await shop.goto(url.toString());
          await expect(shop.getByTestId("total")).toHaveText(c.text.price);
          await expect(shop.getByTestId("paid-by-gift-card")).toHaveText(c.text.card);
          await expect(shop.getByTestId("paid-by-card")).toHaveText(c.text.rest);
          await expect(shop.getByRole("main")).not.toContainText("€");
        } finally {
          await buyer.context.close();
        }

        // The back office: the card spent in full, in its currency.
        await page.goto("/admin/gift-cards");
        await expect(page.getByTestId(`balance-${last4}`)).toHaveText(c.text.zero);
      } finally {
        // Leave the shop as it was for the other specs: the market gone, the country back in Europe.
        await deleteMarket(page, market);
        await setEurope(page, c.country.name, true);
      }
    });
  });
}
