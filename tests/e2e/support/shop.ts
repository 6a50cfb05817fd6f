import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** On a product page: choose colour and size as a shopper would, set the quantity and add to cart. */
export async function addToCart(
  page: Page,
  options: { productId: string; colour: string; size: string; quantity?: number },
) {
  // A colour is chosen by its link, which leads to the page with ?colour=.
  await page.goto(`/products/${options.productId}?colour=${encodeURIComponent(options.colour)}`);
  await expect(
    page.getByRole("group", { name: /Colour/ }).getByRole("link", { name: options.colour, exact: true }),
  ).toHaveAttribute("aria-current", "true");
  await page
    .getByRole("group", { name: /Size/ })
    .getByRole("radio", { name: new RegExp(`^${options.size}\\b`) })
    .check({ force: true });
  if (options.quantity) await page.getByLabel("Quantity").fill(String(options.quantity));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to your cart" })).toBeVisible();
}

export function cartLine(page: Page, name: string, colour: string, size: string) {
  return page.getByRole("listitem", { name: `${name}, ${colour}, size ${size}` });
}

export const ADDRESS = { name: "Ada Shopper", line1: "12 Grafton Street", city: "Dublin", postalCode: "D02 X285" };

/** Fill the checkout form: contact, address, delivery, and the card when the test processor is active. */
export async function fillCheckout(page: Page, options: { email?: string; card?: string; express?: boolean }) {
  if (options.email !== undefined) await page.getByLabel("E-mail", { exact: true }).fill(options.email);
  await page.getByLabel("Full name").fill(ADDRESS.name);
  await page.getByLabel("Street address").fill(ADDRESS.line1);
  await page.getByLabel("Postcode").fill(ADDRESS.postalCode);
  await page.getByLabel("Town or city").fill(ADDRESS.city);
  await page.getByLabel("Country").selectOption("IE");
  if (options.express) await page.getByLabel(/Express delivery/).check();
  if (options.card) await fillCard(page, options.card);
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code (CVC)").fill("123");
}

/** The number of items the header says the cart holds. */
export async function headerCount(page: Page): Promise<number> {
  const text = await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: /Cart/ }).innerText();
  return Number(/\((\d+)\)/.exec(text)?.[1] ?? NaN);
}

/**
 * Press a "Save" button and wait until the shop has the post. With JavaScript the button flips at
 * once, before the post arrives; a test that then leaves the page by a full navigation would cancel it.
 */
export async function pressSave(page: Page, name: string): Promise<void> {
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: `Save ${name}`, exact: true }).click();
  await posted;
}
