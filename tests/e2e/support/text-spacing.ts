import type { Page } from "@playwright/test";

// WCAG 1.4.12 Text spacing: a reader may set line height to 1.5, paragraph spacing to 2em, letter
// spacing to 0.12em and word spacing to 0.16em (the bookmarklet's style, below) and lose nothing:
// no text cut off by a box that hides its overflow, no link or button drawn over another. What was
// already so without the spacing (a Save button drawn over its product's picture on purpose, an
// e-mail address shortened with an ellipsis and given in full by its title) is not the spacing's doing.

const SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** Runs in the page: what is clipped and which controls overlap, without and then with the spacing. */
function inspect(style: string): { before: string[]; after: string[] } {
  const all = [...document.querySelectorAll("body *")];
  const describe = (el: Element) => {
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> “${text || el.getAttribute("aria-label") || ""}”`;
  };
  // Visually hidden text (sr-only) is clipped to 1px on purpose.
  const seen = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  };
  const problems = (): string[] => {
    const found: string[] = [];
    for (const el of all) {
      const s = getComputedStyle(el);
      const hides = (v: string) => v === "hidden" || v === "clip";
      if (!hides(s.overflowX) && !hides(s.overflowY)) continue;
      if (!(el.textContent ?? "").trim() || !seen(el)) continue;
      const cut =
        (hides(s.overflowY) && el.scrollHeight > el.clientHeight + 1) ||
        (hides(s.overflowX) && el.scrollWidth > el.clientWidth + 1);
      if (cut) found.push(`clipped: ${describe(el)}`);
    }
    const controls = all.filter(
      (el) => el.matches("a[href], button, input:not([type=hidden]), select, textarea, summary") && seen(el),
    );
    const boxes = controls.map((el) => [...el.getClientRects()].filter((r) => r.width > 0 && r.height > 0));
    for (let i = 0; i < controls.length; i++)
      for (let j = i + 1; j < controls.length; j++) {
        if (controls[i].contains(controls[j]) || controls[j].contains(controls[i])) continue;
        const overlap = boxes[i].some((a) =>
          boxes[j].some(
            (b) =>
              Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
              Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1,
          ),
        );
        if (overlap) found.push(`overlapping: ${describe(controls[i])} and ${describe(controls[j])}`);
      }
    return found;
  };
  const before = problems();
  const sheet = document.createElement("style");
  sheet.textContent = style;
  document.head.append(sheet);
  const after = problems();
  sheet.remove();
  return { before, after };
}

/** What the reader's text spacing cuts off or draws over something else, described for a report. */
export async function textSpacingProblems(page: Page): Promise<string[]> {
  const { before, after } = await page.evaluate(inspect, SPACING);
  return after.filter((problem) => !before.includes(problem));
}
