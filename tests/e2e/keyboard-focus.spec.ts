import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { focusIndicatorOf } from "./support/focus-indicator";

// Keyboard users see where they are: a chosen size (a dark chip with white text) still shows a
// focus ring, which used to be drawn in the chip's text colour, white on the white page.

/** Press Tab until an input matching `selector` has the focus; that input (by its value). */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press("Tab");
    const value = await page.evaluate(
      (s) => (document.activeElement?.matches(s) ? (document.activeElement as HTMLInputElement).value : null),
      selector,
    );
    if (value !== null) return page.locator(`${selector}[value="${value}"]`);
  }
  throw new Error(`Tab never reached ${selector}`);
}

test("product page: the size radios show a focus ring of at least 3:1, chosen or not, next to sold-out sizes", async ({
  page,
}) => {
  // p0001: XXL is sold out in every colour (a disabled radio the keyboard skips).
  await page.goto("/products/p0001");
  await expect(page.getByRole("group", { name: "Size" }).getByRole("radio", { name: /^XXL\b/ })).toBeDisabled();

  const first = await tabTo(page, "input[name=size]");
  const unchosen = await focusIndicatorOf(first);
  expect(unchosen.indicator, "a size the keyboard is on").not.toBeNull();
  expect(unchosen.contrast).toBeGreaterThanOrEqual(3);

  // Space chooses it: the chip turns dark with white text, and keeps a ring the eye can find.
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await expect(first).toBeFocused();
  const chosen = await focusIndicatorOf(first);
  expect(chosen.indicator, "the chosen size").not.toBeNull();
  expect(chosen.contrast).toBeGreaterThanOrEqual(3);

  // An arrow key moves to (and chooses) the next size on sale, ring and all.
  await page.keyboard.press("ArrowRight");
  await expect(first).not.toBeChecked();
  const next = page.locator("input[name=size]:checked");
  await expect(next).toBeFocused();
  expect((await focusIndicatorOf(next)).contrast).toBeGreaterThanOrEqual(3);
});

test("listing: a chosen size filter shows a focus ring of at least 3:1", async ({ page }) => {
  await page.goto("/products?category=t-shirts&size=M");
  const chip = await tabTo(page, "input[name=size][value=M]");
  await expect(chip).toBeFocused();
  await expect(chip).toBeChecked();
  const ring = await focusIndicatorOf(chip);
  expect(ring.indicator).not.toBeNull();
  expect(ring.contrast).toBeGreaterThanOrEqual(3);
});
