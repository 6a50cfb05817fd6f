import fs from "node:fs/promises";
import type { TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn } from "./support/accounts";
import { createProduct, uniqueWord } from "./support/admin-catalogue";

// The back-office catalogue, with JavaScript on and off: create a product with stock and an
// image and find it in the shop; a bad price is refused with the values kept; CSV export, then
// an import's dry run (nothing saved) and its apply. Each project signs in as its own admin
// (both are in the test server's ADMIN_EMAILS) and touches only products it created.

const adminFor = (testInfo: TestInfo) =>
  `catalogue-admin-${testInfo.project.name === "js-off" ? "js-off" : "js-on"}@hemline.test`;

test("a product created with stock and an image appears in the shop's listing and product page", async ({
  page,
  browser,
}, testInfo) => {
  const word = uniqueWord();
  const name = `${word} Straight Jeans`;
  await registerOrSignIn(page, adminFor(testInfo));
  const id = await createProduct(page, name, { image: true });

  // The edit page shows what was saved and who made the change.
  await expect(page.getByLabel("Stock: 30, Indigo")).toHaveValue("5");
  const history = page.getByRole("region", { name: "Change history" });
  await expect(history.getByText(`Created “${name}” (active)`)).toBeVisible();
  await expect(history.getByText(adminFor(testInfo))).toBeVisible();

  const shopper = await browser.newContext({ javaScriptEnabled: testInfo.project.name !== "js-off" });
  const shop = await shopper.newPage();
  await shop.goto(`/products?search=${word}`);
  const results = shop.getByRole("main");
  await expect(results.getByRole("link", { name })).toBeVisible();
  await results.getByRole("link", { name }).click();
  await expect(shop).toHaveURL(new RegExp(`/products/${id}$`));
  await expect(shop.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(shop.getByText("€79.50").first()).toBeVisible();
  const image = shop.getByRole("img", { name: `${name}, front view` }).first();
  await expect(image).toBeVisible();
  const src = await image.getAttribute("src");
  expect(src).toMatch(/^\/uploads\/products\/[a-f0-9]{32}-600\.webp$/);
  const served = await shop.request.get(src!);
  expect(served.headers()["content-type"]).toBe("image/webp");
  await shopper.close();
});

test("a bad price is refused on the form, with what was typed kept and nothing saved", async ({ page }, testInfo) => {
  const name = `${uniqueWord()} Refused Tee`;
  await registerOrSignIn(page, adminFor(testInfo));
  await page.goto("/admin/products/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("Should never be saved.");
  await page.getByLabel("Price (€)", { exact: true }).fill("12.345");
  await page.getByRole("button", { name: "Add colour" }).click();
  await page.getByLabel("Colour 1 name").fill("White");
  await page.getByLabel("Colour 1 hex").fill("#ffffff");
  await page.getByRole("button", { name: "Add size" }).click();
  await page.getByLabel("Size 1", { exact: true }).fill("M");
  const response = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/admin/products/new"),
  );
  await page.getByRole("button", { name: "Save product", exact: true }).click();
  expect((await response).status()).toBe(400);
  // Beside the field, and in the summary at the top, which links to it.
  const message = "Enter the price in euros: a number of at least 0 with at most 2 decimals, like 49.90.";
  await expect(page.locator("#price-error")).toHaveText(message);
  await expect(page.getByRole("alert").getByRole("link", { name: message })).toHaveAttribute("href", "#price-error");
  await expect(page.getByLabel("Price (€)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Price (€)", { exact: true })).toHaveValue("12.345");
  await expect(page.getByLabel("Colour 1 name")).toHaveValue("White");
  await expect(page.getByLabel("Stock: M, White")).toBeVisible();

  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByText("No product matches these filters.")).toBeVisible();
});

test("CSV export of the filtered list, then an import: dry run first, then apply", async ({ page }, testInfo) => {
  // Export, upload, dry run and a chunked apply: more time than one page.
  test.setTimeout(90_000);
  const word = uniqueWord();
  const name = `${word} Export Jeans`;
  await registerOrSignIn(page, adminFor(testInfo));
  const id = await createProduct(page, name);
  // The editor's one weight weighs every variant, and the export says so per line.
  await page.goto(`/admin/products/${id}/edit`);
  await page.getByLabel("Shipping weight (g)").fill("350");
  await page.getByRole("button", { name: "Save product", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The product has been saved." })).toBeVisible();
  await expect(page.getByLabel("Shipping weight (g)")).toHaveValue("350");

  await page.goto(`/admin/products?q=${word}`);
  await expect(page.getByRole("status").filter({ hasText: "1 product" })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  const csv = await fs.readFile((await download.path())!, "utf8");
  const lines = csv.trim().split("\n");
  expect(lines[0]).toBe(
    "product_id,slug,name,description,category,material,price,compare_at_price,status,featured,colour,colour_hex,size,sku,stock,weight_grams",
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`${id},`);
  expect(lines[1]).toContain(",79.50,");
  expect(lines.slice(1).every((l) => l.endsWith(",350"))).toBe(true);

  // Raise the price, and add a line with a bad price for a new product.
  const edited = [
    lines[0],
    ...lines.slice(1).map((l) => l.replace(",79.50,", ",84.00,")),
    `,${word.toLowerCase()}-bad,Bad,Nope.,jeans,,12.3.4,,active,false,Red,#ff0000,30,${word}-BAD-1,1`,
  ].join("\n");
  await page.goto("/admin/products/import");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(edited) });
  await page.getByRole("button", { name: "Check the file (dry run)" }).click();
  await expect(
    page.getByRole("status").filter({
      hasText: "Dry run: nothing has been saved. 0 to create, 1 to change, 0 unchanged, 1 rejected (1 of 3 lines).",
    }),
  ).toBeVisible();
  const lineTable = page.getByRole("table", { name: "What each line of the file would do" });
  await expect(lineTable.getByRole("row").filter({ hasText: `${word.toLowerCase()}-bad` })).toContainText("Rejected");
  await expect(lineTable.getByRole("row").filter({ hasText: `${word.toLowerCase()}-bad` })).toContainText("Bad price");

  // Nothing saved by the dry run.
  await page.goto(`/admin/products?q=${word}`);
  await expect(page.getByRole("table", { name: "Products" })).toContainText("€79.50");

  await page.goBack();
  await page.getByRole("button", { name: "Apply import (1 product)" }).click();
  await expect(
    page.getByRole("status").filter({
      hasText: "Import finished: 1 product written — 0 created, 1 changed, 0 unchanged, 1 rejected (not imported).",
    }),
  ).toBeVisible();
  await page.goto(`/admin/products?q=${word}`);
  await expect(page.getByRole("table", { name: "Products" })).toContainText("€84.00");
  await page.goto("/admin/audit?entityType=import");
  await expect(page.getByRole("table", { name: "Audit log entries, newest first" })).toContainText(
    "CSV import products.csv: 0 created, 1 changed, 0 unchanged, 1 rejected",
  );
});

test("colours and sizes are added, moved and removed with the form's buttons, keeping what was typed", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await registerOrSignIn(page, adminFor(testInfo));
  await page.goto("/admin/products/new");
  await page.getByLabel("Description", { exact: true }).fill("Kept across every button.");
  await page.getByLabel("Price (€)", { exact: true }).fill("-5");
  await page.getByRole("button", { name: "Add colour" }).click();
  await page.getByLabel("Colour 1 name").fill("Red");
  await page.getByLabel("Colour 1 hex").fill("#ff0000");
  await page.getByRole("button", { name: "Add colour" }).click();
  await page.getByLabel("Colour 2 name").fill("Blue");
  await page.getByLabel("Colour 2 hex").fill("#0000ff");
  await page.getByRole("button", { name: "Add size" }).click();
  await page.getByLabel("Size 1", { exact: true }).fill("S");
  await page.getByRole("button", { name: "Add size" }).click();
  await page.getByLabel("Size 2", { exact: true }).fill("M");
  await expect(page.getByLabel("Colour 2 name")).toHaveValue("Blue");
  await expect(page.getByLabel("Size 1", { exact: true })).toHaveValue("S");
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Kept across every button.");

  await page.getByRole("button", { name: "Move Blue up" }).click();
  await expect(page.getByLabel("Colour 1 name")).toHaveValue("Blue");
  await expect(page.getByLabel("Colour 2 name")).toHaveValue("Red");
  await page.getByRole("button", { name: "Remove Red" }).click();
  await expect(page.getByLabel("Colour 2 name")).toHaveCount(0);
  await expect(page.getByLabel("Colour 1 hex")).toHaveValue("#0000ff");
  await expect(page.getByLabel("Size 2", { exact: true })).toHaveValue("M");

  // No name and a negative price: refused with 400, in the summary and beside each field.
  const response = page.waitForResponse(
    (r) => r.request().method() === "POST" && r.url().includes("/admin/products/new"),
  );
  await page.getByRole("button", { name: "Save product", exact: true }).click();
  expect((await response).status()).toBe(400);
  const priceMessage = "Enter the price in euros: a number of at least 0 with at most 2 decimals, like 49.90.";
  await expect(page.locator("#name-error")).toHaveText("Enter the product's name.");
  await expect(page.locator("#price-error")).toHaveText(priceMessage);
  await expect(page.getByRole("alert").getByRole("link", { name: "Enter the product's name." })).toHaveAttribute(
    "href",
    "#name-error",
  );
  await expect(page.getByLabel("Colour 1 name")).toHaveValue("Blue");
  await expect(page.getByLabel("Size 2", { exact: true })).toHaveValue("M");
});
