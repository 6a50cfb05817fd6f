import { expect, test } from "./fixtures";
import { register, registerOrSignIn, signOut, uniqueEmail } from "./support/accounts";
import { addToCart, ADDRESS, fillCard } from "./support/shop";

// Shipping zones end to end, with JavaScript on and off: an admin adds a zone with a method and
// price bands (a country already in a zone is refused); the shipping page states the new prices;
// a shopper who changes the country at checkout is shown that country's methods and total before
// anything is placed, then pays the zone's price; a country in no zone is not offered, at checkout
// nor in the address book, which offers the new zone's country.
// shipping-admin-js-on / -js-off@hemline.test are in the test server's ADMIN_EMAILS. Each project
// uses a country and a product of its own, so the two runs never meet.

const word = () => Math.random().toString(36).slice(2, 7).toUpperCase();

test("admin adds a zone; the shipping page states it; a shopper there pays its price; a country in no zone is not offered", async ({
  page,
  js,
}, testInfo) => {
  test.setTimeout(120_000);
  const country = js ? { code: "CA", name: "Canada" } : { code: "JP", name: "Japan" };
  const colour = js ? "Cognac" : "Black";
  const zone = `Far ${country.name} ${word()}`;
  const method = `Courier ${word()}`;

  await registerOrSignIn(page, `shipping-admin-${testInfo.project.name}@hemline.test`);
  await page.goto("/admin/shipping");
  await page.getByRole("link", { name: "Add a zone" }).click();
  await page.getByLabel("Zone name").fill(zone);
  await page.getByRole("checkbox", { name: country.name, exact: true }).check();
  await page.getByLabel("New method's name").fill(method);
  await page.getByLabel("New method's delivery estimate").fill("5–8 working days");
  await page.getByLabel("New method band 1 from").fill("0");
  await page.getByLabel("New method band 1 price").fill("12.34");
  await page.getByLabel("New method band 2 from").fill("500");
  await page.getByLabel("New method band 2 price").fill("6");
  await page.getByRole("button", { name: "Save zone" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Saved the zone ${zone}` })).toBeVisible();
  await expect(page.getByRole("link", { name: zone })).toBeVisible();

  // A country already in a zone is refused, with the zone it is in, and nothing is written.
  await page.getByRole("link", { name: "Add a zone" }).click();
  await page.getByLabel("Zone name").fill(`Clash ${word()}`);
  await page.getByRole("checkbox", { name: `${country.name} (in ${zone})` }).check();
  await page.getByLabel("New method's name").fill("Post");
  await page.getByLabel("New method band 1 from").fill("0");
  await page.getByLabel("New method band 1 price").fill("3");
  await page.getByRole("button", { name: "Save zone" }).click();
  await expect(page.getByRole("alert")).toContainText(
    `${country.name} is already in the zone ${zone}: a country can be in one zone only.`,
  );
  await page.goto("/admin/shipping");
  await expect(page.getByRole("link", { name: /^Clash / })).toHaveCount(0);
  await signOut(page);

  // The shipping page states the zone's method, estimate and bands.
  await page.goto("/shipping");
  await expect(page.getByRole("heading", { name: zone })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: method });
  await expect(row).toContainText("5–8 working days");
  await expect(row).toContainText("€12.34 up to €499.99; €6 from €500");

  // A guest buys a €47.95 wallet for delivery to the new zone.
  await addToCart(page, { productId: "p0093", colour, size: "One size" });
  await page.goto("/checkout");
  const countrySelect = page.getByLabel("Country");
  await expect(countrySelect.locator(`option[value="${country.code}"]`)).toHaveText(country.name);
  // Australia is in no zone: it cannot be chosen.
  await expect(countrySelect.locator('option[value="AU"]')).toHaveCount(0);

  await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail(testInfo, "zone-shopper"));
  await page.getByLabel("Full name").fill(ADDRESS.name);
  await page.getByLabel("Street address").fill(ADDRESS.line1);
  await page.getByLabel("Postcode").fill("M5V 2T6");
  await page.getByLabel("Town or city").fill("Toronto");
  await countrySelect.selectOption(country.code);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Place order and pay" }).click();

  // The form priced Ireland: nothing is placed, and it now shows the new country's methods and total.
  await expect(
    page.getByRole("alert").filter({ hasText: `Delivery to ${country.name} is priced differently` }),
  ).toContainText("please check the delivery method and total");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  await expect(page.getByText(`Prices for delivery to ${country.name}.`)).toBeVisible();
  await expect(page.getByRole("radio", { name: new RegExp(method) })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Express delivery/ })).toHaveCount(0);
  await expect(page.getByTestId("shipping").last()).toHaveText("€12.34");
  await expect(page.getByTestId("total").last()).toHaveText("€60.29");

  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByText(`${method} (5–8 working days)`).first()).toBeVisible();
  await expect(page.getByTestId("shipping").first()).toHaveText("€12.34");
  await expect(page.getByTestId("total").first()).toHaveText("€60.29");

  // The address book offers the zones' countries, the new one included, and not a country in no zone.
  await register(page, uniqueEmail(testInfo, "zone-addresses"));
  await page.goto("/profile/addresses/new");
  const bookCountry = page.getByLabel("Country");
  await expect(bookCountry.locator('option[value="AU"]')).toHaveCount(0);
  await page.getByLabel("Full name").fill(ADDRESS.name);
  await page.getByLabel("Street address").fill(ADDRESS.line1);
  await page.getByLabel("Postcode").fill("M5V 2T6");
  await page.getByLabel("Town or city").fill("Toronto");
  await bookCountry.selectOption(country.code);
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your address has been saved." })).toBeVisible();
  await expect(page.getByText(`M5V 2T6 Toronto, ${country.name}`)).toBeVisible();
});
