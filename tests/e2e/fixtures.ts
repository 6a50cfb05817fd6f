import crypto from "node:crypto";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

export { expect };

/**
 * A client address of its own for each test (and project), as a proxy would report it: the test
 * servers run with TRUST_PROXY=1, so rate limits per client address (sign-in, registration,
 * declined cards) count each test's attempts apart, as they would count real shoppers'.
 */
function clientAddressOf(testInfo: TestInfo): string {
  const hash = crypto
    .createHash("sha256")
    .update(`${testInfo.project.name} ${testInfo.testId} ${testInfo.retry} ${testInfo.repeatEachIndex}`)
    .digest();
  return `10.${hash[0]}.${hash[1]}.${hash[2]}`;
}

/** Tests get `js`: whether this project runs with JavaScript, to submit forms the way a person would. */
export const test = base.extend<{ js: boolean }>({
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientAddressOf(testInfo) });
  },
});

/** After JS-enhanced navigation, wait for the page to settle; without JS the browser already did. */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
}
