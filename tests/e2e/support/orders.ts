import type { Page } from "@playwright/test";
import { expect } from "../fixtures";
import { fillCheckout } from "./shop";

// An order from checkout to the shopper's door, for the specs that need a paid or delivered
// order: the shopper pays with the test card, an admin (signed in on their own page) ships and
// delivers it with the order page's "Change status" form.

export interface PlacedOrder {
  /** "HM-…", as people see it. */
  number: string;
  id: string;
  /** The order page the shopper reached (a signed link for a guest), without the "placed" flag. */
  url: string;
}

/** Check out the shopper's cart with the test card; `email` for a guest (a signed-in shopper's is filled in). */
export async function placeOrder(shop: Page, options: { email?: string } = {}): Promise<PlacedOrder> {
  await shop.goto("/checkout");
  await fillCheckout(shop, { email: options.email, card: "4242 4242 4242 4242" });
  await shop.getByRole("button", { name: "Place order and pay" }).click();
  await expect(shop.getByText("Thank you! Your order is confirmed.")).toBeVisible();
  const number = (await shop.getByRole("heading", { level: 1 }).innerText()).replace("Order ", "");
  const url = shop.url();
  return { number, id: new URL(url).pathname.split("/").pop()!, url };
}

async function changeStatus(page: Page, orderId: string, to: "shipped" | "delivered", tracking?: string) {
  if (new URL(page.url(), "http://x").pathname !== `/admin/orders/${orderId}`)
    await page.goto(`/admin/orders/${orderId}`);
  const change = page.getByRole("region", { name: "Change status" });
  await change.getByLabel("New status").selectOption(to);
  if (tracking) await change.getByLabel("Tracking number").fill(tracking);
  await change.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status").filter({ hasText: `The order is now ${to}.` })).toBeVisible();
}

/** Ship a paid order with a tracking number (a fresh one unless given); returns the tracking number. */
export async function shipOrder(page: Page, orderId: string, tracking = `JD${Date.now()}`): Promise<string> {
  await changeStatus(page, orderId, "shipped", tracking);
  return tracking;
}

/** Mark a shipped order delivered. */
export async function deliverOrder(page: Page, orderId: string): Promise<void> {
  await changeStatus(page, orderId, "delivered");
}

/** Ship, then deliver, a paid order: what a return or a review needs first. */
export async function shipAndDeliver(page: Page, orderId: string): Promise<void> {
  await shipOrder(page, orderId);
  await deliverOrder(page, orderId);
}
