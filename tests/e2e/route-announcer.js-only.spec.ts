import { expect, test } from "./fixtures";

// With JavaScript, moving to another page loads no document, so a screen reader would hear
// nothing: the new page's title is announced from a polite live region and the focus moves to
// its main heading. A new query on the same page (a filter ticked) keeps the focus where it is.

test("moving to another page announces its title and puts the focus on its heading", async ({ page }) => {
  await page.goto("/");
  const announcer = page.locator('[aria-live="polite"][data-route-announcer]');
  await expect(announcer).toHaveText("");

  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Jeans" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Jeans/);
  await expect(announcer).toHaveText(await page.title());
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();

  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeFocused();
  await expect(announcer).toHaveText(/^Sign in/);
});

test("a filter ticked on a listing keeps the keyboard on the filter", async ({ page }) => {
  await page.goto("/products?category=t-shirts");
  const chip = page.getByRole("form", { name: "Filters" }).getByRole("checkbox", { name: /^M\b/ });
  await chip.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/size=M/);
  await expect(chip).toBeFocused();
});
