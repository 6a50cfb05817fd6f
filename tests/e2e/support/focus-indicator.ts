import type { Locator, Page } from "@playwright/test";

// Whether a control shows a visible focus indicator when it has keyboard focus: an outline or a
// box-shadow that it does not have without focus, whose colour has at least 3:1 contrast with what
// it is drawn on (WCAG 2.4.7 and 1.4.11). A control that is visually hidden (a radio or checkbox
// styled through the `peer` next to it) shows its focus on that next element.

export interface FocusIndicator {
  /** What was measured: "outline rgb(…) 2px" or "box-shadow rgb(…)", or null when nothing appeared. */
  indicator: string | null;
  /** Contrast of the indicator with the background it is drawn on. */
  contrast: number;
}

interface Inspection extends FocusIndicator {
  /** Null when a keyboard cannot reach the control (disabled, hidden, tabindex -1). */
  control: string | null;
  focusVisible: boolean;
}

/**
 * Runs in the page (one round trip for every control): focus each control in turn and measure
 * the indicator that appears. Self-contained, as Playwright sends its source to the page.
 */
function inspectAll(elements: Element[]): Inspection[] {
  function describe(el: Element): string | null {
    const html = el as HTMLElement & { disabled?: boolean };
    if (html.disabled || html.tabIndex < 0 || html.closest("[inert]")) return null;
    if (el.tagName === "SUMMARY" && el.parentElement?.querySelector(":scope > summary") !== el) return null;
    if (!html.checkVisibility({ visibilityProperty: true })) return null;
    const name = html.getAttribute("aria-label") ?? html.textContent?.trim().replace(/\s+/g, " ").slice(0, 40) ?? "";
    const attr = (a: string) => (html.getAttribute(a) ? ` ${a}=${html.getAttribute(a)}` : "");
    return `<${el.tagName.toLowerCase()}${html.id ? `#${html.id}` : ""}${attr("name")}${attr("value")}> “${name}”`;
  }

  function measure(element: Element): FocusIndicator & { focusVisible: boolean } {
    type Rgba = { r: number; g: number; b: number; a: number };
    const parse = (colour: string): Rgba | null => {
      const m = /rgba?\(([^)]+)\)/.exec(colour);
      if (!m) return null;
      const [r, g, b, a = 1] = m[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return { r, g, b, a };
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => ({
      r: top.r * top.a + bottom.r * (1 - top.a),
      g: top.g * top.a + bottom.g * (1 - top.a),
      b: top.b * top.a + bottom.b * (1 - top.a),
      a: 1,
    });
    const luminance = ({ r, g, b }: Rgba) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const contrast = (x: Rgba, y: Rgba) => {
      const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p);
      return (hi + 0.05) / (lo + 0.05);
    };
    /** The opaque colour behind `from`: its background over its ancestors' (white at the bottom). */
    const backgroundOf = (from: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let el = from; el; el = el.parentElement) {
        const bg = parse(getComputedStyle(el).backgroundColor);
        if (bg && bg.a > 0) layers.push(bg);
        if (bg && bg.a === 1) break;
      }
      return layers.reduceRight((below, layer) => over(layer, below), { r: 255, g: 255, b: 255, a: 1 } as Rgba);
    };
    const shadows = (value: string) =>
      [...value.matchAll(/(rgba?\([^)]*\))\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px(\s+inset)?/g)]
        .map((m) => ({
          text: m[0],
          colour: parse(m[1])!,
          blur: Number(m[4]),
          spread: Number(m[5]),
          inset: Boolean(m[6]),
        }))
        .filter((s) => s.colour.a > 0 && (s.spread > 0 || s.blur > 0));

    const html = element as HTMLElement;
    // Hidden even when focused: styled through the element next to it. (A skip link, hidden until
    // it has the focus, shows its own indicator.)
    html.focus({ preventScroll: true });
    const box = html.getBoundingClientRect();
    const hidden = (box.width <= 1 && box.height <= 1) || getComputedStyle(html).clip === "rect(0px, 0px, 0px, 0px)";
    const target = hidden ? (html.nextElementSibling ?? html.closest("label") ?? html) : html;

    html.blur();
    const before = getComputedStyle(target);
    const outlineBefore = `${before.outlineStyle} ${before.outlineWidth} ${before.outlineColor}`;
    const shadowBefore = new Set(shadows(before.boxShadow).map((s) => s.text));
    html.focus({ preventScroll: false });
    const focusVisible = html.matches(":focus-visible");
    const after = getComputedStyle(target);

    const found: Array<{ label: string; colour: Rgba; inside: boolean }> = [];
    const outlineColour = parse(after.outlineColor);
    if (
      after.outlineStyle !== "none" &&
      parseFloat(after.outlineWidth) >= 1 &&
      outlineColour &&
      outlineColour.a > 0 &&
      `${after.outlineStyle} ${after.outlineWidth} ${after.outlineColor}` !== outlineBefore
    ) {
      found.push({
        label: `outline ${after.outlineColor} ${after.outlineWidth}`,
        colour: outlineColour,
        inside: parseFloat(after.outlineOffset) < 0,
      });
    }
    for (const s of shadows(after.boxShadow)) {
      if (!shadowBefore.has(s.text)) found.push({ label: `box-shadow ${s.text}`, colour: s.colour, inside: s.inset });
    }
    // Drawn outside the element, an indicator sits on the parent's background; inside, on the element's.
    let best: FocusIndicator = { indicator: null, contrast: 0 };
    for (const f of found) {
      const behind = backgroundOf(f.inside ? target : target.parentElement);
      const ratio = contrast(over(f.colour, behind), behind);
      if (ratio > best.contrast) best = { indicator: f.label, contrast: Math.round(ratio * 100) / 100 };
    }
    return { ...best, focusVisible };
  }

  // Each measured control is left focused: a single one keeps the keyboard's focus.
  return elements.map((el): Inspection => {
    const control = describe(el);
    return control ? { control, ...measure(el) } : { control, indicator: null, contrast: 0, focusVisible: false };
  });
}

/** The indicator of one control, focused as a keyboard user would after a first Tab. */
export async function focusIndicatorOf(control: Locator): Promise<FocusIndicator> {
  const [result] = await control.evaluateAll(inspectAll);
  if (!result?.control) throw new Error("The control cannot be reached from the keyboard");
  if (!result.focusVisible)
    throw new Error("The control did not match :focus-visible: focus it from the keyboard first");
  return { indicator: result.indicator, contrast: result.contrast };
}

/**
 * Every control a keyboard reaches on the page, each focused in turn: those without a visible
 * indicator of at least 3:1, described for a report.
 */
export async function controlsWithoutFocusIndicator(page: Page): Promise<string[]> {
  // A first Tab makes later focus changes keyboard focus (:focus-visible), as they are for a keyboard user.
  await page.keyboard.press("Tab");
  const results = await page
    .locator(
      "a[href], button, input:not([type=hidden]), select, textarea, summary, iframe, [tabindex]:not([tabindex='-1']), [contenteditable='true']",
    )
    .evaluateAll(inspectAll);
  const problems: string[] = [];
  for (const r of results) {
    if (!r.control) continue;
    if (!r.focusVisible) problems.push(`${r.control}: not :focus-visible when focused after a Tab`);
    else if (!r.indicator) problems.push(`${r.control}: no focus indicator`);
    else if (r.contrast < 3) problems.push(`${r.control}: ${r.indicator} has contrast ${r.contrast}:1 (< 3:1)`);
  }
  return problems;
}
