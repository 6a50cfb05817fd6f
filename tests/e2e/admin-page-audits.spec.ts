import { test } from "./fixtures";
import { audit } from "./support/page-audit";
import { ADMIN_TOURS } from "./support/page-tour";

// Every back-office page, with JavaScript on and off (what support/page-audit.ts checks). Its pages
// are never kept by the page cache, so the cache-off projects leave this spec to js-on and js-off.
for (const { name, tour } of ADMIN_TOURS) {
  test(`the pages ${name} sees: axe, focus indicators, reflow, text spacing, reduced motion, SEO`, async ({
    page,
    browser,
  }, testInfo) => {
    await audit(page, browser, testInfo, tour);
  });
}
