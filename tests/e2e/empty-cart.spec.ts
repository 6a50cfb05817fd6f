import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { register, uniqueEmail } from "./support/accounts";
import { addAvailable } from "./support/page-tour";
import { pressSave } from "./support/shop";

// An empty cart offers a way back: the shopper's saved products ("Your wishlist" when signed
// in, "Saved for later" for a guest) and, with JavaScript, the products recently viewed in this
// browser (kept in its storage, so a page without JavaScript cannot show them). Nothing when
// there is nothing to show.

async function productName(page: Page, id: string): Promise<string> {
  await page.goto(`/products/${id}`);
  return (await page.getByRole("heading", { level: 1 }).innerText()).trim();
}

test("a signed-in shopper who empties the cart sees the wishlist and the products recently viewed", async ({
  page,
  js,
}, testInfo) => {
  const [viewedId, savedId] = js ? ["p0071", "p0072"] : ["p0073", "p0074"];
  await register(page, uniqueEmail(testInfo, "empty-cart"));

  const viewedName = await productName(page, viewedId);
  const savedName = await productName(page, savedId);
  await pressSave(page, savedName);
  await expect(page.getByRole("button", { name: `Saved ${savedName}` })).toHaveAttribute("aria-pressed", "true");

  await addAvailable(page, viewedId);
  await page.goto("/cart");
  await expect(page.getByRole("region", { name: "Your wishlist" })).toHaveCount(0);
  await page.getByRole("button", { name: /^Remove / }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();

  const wishlist = page.getByRole("region", { name: "Your wishlist" });
  await expect(wishlist.getByRole("link", { name: savedName })).toBeVisible();
  await expect(wishlist.getByRole("link", { name: viewedName })).toHaveCount(0);

  const recent = page.getByRole("region", { name: "Recently viewed" });
  if (js) {
    await expect(recent.getByRole("link", { name: viewedName })).toBeVisible();
    await expect(recent.getByRole("link", { name: savedName })).toBeVisible();
  } else {
    await expect(page.getByRole("heading", { name: "Your wishlist" })).toBeVisible();
    await expect(recent).toHaveCount(0);
  }

  await wishlist.getByRole("link", { name: savedName }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${savedId}$`));
});

test("a guest's empty cart shows the items saved for later; with nothing saved or viewed it shows neither list", async ({
  page,
  js,
}) => {
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Saved for later" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Recently viewed" })).toHaveCount(0);

  const savedId = js ? "p0075" : "p0076";
  const savedName = await productName(page, savedId);
  await pressSave(page, savedName);
  await expect(page.getByRole("button", { name: `Saved ${savedName}` })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/cart");
  const saved = page.getByRole("region", { name: "Saved for later" });
  await expect(saved.getByRole("link", { name: savedName })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your wishlist" })).toHaveCount(0);
  if (js)
    await expect(
      page.getByRole("region", { name: "Recently viewed" }).getByRole("link", { name: savedName }),
    ).toBeVisible();
});
