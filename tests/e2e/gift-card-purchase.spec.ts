import { expect, test } from "./fixtures";
import { registerOrSignIn, uniqueEmail } from "./support/accounts";
import { latestMailTo } from "./support/outbox";
import { addToCart, fillCard, fillCheckout } from "./support/shop";

// A shopper buys the seeded €50 gift card for someone, with JavaScript on and off: the product page asks
// for an amount (a bad recipient e-mail is refused there), checkout charges no delivery, the order page
// says where the card goes (never its code), the recipient's e-mail carries the code, and that code pays
// €50 of a second order.

test("a shopper buys a €50 gift card for a recipient, whose code then pays part of another order", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const recipient = uniqueEmail(testInfo, "recipient");
  await page.goto("/products/p0099");
  await expect(page.getByRole("heading", { level: 1, name: "Hemline gift card" })).toBeVisible();
  const amounts = page.getByRole("group", { name: "Choose an amount" });
  await expect(amounts.getByRole("radio")).toHaveCount(3);
  await amounts.getByRole("radio", { name: "€50" }).check({ force: true });
  await page.getByLabel("Recipient's name").fill("Ana");
  // The browser's own check would stop "ana@" with JS on and off alike: this one passes it, the server does not.
  await page.getByLabel("Recipient's e-mail").fill("ana@localhost");
  await page.getByLabel("Message").fill("Happy birthday, Ana! <3");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Enter the recipient's e-mail address, like name@example.com." }),
  ).toBeVisible();
  await expect(page.getByLabel("Recipient's name")).toHaveValue("Ana");
  await amounts.getByRole("radio", { name: "€50" }).check({ force: true });
  await page.getByLabel("Recipient's e-mail").fill(recipient);
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Added to your cart: Hemline gift card (€50)" }),
  ).toBeVisible();

  await page.goto("/checkout");
  await expect(page.getByText("By e-mail (gift cards: no delivery)")).toBeVisible();
  // Nothing is posted: the buyer's name and country, no postal address.
  await expect(page.getByRole("group", { name: "Billing details" })).toBeVisible();
  for (const postal of ["Street address", "Postcode", "Town or city"])
    await expect(page.getByLabel(postal, { exact: true })).toHaveCount(0);
  const buyer = uniqueEmail(testInfo, "buyer");
  await page.getByLabel("E-mail", { exact: true }).fill(buyer);
  await page.getByLabel("Full name").fill("Ada Shopper");
  await page.getByLabel("Country").selectOption("IE");
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByTestId("total")).toHaveText("€50.00");
  const orderId = new URL(page.url()).pathname.split("/")[2];
  // The order's delivery is its buyer and country, with no empty postal lines; the confirmation says nothing is posted.
  await expect(page.getByRole("region", { name: "Delivery" }).locator("address")).toHaveText(/^Ada Shopper\s*Ireland$/);
  const confirmation = await latestMailTo(buyer, testInfo);
  expect(confirmation).toContain("Nothing is posted: each gift card is sent by e-mail.");
  expect(confirmation).not.toContain("Delivering to:");
  await expect(page.getByTestId("gift-card-line")).toContainText(
    `Gift card of €50 · sent by e-mail to Ana (${recipient}) when the order is paid`,
  );

  const mail = await latestMailTo(recipient, testInfo);
  expect(mail).toContain("Ada Shopper sent you a Hemline gift card worth €50");
  expect(mail).toContain("Happy birthday, Ana! <3");
  const code = /Your code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/.exec(mail)?.[1];
  expect(code).toBeTruthy();
  // The shopper's order page never shows it.
  await expect(page.getByText(code!)).toHaveCount(0);

  // Jeans at €73.90 with €4.95 delivery: the card pays €50.00, the test card €28.85.
  await addToCart(page, {
    productId: "p0021",
    colour: "Indigo Wash",
    size: testInfo.project.name.endsWith("js-on") ? "31" : "28",
  });
  await page.goto("/checkout");
  await page.getByLabel("Gift card", { exact: true }).fill(code!);
  await page.getByRole("button", { name: "Apply gift card" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Gift card ending ${code!.slice(-4)} applied.` }),
  ).toBeVisible();
  await expect(page.getByTestId("gift-card-pays")).toHaveText("€50.00");
  await fillCheckout(page, { email: uniqueEmail(testInfo, "second"), card: "4242 4242 4242 4242" });
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByTestId("paid-by-gift-card")).toHaveText("€50.00");

  // The back office shows which card the order issued by its last 4 characters, now spent.
  await registerOrSignIn(page, `owner-${testInfo.project.name}@hemline.test`);
  await page.goto(`/admin/orders/${orderId}`);
  const issued = page.getByTestId("issued-gift-card");
  await expect(issued).toHaveCount(1);
  await expect(issued).toContainText(`…${code!.slice(-4)}`);
  await expect(issued).toContainText(recipient);
  await expect(issued.getByRole("cell").nth(2)).toHaveText("€0.00");
  await expect(page.getByText(code!)).toHaveCount(0);
});
