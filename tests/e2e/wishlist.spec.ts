import { expect, test } from "./fixtures";
import { register, registerOrSignIn, uniqueEmail } from "./support/accounts";
import { createProduct, uniqueWord } from "./support/admin-catalogue";
import { pressSave } from "./support/shop";

// Saved items ("Save" on cards and product pages, /wishlist), with JavaScript on and off.

test("a guest saves from a card and a product page, and the saved items join the account at registration", async ({
  page,
  js,
}, testInfo) => {
  await page.goto("/products?category=jeans");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3 }) })
    .first();
  const name = (await card.getByRole("heading", { level: 3 }).innerText()).trim();
  const save = card.getByRole("button", { name: `Save ${name}` });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  const listingUrl = page.url();
  // With JavaScript the button flips at once; the post must still reach the shop before the test
  // leaves the page (a full navigation would cancel it).
  const posted = js ? page.waitForResponse((r) => r.request().method() === "POST") : null;
  await save.click();
  await posted;
  // Without JavaScript the page comes back with a notice; with it the button flips in place.
  if (!js) await expect(page.getByRole("status").filter({ hasText: `Saved ${name}.` })).toBeVisible();
  await expect(card.getByRole("button", { name: `Saved ${name}` })).toHaveAttribute("aria-pressed", "true");
  expect(page.url()).toBe(listingUrl);

  await page.goto(`/products/${js ? "p0043" : "p0044"}`);
  const productName = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await pressSave(page, productName);
  await expect(page.getByRole("button", { name: `Saved ${productName}` })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Saved" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Saved items" })).toBeVisible();
  await expect(page.getByText("Saved in this browser.")).toBeVisible();
  const list = page.getByRole("main").getByRole("list").last();
  await expect(list.getByRole("listitem")).toHaveCount(2);

  // At registration the guest's saved items become the account's.
  await register(page, uniqueEmail(testInfo, "wishlist"));
  await page.goto("/wishlist");
  await expect(page.getByText("Saved in this browser.")).toHaveCount(0);
  await expect(page.getByRole("listitem", { name })).toBeVisible();
  await expect(page.getByRole("listitem", { name: productName })).toBeVisible();

  // Un-saving from the product page and removing from the list.
  await page.goto(`/products/${js ? "p0043" : "p0044"}`);
  await page.getByRole("button", { name: `Saved ${productName}` }).click();
  await expect(page.getByRole("button", { name: `Save ${productName}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await page.goto("/wishlist");
  await page
    .getByRole("listitem", { name })
    .getByRole("button", { name: `Remove ${name}` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: `Removed ${name} from your saved items.` })).toBeVisible();
  await expect(page.getByText("Nothing saved yet.")).toBeVisible();
});

test("saved items show a price drop and sold out after the shop changes them", async ({
  page,
  js,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  await registerOrSignIn(page, `catalogue-admin-${testInfo.project.name}@hemline.test`);
  const name = `Wishlist Jeans ${uniqueWord()}`;
  const id = await createProduct(page, name);

  const shopper = await browser.newContext({ javaScriptEnabled: js });
  const shop = await shopper.newPage();
  await register(shop, uniqueEmail(testInfo, "price-drop"));
  await shop.goto(`/products/${id}`);
  await pressSave(shop, name);
  await expect(shop.getByRole("button", { name: `Saved ${name}` })).toBeVisible();

  await page.goto(`/admin/products/${id}/edit`);
  await page.getByLabel("Price (€)", { exact: true }).fill("59.00");
  await page.getByLabel("Stock: 30, Indigo").fill("0");
  await page.getByLabel("Stock: 32, Indigo").fill("0");
  await page.getByRole("button", { name: "Save product", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The product has been saved." })).toBeVisible();

  await shop.goto("/wishlist");
  const entry = shop.getByRole("listitem", { name });
  await expect(entry.getByText("Price drop: €79.50 when you saved it.")).toBeVisible();
  await expect(entry.getByText("€59.00")).toBeVisible();
  await expect(entry.getByText("Sold out")).toBeVisible();
  await shopper.close();
});
