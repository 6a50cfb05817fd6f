import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect } from "../fixtures";

// The back office's product editor, driven as an admin would (JavaScript on or off): create a
// product with stock and an image. Sign in first as an admin of the test server's ADMIN_EMAILS
// (registerOrSignIn in ./accounts).

/** A word no seeded product has, so a storefront search finds only this test's product. */
export const uniqueWord = () => `Quokka${Math.random().toString(36).slice(2, 8)}`;

export async function createProduct(
  page: Page,
  name: string,
  options: { image?: boolean; stock?: { "30": number; "32": number } } = {},
) {
  const stock = options.stock ?? { "30": 5, "32": 2 };
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "New product" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("Straight jeans in rigid indigo denim.");
  await page.getByLabel("Category").selectOption("jeans");
  await page.getByLabel("Price (€)", { exact: true }).fill("79.50");
  await page.getByLabel("Status").selectOption("active");

  // Colours and sizes are added with conform's insert buttons: without JavaScript the server
  // re-renders the form with the new row, keeping what was typed.
  await page.getByRole("button", { name: "Add colour" }).click();
  await page.getByLabel("Colour 1 name").fill("Indigo");
  await page.getByLabel("Colour 1 hex").fill("#223355");
  await page.getByRole("button", { name: "Add size" }).click();
  await page.getByLabel("Size 1", { exact: true }).fill("30");
  await page.getByRole("button", { name: "Add size" }).click();
  await expect(page.getByLabel("Colour 1 name")).toHaveValue("Indigo");
  await expect(page.getByLabel("Size 1", { exact: true })).toHaveValue("30");
  await page.getByLabel("Size 2", { exact: true }).fill("32");
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  // Without JavaScript the grid's headings follow the names at the next submit: fill it by position.
  const grid = page.getByRole("table", { name: "Units in stock for each size and colour" }).getByRole("spinbutton");
  await grid.nth(0).fill(String(stock["30"]));
  await grid.nth(1).fill(String(stock["32"]));

  if (options.image) {
    const png = await sharp({ create: { width: 600, height: 750, channels: 3, background: "#3355aa" } })
      .png()
      .toBuffer();
    await page.getByLabel("Add images").setInputFiles({ name: "jeans.png", mimeType: "image/png", buffer: png });
    await page.getByLabel("Alt text of the new images (what they show)").fill(`${name}, front view`);
    await page.getByRole("button", { name: "Upload images" }).click();
    await expect(page.getByLabel("Image 1 alt text (what it shows)")).toHaveValue(`${name}, front view`);
    await expect(page.getByLabel("Stock: 30, Indigo")).toHaveValue(String(stock["30"]));
    await expect(page.getByLabel("Stock: 32, Indigo")).toHaveValue(String(stock["32"]));
  }

  await page.getByRole("button", { name: "Save product", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\/[A-Za-z0-9_-]+\/edit$/);
  await expect(page.getByRole("status").filter({ hasText: "The product has been created." })).toBeVisible();
  return page.url().match(/\/admin\/products\/([A-Za-z0-9_-]+)\/edit/)![1];
}

/** Units in stock of one size and colour, as the back office's product editor shows them. */
export async function stockInEditor(page: Page, productId: string, size: string, colour: string): Promise<number> {
  await page.goto(`/admin/products/${productId}/edit`);
  return Number(await page.getByLabel(`Stock: ${size}, ${colour}`, { exact: true }).inputValue());
}
