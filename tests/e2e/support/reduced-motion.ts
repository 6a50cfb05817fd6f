import type { Page } from "@playwright/test";

// prefers-reduced-motion: with it set, nothing on the page moves by itself: no transition or
// animation that lasts (a millisecond is as good as none) and no smooth scrolling.

/** Elements that would still move for a visitor who asked for reduced motion, described for a report. */
export async function motionProblems(page: Page): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  try {
    return await page.evaluate(() => {
      const seconds = (list: string) => Math.max(...list.split(",").map((d) => parseFloat(d) || 0));
      const found: string[] = [];
      for (const el of [document.documentElement, ...document.querySelectorAll("body, body *")]) {
        for (const pseudo of [null, "::before", "::after"]) {
          const s = getComputedStyle(el, pseudo);
          const name = `<${el.tagName.toLowerCase()}${pseudo ?? ""} class="${(el.getAttribute("class") ?? "").slice(0, 60)}">`;
          if (s.transitionProperty !== "none" && seconds(s.transitionDuration) > 0.001)
            found.push(`${name}: transition ${s.transitionProperty} ${s.transitionDuration}`);
          if (s.animationName !== "none" && seconds(s.animationDuration) > 0.001)
            found.push(`${name}: animation ${s.animationName} ${s.animationDuration}`);
          if (s.scrollBehavior === "smooth") found.push(`${name}: scroll-behavior smooth`);
        }
      }
      return found;
    });
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}
