import { expect, test } from "./fixtures";
import { registerOrSignIn, signOut, uniqueEmail } from "./support/accounts";
import { latestMailTo } from "./support/outbox";
import { MARKETS_LOCK } from "./support/markets";
import { ADDRESS, addToCart, fillCard } from "./support/shop";
import { withShopLock } from "./support/shop-lock";

// Taxes by zone end to end, with JavaScript on and off. The seeded shop delivers to Switzerland
// and Norway without VAT (import): a shopper there is shown the notice before paying, pays the
// same shop price with no VAT, and the invoice and e-mail say why. The UK zone collects UK VAT:
// an owner corrects its rate in the back office and the next UK order includes the new rate.
// Each project uses a country and variants of its own; both write the same UK rate, so they
// never disagree about it. shipping-admin-js-on / -js-off@hemline.test are in ADMIN_EMAILS.
// Both order in euros to countries of the seeded Europe market, which gift-card-currencies.spec.ts moves
// into markets of their own for a while: each test holds the markets lock (support/shop-lock), so it
// never orders while they are away; its budget includes waiting for the lock.

const NOTICE = "No VAT charged: export outside the EU; import VAT and duties are charged on delivery.";

test("a shopper delivering to Switzerland or Norway sees the notice, pays no VAT, and the invoice says why", async ({
  page,
  js,
}, testInfo) => {
  test.setTimeout(330_000);
  await withShopLock(MARKETS_LOCK, async () => {
    const country = js ? { code: "CH", name: "Switzerland" } : { code: "NO", name: "Norway" };
    const email = uniqueEmail(testInfo, "import-shopper");
    // Selvedge Slim Jeans, €114.95: over the free-delivery threshold, so the total is the shop price.
    await addToCart(page, { productId: "p0015", colour: "Indigo Wash", size: js ? "30" : "29" });
    await page.goto("/checkout");
    await expect(page.getByTestId("delivery-tax-notice")).toHaveCount(0);
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Full name").fill(ADDRESS.name);
    await page.getByLabel("Street address").fill("Bahnhofstrasse 1");
    await page.getByLabel("Postcode").fill("8001");
    await page.getByLabel("Town or city").fill("Zürich");
    await page.getByLabel("Country").selectOption(country.code);
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Place order and pay" }).click();

    // The form priced Ireland: nothing is placed; the page now shows why no VAT is charged there.
    await expect(
      page.getByRole("alert").filter({ hasText: `Delivery to ${country.name} is priced differently` }),
    ).toBeVisible();
    await expect(page.getByText(`Prices for delivery to ${country.name}.`)).toBeVisible();
    await expect(page.getByTestId("delivery-tax-notice")).toHaveText(NOTICE);
    await expect(page.getByTestId("total").last()).toHaveText("€114.95");

    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Place order and pay" }).click();
    await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
    await expect(page.getByTestId("total").first()).toHaveText("€114.95");
    await expect(page.getByTestId("tax-notice")).toHaveText(NOTICE);
    await expect(page.getByTestId("vat-breakdown")).toHaveCount(0);

    await page.getByRole("link", { name: /^Invoice INV-\d{4}-\d{6}$/ }).click();
    await expect(page.getByTestId("invoice-tax-rule")).toHaveText(NOTICE);
    await expect(page.getByTestId("invoice-vat")).toHaveText("€0.00");
    await expect(page.getByTestId("invoice-net")).toHaveText("€114.95");
    await expect(page.getByTestId("invoice-total")).toHaveText("€114.95");

    const mail = await latestMailTo(email, testInfo);
    expect(mail).toContain(NOTICE);
    expect(mail).not.toContain("VAT included at");
  });
});

test("an owner corrects the UK VAT rate; the next UK order includes the new rate", async ({ page, js }, testInfo) => {
  test.setTimeout(360_000);
  await withShopLock(MARKETS_LOCK, async () => {
    await registerOrSignIn(page, `shipping-admin-${testInfo.project.name}@hemline.test`);
    await page.goto("/admin/shipping/united-kingdom");
    await expect(page.getByLabel("Tax rule")).toHaveValue("uk-vat");
    await page.getByLabel("UK VAT rate (%)").fill("17.5");
    await page.getByRole("button", { name: "Save zone" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved the zone United Kingdom" })).toBeVisible();
    await page.goto("/admin/shipping/united-kingdom");
    await expect(page.getByLabel("UK VAT rate (%)")).toHaveValue("17.5");

    // A rate the form cannot read is refused with a message, and the saved one stays.
    await page.getByLabel("UK VAT rate (%)").fill("twenty");
    await page.getByRole("button", { name: "Save zone" }).click();
    await expect(page.getByRole("alert")).toContainText("UK VAT rate: a percentage like 20 or 17.5.");
    await page.goto("/admin/shipping/united-kingdom");
    await expect(page.getByLabel("UK VAT rate (%)")).toHaveValue("17.5");
    await signOut(page);

    // High-Rise Mom Jeans, €91.00 (about £77: under £135), delivered free: VAT at 17.5 % is €13.55.
    await addToCart(page, { productId: "p0017", colour: "Light Wash", size: js ? "28" : "27" });
    await page.goto("/checkout");
    await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail(testInfo, "uk-shopper"));
    await page.getByLabel("Full name").fill(ADDRESS.name);
    await page.getByLabel("Street address").fill("1 Baker Street");
    await page.getByLabel("Postcode").fill("NW1 6XE");
    await page.getByLabel("Town or city").fill("London");
    await page.getByLabel("Country").selectOption("GB");
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Place order and pay" }).click();
    // Another rule than Ireland's: the form asks again, with no import notice (VAT is included).
    await expect(
      page.getByRole("alert").filter({ hasText: "Delivery to United Kingdom is priced differently" }),
    ).toBeVisible();
    await expect(page.getByTestId("delivery-tax-notice")).toHaveCount(0);
    await fillCard(page, "4242 4242 4242 4242");
    await page.getByRole("button", { name: "Place order and pay" }).click();

    await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
    const vat = page.getByTestId("vat-breakdown");
    await expect(vat).toContainText("VAT included at 17.5% (UK)");
    await expect(page.getByTestId("vat-total")).toHaveText("€13.55");
    await page.getByRole("link", { name: /^Invoice INV-\d{4}-\d{6}$/ }).click();
    await expect(page.getByTestId("invoice-tax-rule")).toHaveText("Prices include VAT 17.5% (UK).");
    await expect(page.getByTestId("invoice-vat")).toHaveText("€13.55");
  });
});
