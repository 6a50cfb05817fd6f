import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn, signOut, uniqueEmail } from "./support/accounts";
import { addToCart, fillCheckout } from "./support/shop";

// Gift cards end to end, with JavaScript on and off: the owner issues a €50 card (its code shown once),
// a shopper checks its balance, applies it at checkout (a wrong code gets its message), pays the rest of a
// €78.85 order with the test card, and the card's balance is then €0.00; the back office shows the ledger.
// owner-js-on / -js-off@hemline.test are in the test server's ADMIN_EMAILS.

async function checkBalance(page: Page, code: string) {
  await page.goto("/gift-cards");
  await page.getByLabel("Gift card code").fill(code);
  await page.getByRole("button", { name: "Check balance" }).click();
}

test("the owner issues a card; a shopper checks its balance and pays part of an order with it", async ({
  page,
  js,
}, testInfo) => {
  test.setTimeout(90_000);
  await registerOrSignIn(page, `owner-${testInfo.project.name}@hemline.test`);
  await page.goto("/admin/gift-cards");
  await expect(page.getByRole("heading", { level: 1, name: "Gift cards" })).toBeVisible();
  await page.getByLabel("Amount", { exact: true }).fill("50");
  await page.getByRole("button", { name: "Issue gift card" }).click();
  await expect(page.getByText("A gift card of €50.00 was issued.")).toBeVisible();
  const code = await page.getByTestId("shown-once").inputValue();
  expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
  const last4 = code.slice(-4);
  await expect(page.getByTestId(`balance-${last4}`)).toHaveText("€50.00");
  await signOut(page);

  // The balance page: a wrong code says only that, the right one (typed loosely) its balance.
  await checkBalance(page, "AAAA-CCCC-DDDD-EEEE");
  await expect(page.getByRole("alert").filter({ hasText: "No gift card has that code." })).toBeVisible();
  await checkBalance(page, code.toLowerCase().replaceAll("-", " "));
  await expect(
    page.getByRole("status").filter({ hasText: `Gift card ending ${last4}: €50.00 left to spend.` }),
  ).toBeVisible();

  // Jeans at €73.90 with €4.95 delivery: the card pays €50.00, the test card €28.85.
  await addToCart(page, { productId: "p0021", colour: "Indigo Wash", size: js ? "31" : "28" });
  await page.goto("/checkout");
  const giftCard = page.getByLabel("Gift card", { exact: true });
  await giftCard.fill("AAAA-CCCC-DDDD-EEEE");
  await page.getByRole("button", { name: "Apply gift card" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "No gift card has that code." })).toBeVisible();
  await page.getByLabel("Gift card", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Apply gift card" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Gift card ending ${last4} applied.` })).toBeVisible();
  await expect(page.getByTestId("gift-card-pays")).toHaveText("€50.00");
  await expect(page.getByTestId("rest-to-pay")).toHaveText("€28.85");
  await fillCheckout(page, { email: uniqueEmail(testInfo, "gift"), card: "4242 4242 4242 4242" });
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();

  // The order page and its invoice show the gift card as a payment beside the card's.
  const url = new URL(page.url());
  url.searchParams.delete("placed");
  await page.goto(url.toString());
  await expect(page.getByTestId("total")).toHaveText("€78.85");
  await expect(page.getByTestId("paid-by-gift-card")).toHaveText("€50.00");
  await expect(page.getByTestId("paid-by-card")).toHaveText("€28.85");
  await page.getByRole("link", { name: /^Invoice INV-\d{4}-\d{6}$/ }).click();
  await expect(page.getByTestId("invoice-total")).toHaveText("€78.85");
  await expect(page.getByTestId("invoice-paid-gift-card")).toHaveText("€50.00");
  await expect(page.getByTestId("invoice-paid-card")).toHaveText("€28.85");

  await checkBalance(page, code);
  await expect(
    page.getByRole("status").filter({ hasText: `Gift card ending ${last4}: €0.00 left to spend.` }),
  ).toBeVisible();

  // The back office: the card's ledger shows it issued and spent.
  await registerOrSignIn(page, `owner-${testInfo.project.name}@hemline.test`);
  await page.goto("/admin/gift-cards");
  await expect(page.getByTestId(`balance-${last4}`)).toHaveText("€0.00");
  await page.getByRole("link", { name: `Ledger of the card ending ${last4}` }).click();
  const ledger = page.getByRole("region", { name: "Ledger" });
  await expect(ledger.getByRole("row", { name: /Issued/ })).toContainText("€50.00");
  await expect(ledger.getByRole("row", { name: /Spent on an order/ })).toContainText("−€50.00");
});
