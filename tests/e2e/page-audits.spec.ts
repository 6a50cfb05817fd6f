import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { controlsWithoutFocusIndicator } from "./support/focus-indicator";
import { TOURS, type Stop, type Tour } from "./support/page-tour";
import { seoProblems } from "./support/seo-audit";

// Every page type, as its visitor gets it, with JavaScript on and off:
// - axe-core finds no violation of WCAG 2.1 A or AA, nor of its best practices;
// - every control a keyboard reaches shows a focus indicator with at least 3:1 contrast;
// - what Lighthouse's SEO audits check holds: a title and a description everywhere, noindex (and no
//   sitemap entry) exactly on the pages that must not be indexed, crawlable links, image alt text.

// WCAG 2.0 and 2.1, levels A and AA, and axe's best practices (unique landmarks, one main, headings in order…).
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe and the focus check run scripts in the page, and axe waits on timers, which never fire in a
 * page without JavaScript (switching it back on after the load does not bring them back). Without
 * JavaScript they get a copy instead: the DOM the browser built without JavaScript, served again at
 * the same address, without its scripts, to a page that may run scripts. Same styles, same DOM.
 */
async function staticCopy(page: Page, copies: BrowserContext): Promise<Page> {
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "");
  const copy = await copies.newPage();
  await copy.route((u) => u.href === url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
  await copy.goto(url);
  return copy;
}

async function audit(page: Page, browser: Browser, testInfo: TestInfo, tour: Tour) {
  test.setTimeout(240_000);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const { baseURL, userAgent, viewport, javaScriptEnabled } = testInfo.project.use;
  const copies = javaScriptEnabled === false ? await browser.newContext({ baseURL, userAgent, viewport, javaScriptEnabled: true }) : null;
  const found: Record<"axe" | "focus" | "seo", string[]> = { axe: [], focus: [], seo: [] };
  await tour(page, testInfo, async (stop: Stop) => {
    const response = await page.goto(stop.path);
    expect(response?.status(), `${stop.name} (${stop.path})`).toBe(stop.status);
    const where = `${stop.name} (${stop.path})`;
    const seen = copies ? await staticCopy(page, copies) : page;
    const axe = await new AxeBuilder({ page: seen }).withTags(AXE_TAGS).setLegacyMode().analyze();
    for (const v of axe.violations) {
      const nodes = v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, " ").slice(0, 160)}]` : ""}`);
      found.axe.push(`${where}: ${v.id} (${v.impact}) ${v.help}, ${v.nodes.length} element(s): ${nodes.join("; ")}`);
    }
    for (const problem of await seoProblems(seen, stop.indexed, sitemap)) found.seo.push(`${where}: ${problem}`);
    for (const problem of await controlsWithoutFocusIndicator(seen)) found.focus.push(`${where}: ${problem}`);
    if (seen !== page) await seen.close();
  });
  await copies?.close();
  expect.soft(found.axe, `axe violations (WCAG 2.1 A/AA, best practices):\n${found.axe.join("\n")}`).toEqual([]);
  expect.soft(found.focus, `controls without a visible focus indicator:\n${found.focus.join("\n")}`).toEqual([]);
  expect.soft(found.seo, `SEO problems:\n${found.seo.join("\n")}`).toEqual([]);
}

for (const { name, tour } of TOURS) {
  test(`the pages ${name} sees: axe, focus indicators, SEO`, async ({ page, browser }, testInfo) => {
    await audit(page, browser, testInfo, tour);
  });
}
