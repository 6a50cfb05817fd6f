import { expect, test } from "./fixtures";
import { registerOrSignIn, uniqueEmail } from "./support/accounts";
import { formAmount, minorOf } from "./support/money";
import { placeOrder } from "./support/orders";
import { addToCart } from "./support/shop";

// The back office's refund form on an order: part of a line with an amount and a reason (the
// order becomes partially refunded and the Refunds section lists it), an amount beyond what is
// left refused with the form's message and nothing written, then the rest (refunded).

/** Bought by this spec only (one per project): two units, so one line can be refunded in part. */
const ITEM = {
  "js-on": { productId: "p0053", colour: "Charcoal", size: "XS", quantity: 2 },
  "js-off": { productId: "p0054", colour: "Stone", size: "S", quantity: 2 },
};

test("an admin refunds part of a paid order, is refused more than is left, then refunds the rest", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const item = ITEM[js ? "js-on" : "js-off"];
  const shopper = await browser.newContext({ javaScriptEnabled: js });
  const shop = await shopper.newPage();
  await addToCart(shop, item);
  const order = await placeOrder(shop, { email: uniqueEmail(testInfo, "refunds") });
  await shopper.close();

  await registerOrSignIn(page, `orders-admin-${testInfo.project.name}@hemline.test`);
  await page.goto(`/admin/orders/${order.id}`);
  const summary = page
    .locator("p")
    .filter({ hasText: /Placed / })
    .first();
  const refunds = page.getByRole("region", { name: "Refunds" });
  const quantity = refunds.getByRole("spinbutton", { name: /^Quantity of .* refunded, at most \d+$/ });
  const remaining = async () =>
    minorOf(await refunds.getByText(/^At most €[\d,.]+, what remains of what was paid\.$/).innerText());
  const posted = () => page.waitForResponse((r) => r.request().method() === "POST");
  await expect(summary).toContainText("Paid");
  await expect(refunds).toContainText("Nothing has been refunded.");
  await expect(quantity).toHaveAccessibleName(/, at most 2$/);
  const total = await remaining();

  // Part of the line: one of its two units, an amount and a reason.
  await refunds.getByLabel("Amount to refund (€)").fill("12.50");
  await refunds.getByLabel("Reason").fill("Scuffed on arrival");
  await quantity.fill("1");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Refunded €12.50. The order is now partially refunded." }),
  ).toBeVisible();
  await expect(summary).toContainText("Partially refunded");
  const listed = refunds.getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("€12.50");
  await expect(listed).toContainText("Scuffed on arrival");
  await expect(listed).toContainText(/· 1 × \S+/);
  const left = await remaining();
  expect(left).toBe(total - 1250);
  await expect(quantity).toHaveAccessibleName(/, at most 1$/);

  // More than is left: the form says so, with a 4xx, and keeps what was typed.
  await refunds.getByLabel("Amount to refund (€)").fill(formAmount(left + 1));
  await refunds.getByLabel("Reason").fill("Too much");
  const refused = posted();
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  expect((await refused).status()).toBe(400);
  await expect(refunds.getByRole("alert")).toHaveText(
    `The amount is more than what remains to refund (€${formAmount(left)}).`,
  );
  await expect(refunds.getByLabel("Amount to refund (€)")).toHaveValue(formAmount(left + 1));
  await expect(refunds.getByLabel("Reason")).toHaveValue("Too much");
  // Nothing was written: the same order, read afresh.
  await page.goto(`/admin/orders/${order.id}`);
  await expect(summary).toContainText("Partially refunded");
  await expect(listed).toHaveCount(1);
  expect(await remaining()).toBe(left);

  // The rest, with the other unit: the order is refunded and nothing is left to refund.
  await refunds.getByLabel("Amount to refund (€)").fill(formAmount(left));
  await refunds.getByLabel("Reason").fill("Customer cancelled");
  await quantity.fill("1");
  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: /^Refunded €[\d,.]+\. The order is now refunded\.$/ }),
  ).toBeVisible();
  await expect(summary).toContainText("Refunded");
  await expect(summary).not.toContainText("Partially");
  await expect(listed).toHaveCount(2);
  await expect(listed.nth(1)).toContainText(`€${formAmount(left)}`);
  await expect(listed.nth(1)).toContainText("Customer cancelled");
  await expect(refunds.getByLabel("Amount to refund (€)")).toHaveCount(0);
});
