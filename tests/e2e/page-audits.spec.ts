import { test } from "./fixtures";
import { audit } from "./support/page-audit";
import { STOREFRONT_TOURS } from "./support/page-tour";

// Every page a shopper reaches, with JavaScript on and off, and with the page cache on and off
// (what support/page-audit.ts checks). The back office has its own spec: admin-page-audits.spec.ts.
for (const { name, tour } of STOREFRONT_TOURS) {
  test(`the pages ${name} sees: axe, focus indicators, reflow, text spacing, reduced motion, SEO`, async ({
    page,
    browser,
  }, testInfo) => {
    await audit(page, browser, testInfo, tour);
  });
}
