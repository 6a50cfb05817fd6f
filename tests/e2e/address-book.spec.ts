import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { register, uniqueEmail } from "./support/accounts";
import { addToCart, fillCard, fillCheckout } from "./support/shop";

// The address book on /profile, and checkout offering it, with JavaScript on and off.

async function addAddress(
  page: Page,
  a: { name: string; line1: string; city: string; postalCode: string },
  makeDefault = false,
) {
  await page.goto("/profile");
  await page.getByRole("link", { name: "Add an address" }).click();
  await page.getByLabel("Full name").fill(a.name);
  await page.getByLabel("Street address").fill(a.line1);
  await page.getByLabel("Postcode").fill(a.postalCode);
  await page.getByLabel("Town or city").fill(a.city);
  if (makeDefault) await page.getByLabel("Make this my default delivery address").check();
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your address has been saved." })).toBeVisible();
}

test("add, edit, make default and delete addresses on the profile", async ({ page }, testInfo) => {
  await register(page, uniqueEmail(testInfo, "addresses"));
  await page.goto("/profile");
  await expect(page.getByText("No saved addresses yet.")).toBeVisible();

  // A bad postcode is explained on the form, and nothing is saved.
  await page.getByRole("link", { name: "Add an address" }).click();
  await page.getByLabel("Full name").fill("Ada Shopper");
  await page.getByLabel("Street address").fill("12 Grafton Street");
  await page.getByLabel("Postcode").fill("D02 <X>");
  await page.getByLabel("Town or city").fill("Dublin");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Postcodes have letters, digits, spaces and hyphens only.")).toBeVisible();
  await page.getByLabel("Postcode").fill("d02 x285");
  await page.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your address has been saved." })).toBeVisible();

  const book = page.getByRole("region", { name: "Delivery addresses" });
  const dublin = book.getByRole("listitem", { name: "Ada Shopper, 12 Grafton Street, D02 X285 Dublin, Ireland" });
  await expect(dublin.getByText("Default delivery address")).toBeVisible();

  await addAddress(page, { name: "Ada Shopper", line1: "3 Patrick Street", city: "Cork", postalCode: "T12 AB34" });
  const cork = book.getByRole("listitem", { name: /3 Patrick Street/ });
  await expect(cork.getByText("Default delivery address")).toHaveCount(0);
  await cork.getByRole("button", { name: /Make default/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your default delivery address has been changed." }),
  ).toBeVisible();
  await expect(book.getByRole("listitem").first()).toHaveAccessibleName(/3 Patrick Street/);
  await expect(cork.getByText("Default delivery address")).toBeVisible();
  await expect(dublin.getByText("Default delivery address")).toHaveCount(0);

  await dublin.getByRole("link", { name: /Edit/ }).click();
  await expect(page.getByLabel("Street address")).toHaveValue("12 Grafton Street");
  await page.getByLabel("Street address").fill("14 Grafton Street");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your address has been updated." })).toBeVisible();
  await expect(book.getByRole("listitem", { name: /14 Grafton Street/ })).toBeVisible();

  // Deleting the default passes it on to the address left.
  await cork.getByRole("button", { name: /Delete/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "The address has been deleted." })).toBeVisible();
  await expect(book.getByRole("listitem")).toHaveCount(1);
  await expect(
    book.getByRole("listitem", { name: /14 Grafton Street/ }).getByText("Default delivery address"),
  ).toBeVisible();

  // Someone else's (or an unknown) address is not found.
  expect((await page.goto("/profile/addresses/not-an-address"))?.status()).toBe(404);
});

test("checkout offers saved addresses, and a new one can be saved for next time", async ({ page, js }, testInfo) => {
  test.setTimeout(60_000);
  await register(page, uniqueEmail(testInfo, "checkout-book"));
  await addAddress(page, { name: "Ada Shopper", line1: "3 Patrick Street", city: "Cork", postalCode: "T12 AB34" });

  // The saved default is chosen already; the new-address fields are left empty.
  await addToCart(page, { productId: js ? "p0045" : "p0046", colour: js ? "Navy" : "Blush", size: "M" });
  await page.goto("/checkout");
  const deliverTo = page.getByRole("group", { name: "Deliver to" });
  await expect(deliverTo.getByRole("radio", { name: /3 Patrick Street/ })).toBeChecked();
  if (js) await expect(page.getByLabel("Street address")).toBeHidden();
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByText("3 Patrick Street")).toBeVisible();

  // A new address, saved from checkout, is in the book afterwards.
  await addToCart(page, { productId: js ? "p0045" : "p0046", colour: js ? "Navy" : "Blush", size: "L" });
  await page.goto("/checkout");
  await deliverTo.getByRole("radio", { name: "A new address (below)" }).check();
  await fillCheckout(page, { card: "4242 4242 4242 4242" });
  await page.getByLabel("Save this address to my address book").check();
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expect(page.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  await expect(page.getByText("12 Grafton Street")).toBeVisible();
  await page.goto("/profile");
  await expect(
    page.getByRole("region", { name: "Delivery addresses" }).getByRole("listitem", { name: /12 Grafton Street/ }),
  ).toBeVisible();
});
