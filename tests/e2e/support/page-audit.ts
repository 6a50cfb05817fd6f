import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { expect, test } from "../fixtures";
import { controlsWithoutFocusIndicator } from "./focus-indicator";
import type { Stop, Tour } from "./page-tour";
import { motionProblems } from "./reduced-motion";
import { sidewaysProblem } from "./reflow";
import { seoProblems } from "./seo-audit";
import { textSpacingProblems } from "./text-spacing";

// Every page type, as its visitor gets it, with JavaScript on and off:
// - axe-core finds no violation of WCAG 2.0, 2.1 or 2.2 A or AA, nor of its best practices;
// - every control a keyboard reaches shows a focus indicator with at least 3:1 contrast;
// - what Lighthouse's SEO audits check holds: a title and a description everywhere, noindex (and no
//   sitemap entry) exactly on the pages that must not be indexed, crawlable links, image alt text;
// - on a phone (390 px wide) axe finds no violation either, and at 320 px (WCAG's reflow width) no
//   page scrolls sideways. The same tour and the same page, narrowed: no second tour to pay for;
// - with WCAG 1.4.12's text spacing, at 1280 and 390 px, no text is cut off and no link or button
//   is drawn over another;
// - with prefers-reduced-motion, nothing transitions, animates or scrolls smoothly.

// WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices (unique landmarks, one main, headings in order…).
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

const PHONE = { width: 390, height: 844 };
const REFLOW = { width: 320, height: 640 };

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
  await copy.route(
    (u) => u.href === url,
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await copy.goto(url);
  return copy;
}

/** axe's violations on the page as it is now, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  return axe.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map(
        (n) =>
          `${n.target.join(" ")}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, " ").slice(0, 160)}]` : ""}`,
      );
    return `${v.id} (${v.impact}) ${v.help}, ${v.nodes.length} element(s): ${nodes.join("; ")}`;
  });
}

/** Walks `tour`, checking every stop as the comment above says; fails softly with every problem found. */
export async function audit(page: Page, browser: Browser, testInfo: TestInfo, tour: Tour) {
  // Each page is checked at 1280, 390 and 320 px: the admin's long tour takes minutes on a loaded machine.
  test.setTimeout(600_000);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const { baseURL, userAgent, viewport, javaScriptEnabled } = testInfo.project.use;
  const copies =
    javaScriptEnabled === false
      ? await browser.newContext({ baseURL, userAgent, viewport, javaScriptEnabled: true })
      : null;
  const found: Record<"axe" | "phone" | "reflow" | "focus" | "seo" | "spacing" | "motion", string[]> = {
    axe: [],
    phone: [],
    reflow: [],
    focus: [],
    seo: [],
    spacing: [],
    motion: [],
  };
  await tour(page, testInfo, async (stop: Stop) => {
    const response = await page.goto(stop.path);
    expect(response?.status(), `${stop.name} (${stop.path})`).toBe(stop.status);
    const where = `${stop.name} (${stop.path})`;
    const seen = copies ? await staticCopy(page, copies) : page;
    const desktop = seen.viewportSize();
    for (const problem of await axeViolations(seen)) found.axe.push(`${where}: ${problem}`);
    for (const problem of await seoProblems(seen, stop.indexed, sitemap)) found.seo.push(`${where}: ${problem}`);
    for (const problem of await controlsWithoutFocusIndicator(seen)) found.focus.push(`${where}: ${problem}`);
    for (const problem of await textSpacingProblems(seen)) found.spacing.push(`${where}: ${problem}`);
    for (const problem of await motionProblems(seen)) found.motion.push(`${where}: ${problem}`);
    await seen.setViewportSize(PHONE);
    for (const problem of await axeViolations(seen)) found.phone.push(`${where}: ${problem}`);
    for (const problem of await textSpacingProblems(seen)) found.spacing.push(`${where} at 390px: ${problem}`);
    await seen.setViewportSize(REFLOW);
    const reflow = await sidewaysProblem(seen);
    if (reflow) found.reflow.push(`${where}: ${reflow}`);
    if (desktop) await seen.setViewportSize(desktop);
    if (seen !== page) await seen.close();
  });
  await copies?.close();
  expect.soft(found.axe, `axe violations (WCAG 2.2 A/AA, best practices):\n${found.axe.join("\n")}`).toEqual([]);
  expect.soft(found.phone, `axe violations at 390px wide:\n${found.phone.join("\n")}`).toEqual([]);
  expect.soft(found.reflow, `pages that scroll sideways at 320px wide:\n${found.reflow.join("\n")}`).toEqual([]);
  expect.soft(found.focus, `controls without a visible focus indicator:\n${found.focus.join("\n")}`).toEqual([]);
  expect.soft(found.seo, `SEO problems:\n${found.seo.join("\n")}`).toEqual([]);
  expect.soft(found.spacing, `lost with WCAG's text spacing:\n${found.spacing.join("\n")}`).toEqual([]);
  expect.soft(found.motion, `motion despite prefers-reduced-motion:\n${found.motion.join("\n")}`).toEqual([]);
}

/** One test per tour, each walking it with `audit`. */
export function auditTours(tours: ReadonlyArray<{ name: string; tour: Tour }>): void {
  for (const { name, tour } of tours) {
    test(`the pages ${name} sees: axe, focus indicators, reflow, text spacing, reduced motion, SEO`, async ({
      page,
      browser,
    }, testInfo) => {
      await audit(page, browser, testInfo, tour);
    });
  }
}
