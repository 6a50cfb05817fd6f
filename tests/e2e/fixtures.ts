import { test as base, expect, type Page } from "@playwright/test";

export { expect };

/** Tests get `js`: whether this project runs with JavaScript, to submit forms the way a person would. */
export const test = base.extend<{ js: boolean }>({
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

/** After JS-enhanced navigation, wait for the page to settle; without JS the browser already did. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
}
