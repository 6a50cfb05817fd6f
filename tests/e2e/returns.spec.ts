import { expect, test } from "./fixtures";
import { registerOrSignIn, uniqueEmail } from "./support/accounts";
import { latestMailTo } from "./support/outbox";
import { addToCart, fillCheckout } from "./support/shop";

// A delivered order returned by the shopper: requested on the order page, approved, received
// with restock and refunded in the back office; the shopper sees each status and gets e-mails.

test("a shopper returns a delivered item; the admin approves, receives and refunds it", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const shopper = await browser.newContext({ javaScriptEnabled: js });
  const shop = await shopper.newPage();
  const email = uniqueEmail(testInfo, "returns");
  await addToCart(shop, { productId: js ? "p0047" : "p0048", colour: js ? "Black" : "White", size: "M" });
  await shop.goto("/checkout");
  await fillCheckout(shop, { email, card: "4242 4242 4242 4242" });
  await shop.getByRole("button", { name: "Place order and pay" }).click();
  await expect(shop.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  const number = (await shop.getByRole("heading", { level: 1 }).innerText()).replace("Order ", "");
  const orderUrl = shop.url().replace(/[?&]placed=1/, "");
  const orderId = new URL(orderUrl).pathname.split("/").pop()!;
  // Not delivered yet: no return form.
  await expect(shop.getByRole("button", { name: "Start a return" })).toHaveCount(0);

  await registerOrSignIn(page, `orders-admin-${testInfo.project.name}@hemline.test`);
  await page.goto(`/admin/orders/${orderId}`);
  const change = page.getByRole("region", { name: "Change status" });
  await change.getByLabel("New status").selectOption("shipped");
  await change.getByLabel("Tracking number").fill(`JD${Date.now()}`);
  await change.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The order is now shipped." })).toBeVisible();
  await change.getByLabel("New status").selectOption("delivered");
  await change.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The order is now delivered." })).toBeVisible();

  await shop.goto(orderUrl);
  const returns = shop.getByRole("region", { name: "Returns" });
  await returns.getByLabel(/, up to 1$/).fill("1");
  await returns.getByLabel("Why are you returning them?").fill("Too small");
  await returns.getByRole("button", { name: "Start a return" }).click();
  const returnNumber = `R-${number}-1`;
  await expect(shop.getByRole("status").filter({ hasText: `Return ${returnNumber} started.` })).toBeVisible();
  await expect(shop.getByRole("region", { name: "Returns" })).toContainText(`${returnNumber}: Requested`);
  await expect
    .poll(async () => (await latestMailTo(email, testInfo)).includes(`Subject: Your Hemline return ${returnNumber}`))
    .toBe(true);

  await page.goto("/admin/returns");
  await page.getByRole("link", { name: number }).click();
  const adminReturns = page.getByRole("region", { name: "Returns" });
  await adminReturns.getByLabel("Message to the shopper").fill("Please send it back");
  await adminReturns.getByRole("button", { name: "Approve return" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Return ${returnNumber}: approved` })).toBeVisible();
  await adminReturns.getByLabel("Put back on sale").check();
  await adminReturns.getByRole("button", { name: "Mark received" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Return ${returnNumber}: received.` })).toBeVisible();
  await adminReturns.getByRole("button", { name: /^Refund €/ }).click();
  await expect(page.getByRole("status").filter({ hasText: `Return ${returnNumber}: refunded.` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Refunds" })).toContainText("(back on sale)");

  await shop.reload();
  await expect(shop.getByRole("region", { name: "Returns" })).toContainText(`${returnNumber}: Refunded`);
  await expect
    .poll(async () =>
      (await latestMailTo(email, testInfo)).includes(`Subject: Your Hemline return ${returnNumber} has been refunded`),
    )
    .toBe(true);
  await shopper.close();
});
