import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { register, registerOrSignIn, uniqueEmail } from "./support/accounts";
import { stockInEditor } from "./support/admin-catalogue";
import { minorOf } from "./support/money";
import { placeOrder, shipAndDeliver } from "./support/orders";
import { latestMailTo } from "./support/outbox";
import { addToCart } from "./support/shop";

// A delivered order returned by the shopper: requested on the order page, approved, received
// with restock and refunded in the back office; the shopper sees each status and gets e-mails,
// the unit is back in stock and the shop's revenue is lower by what was refunded.

/** Bought by this spec only (one per project), so its stock moves only by what this test does. */
const ITEM = {
  "js-on": { productId: "p0055", colour: "Black", size: "M" },
  "js-off": { productId: "p0051", colour: "Sage", size: "M" },
};

/** The customer's spend in the back office: their sales net of refunds, by the reports' revenue rule. */
async function spendOf(page: Page, customerUrl: string): Promise<number> {
  await page.goto(customerUrl);
  const figure = page.locator("dl > div").filter({ has: page.getByText("Spend", { exact: true }) });
  // The note says what the figure is: partially refunded orders count, net of refunds.
  await expect(
    page.getByText(/^Spend is what was paid for .* and partially refunded orders, .*less what was refunded\.$/),
  ).toBeVisible();
  return minorOf(await figure.locator("dd").innerText());
}

test("a shopper returns a delivered item; the admin approves, receives and refunds it; stock and revenue follow", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const item = ITEM[js ? "js-on" : "js-off"];
  // A client address apart from other tests' for the registration rate limit, as reviews.spec.ts does.
  const shopper = await browser.newContext({
    javaScriptEnabled: js,
    extraHTTPHeaders: { "X-Forwarded-For": `10.78.${js ? 1 : 2}.${Math.floor(Math.random() * 250)}` },
  });
  const shop = await shopper.newPage();
  const email = uniqueEmail(testInfo, "returns");
  // An account of their own, so the back office's figures for this customer count this order only.
  await register(shop, email);
  await addToCart(shop, item);
  const order = await placeOrder(shop);
  // Not delivered yet: no return form.
  await expect(shop.getByRole("button", { name: "Start a return" })).toHaveCount(0);

  await registerOrSignIn(page, `orders-admin-${testInfo.project.name}@hemline.test`);
  await shipAndDeliver(page, order.id);
  const customerUrl = await page.getByRole("link", { name: "Customer account" }).getAttribute("href");

  await shop.goto(order.url);
  const returns = shop.getByRole("region", { name: "Returns" });
  await returns.getByLabel(/, up to 1$/).fill("1");
  await returns.getByLabel("Why are you returning them?").fill("Too small");
  await returns.getByRole("button", { name: "Start a return" }).click();
  const returnNumber = `R-${order.number}-1`;
  await expect(shop.getByRole("status").filter({ hasText: `Return ${returnNumber} started.` })).toBeVisible();
  await expect(shop.getByRole("region", { name: "Returns" })).toContainText(`${returnNumber}: Requested`);
  await expect
    .poll(async () => (await latestMailTo(email, testInfo)).includes(`Subject: Your Hemline return ${returnNumber}`))
    .toBe(true);

  await page.goto("/admin/returns");
  await page.getByRole("link", { name: order.number }).click();
  const adminReturns = page.getByRole("region", { name: "Returns" });
  await adminReturns.getByLabel("Message to the shopper").fill("Please send it back");
  await adminReturns.getByRole("button", { name: "Approve return" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Return ${returnNumber}: approved` })).toBeVisible();
  await adminReturns.getByLabel("Put back on sale").check();
  await adminReturns.getByRole("button", { name: "Mark received" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Return ${returnNumber}: received.` })).toBeVisible();

  // Receiving moves no stock and no money: the refund does both. Read both right before it.
  const stockBefore = await stockInEditor(page, item.productId, item.size, item.colour);
  const spendBefore = await spendOf(page, customerUrl!);
  await page.goto(`/admin/orders/${order.id}`);
  const refundButton = adminReturns.getByRole("button", { name: /^Refund €/ });
  const amount = (await refundButton.innerText()).replace("Refund ", "");
  const refunded = minorOf(amount);
  expect(refunded).toBeGreaterThan(0);
  await refundButton.click();
  await expect(page.getByRole("status").filter({ hasText: `Return ${returnNumber}: refunded.` })).toBeVisible();
  // The refund recorded is the amount the button showed, its unit back on sale.
  await expect(page.getByRole("region", { name: "Refunds" })).toContainText(amount);
  await expect(page.getByRole("region", { name: "Refunds" })).toContainText("(back on sale)");

  // The returned unit is on sale again.
  expect(await stockInEditor(page, item.productId, item.size, item.colour)).toBe(stockBefore + 1);
  // Revenue is net of refunds. The sales report (/admin/analytics/sales) adds up every test's
  // orders, placed and refunded concurrently on this shop, so its totals cannot be compared
  // exactly; the customer's spend follows the same revenue rule for this shopper's orders alone.
  expect(await spendOf(page, customerUrl!)).toBe(spendBefore - refunded);

  await shop.reload();
  await expect(shop.getByRole("region", { name: "Returns" })).toContainText(`${returnNumber}: Refunded`);
  await expect
    .poll(async () =>
      (await latestMailTo(email, testInfo)).includes(`Subject: Your Hemline return ${returnNumber} has been refunded`),
    )
    .toBe(true);
  await shopper.close();
});
