import { expect, test } from "./fixtures";
import { registerOrSignIn, uniqueEmail } from "./support/accounts";
import { latestMailTo } from "./support/outbox";
import { deliverOrder, placeOrder, shipOrder } from "./support/orders";
import { addToCart } from "./support/shop";

// The customer's e-mails as the back office moves an order on, and their previews at /admin/emails.

test("shipping and delivering an order e-mails the customer each time; admins preview every e-mail", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const shopper = await browser.newContext({ javaScriptEnabled: js });
  const shop = await shopper.newPage();
  const email = uniqueEmail(testInfo, "order-mails");
  await addToCart(shop, { productId: js ? "p0047" : "p0048", colour: js ? "Black" : "White", size: "M" });
  const { number, id: orderId } = await placeOrder(shop, { email });
  await shopper.close();

  await registerOrSignIn(page, `orders-admin-${testInfo.project.name}@hemline.test`);
  const tracking = await shipOrder(page, orderId);

  const shipped = await latestMailTo(email, testInfo);
  expect(shipped).toContain(`Subject: Your Hemline order ${number} is on its way`);
  expect(shipped).toContain(`Tracking number: ${tracking}`);
  expect(shipped).toContain(`https://parcelsapp.com/en/tracking/${tracking}`);
  expect(shipped).toMatch(/Content-Type: text\/html/);
  expect(shipped).toContain("care@hemline.test");

  await deliverOrder(page, orderId);
  await expect
    .poll(async () =>
      (await latestMailTo(email, testInfo)).includes(`Subject: Your Hemline order ${number} has been delivered`),
    )
    .toBe(true);

  await page.goto("/admin/emails");
  await expect(page.getByRole("heading", { level: 1, name: "Order e-mails" })).toBeVisible();
  await expect(page.getByTestId("email-subject")).toHaveText("Your Hemline order HM-SAMPLE00 is on its way");
  for (const [label, subject] of [
    ["Delivered", "has been delivered"],
    ["Cancelled", "has been cancelled"],
    ["Refunded", "has been refunded"],
    ["Partially refunded", "Part of your Hemline order"],
    ["Payment failed", "did not go through"],
  ]) {
    await page.getByRole("navigation", { name: "E-mails" }).getByRole("link", { name: label, exact: true }).click();
    await expect(page.getByTestId("email-subject")).toContainText(subject);
  }
  await expect(page.getByRole("region", { name: "Text part" })).toContainText("Pay again http");
  await expect(page.frameLocator("iframe").getByRole("link", { name: "Pay again" })).toBeVisible();
});
