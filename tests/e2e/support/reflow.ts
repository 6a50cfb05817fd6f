import type { Page } from "@playwright/test";

// WCAG's reflow: at 320 CSS px wide a page scrolls up and down only, never sideways.

/** How far the page scrolls sideways at its current width: 0 when it fits. */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - window.innerWidth;
  });
}

/** The outermost elements that stick out past the right edge, for a report. */
export async function overflowing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    // Not what scrolls inside a box of its own (a wide table in its scrolling box).
    const scrolled = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== "visible") return true;
      return false;
    };
    const wide = [...document.querySelectorAll("body *")].filter(
      (el) => el.getBoundingClientRect().right > width + 1 && !scrolled(el),
    );
    const outer = wide.filter((el) => !wide.includes(el.parentElement as Element));
    return outer
      .slice(0, 4)
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} class="${(el.getAttribute("class") ?? "").slice(0, 60)}">` +
          ` ${Math.round(el.getBoundingClientRect().right)}px`,
      )
      .join(", ");
  });
}

/** Expect no sideways scrolling, naming what sticks out when there is. */
export async function sidewaysProblem(page: Page): Promise<string | null> {
  const sideways = await sidewaysScroll(page);
  return sideways > 0 ? `${sideways}px too wide at ${page.viewportSize()?.width}px: ${await overflowing(page)}` : null;
}
