import type { Page } from "@playwright/test";
import { expect } from "../fixtures";
import { withShopLock } from "./shop-lock";

// Moving a country in or out of the seeded Europe market in the back office (the page must be signed in
// as an owner). The form saves Europe's whole country list, so concurrent saves from other specs would
// undo each other: each is made under the "markets" lock.

export const MARKETS_LOCK = "markets";

export async function setEurope(page: Page, country: string, inEurope: boolean): Promise<void> {
  await withShopLock(MARKETS_LOCK, async () => {
    await page.goto("/admin/markets");
    await page.getByRole("link", { name: "Europe", exact: true }).click();
    const box = page.getByRole("checkbox", { name: country, exact: true });
    if (inEurope) await box.check();
    else await box.uncheck();
    await page.getByRole("button", { name: "Save market" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved the market Europe" })).toBeVisible();
  });
}

/** Deletes the market named `name` in the back office if it is there (a spec leaving the shop as it found it). */
export async function deleteMarket(page: Page, name: string): Promise<void> {
  await page.goto("/admin/markets");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  if ((await row.count()) === 0) return;
  await row.getByRole("button", { name: `Delete the market ${name}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Deleted the market" })).toBeVisible();
}
