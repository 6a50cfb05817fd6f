import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { PASSWORD, registerOrSignIn } from "./support/accounts";
import { controlsWithoutFocusIndicator } from "./support/focus-indicator";
import { addAvailable } from "./support/page-tour";

// Forced colours (Windows High Contrast and the like), as Chromium renders them: the system's few
// colours replace the shop's, so fills, tints and shadows vanish. What must survive:
// - a chosen, current or pressed control looks different from the others (the same control is
//   photographed chosen and not: the pictures must differ, beyond anti-aliasing);
// - every button and field has a boundary, focus stays visible, and a colour swatch keeps its colour.
// JavaScript on and off.

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ forcedColors: "active" });
});

/** The control and a few pixels around it (an outline drawn outside it counts), as RGBA pixels. */
async function picture(page: Page, control: Locator): Promise<{ pixels: Buffer; width: number; height: number }> {
  await control.scrollIntoViewIfNeeded();
  await page.mouse.move(0, 0); // no hover state
  const box = (await control.boundingBox())!;
  const margin = 3;
  const png = await page.screenshot({
    clip: { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin },
    animations: "disabled",
  });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { pixels: data, width: info.width, height: info.height };
}

type Picture = Awaited<ReturnType<typeof picture>>;

/** The share of pixels that differ clearly between two pictures of the same control (1 when their sizes differ). */
function difference(a: Picture, b: Picture): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    const delta =
      Math.abs(a.pixels[i] - b.pixels[i]) +
      Math.abs(a.pixels[i + 1] - b.pixels[i + 1]) +
      Math.abs(a.pixels[i + 2] - b.pixels[i + 2]);
    if (delta > 60) differing += 1;
  }
  return differing / (a.width * a.height);
}

/** Chosen and unchosen differ in at least 5% of their pixels: a fill, a thick border, a mark. */
const VISIBLY_DIFFERENT = 0.05;

test("the chosen size, colour, sort, size filter, page and back-office section stand apart in forced colours", async ({
  page,
}, testInfo) => {
  const found: Record<string, number> = {};

  // A size on the product page, not checked and then checked (the same chip).
  await page.goto("/products/p0001");
  const size = page
    .getByRole("group", { name: /Size/ })
    .locator("label", { has: page.locator("input:not([disabled])") })
    .first();
  const unchecked = await picture(page, size);
  await size.locator("input").evaluate((input: HTMLInputElement) => void (input.checked = true));
  found["size"] = difference(await picture(page, size), unchecked);

  // A colour: the first, chosen, then another chosen instead.
  const colours = page.getByRole("group", { name: /Colour/ }).getByRole("link");
  const [first, second] = (await colours.allTextContents()).map((t) => t.trim());
  const firstColour = colours.filter({ hasText: first });
  await page.goto(`/products/p0001?colour=${encodeURIComponent(first)}`);
  await expect(firstColour).toHaveAttribute("aria-current", "true");
  const chosenColour = await picture(page, firstColour);
  await page.goto(`/products/p0001?colour=${encodeURIComponent(second)}`);
  await expect(firstColour).not.toHaveAttribute("aria-current");
  found["colour"] = difference(chosenColour, await picture(page, firstColour));

  // A sort, a size filter and a page number on the listing, each chosen and then not.
  const listing = {
    sort: page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Price: low to high" }),
    "size filter": page
      .getByRole("form", { name: "Filters" })
      .locator("label", { has: page.locator("input[value=M]") }),
    "page number": page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }),
  };
  await page.goto("/products?sort=price-asc&size=M&page=2");
  await expect(listing.sort).toHaveAttribute("aria-current", "true");
  await expect(listing["page number"]).toHaveAttribute("aria-current", "page");
  const chosen = new Map<string, Picture>();
  for (const [name, control] of Object.entries(listing)) chosen.set(name, await picture(page, control));
  await page.goto("/products");
  await expect(listing.sort).not.toHaveAttribute("aria-current");
  for (const [name, control] of Object.entries(listing))
    found[name] = difference(chosen.get(name)!, await picture(page, control));

  // The back office's navigation: Orders is the current section, then Dashboard is.
  const project = testInfo.project.name === "js-off" ? "js-off" : "js-on";
  await registerOrSignIn(page, `payments-admin-${project}@hemline.test`, PASSWORD);
  const orders = page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" });
  await page.goto("/admin/orders");
  await expect(orders).toHaveAttribute("aria-current", "page");
  const currentSection = await picture(page, orders);
  await page.goto("/admin");
  await expect(orders).not.toHaveAttribute("aria-current");
  found["back-office section"] = difference(currentSection, await picture(page, orders));

  const alike = Object.entries(found)
    .filter(([, share]) => share < VISIBLY_DIFFERENT)
    .map(([name, share]) => `${name}: ${(share * 100).toFixed(1)}% of pixels differ`);
  expect(alike, "chosen controls that look like the others in forced colours").toEqual([]);
});

/**
 * Buttons and fields without a boundary in forced colours: a border on every side or an outline,
 * drawn in a colour that is not transparent. Checkboxes, radios and file choosers are drawn by the
 * browser; those hidden for the eye (a radio styled through its chip) have their chip checked instead.
 */
function unbounded(page: Page): Promise<string[]> {
  return page
    .locator(
      [
        "button",
        "[role=button]",
        "input:not([type=hidden], [type=checkbox], [type=radio], [type=file], [type=range], [type=color])",
        "select",
        "textarea",
        ".btn-primary",
        ".btn-secondary",
        ".peer + *",
      ].join(", "),
    )
    .evaluateAll((controls) => {
      const shown = (el: Element) => {
        const box = el.getBoundingClientRect();
        return el.checkVisibility({ visibilityProperty: true }) && box.width > 1 && box.height > 1;
      };
      const visible = (colour: string) => !/^rgba\(.*,\s*0\)$/.test(colour) && colour !== "transparent";
      return controls
        .filter(shown)
        .filter((el) => {
          const s = getComputedStyle(el);
          const border = (["Top", "Right", "Bottom", "Left"] as const).every((side) => {
            const width = parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`));
            const style = s.getPropertyValue(`border-${side.toLowerCase()}-style`);
            return (
              width > 0 &&
              style !== "none" &&
              style !== "hidden" &&
              visible(s.getPropertyValue(`border-${side.toLowerCase()}-color`))
            );
          });
          const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0 && visible(s.outlineColor);
          return !border && !outline;
        })
        .map((el) => {
          const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
          return `<${el.tagName.toLowerCase()}> “${text || el.getAttribute("aria-label") || el.getAttribute("name")}”`;
        });
    });
}

/** Colour swatches (an element painted by an inline background colour) whose colour forced colours took away. */
function fadedSwatches(page: Page): Promise<string[]> {
  return page.locator("[style*=background-color]").evaluateAll((swatches) =>
    swatches
      .filter((el) => el.checkVisibility())
      .filter((el) => {
        const probe = document.createElement("span");
        probe.style.cssText = `forced-color-adjust: none; background-color: ${(el as HTMLElement).style.backgroundColor}`;
        document.body.append(probe);
        const wanted = getComputedStyle(probe).backgroundColor;
        probe.remove();
        const s = getComputedStyle(el);
        return s.backgroundColor !== wanted || parseFloat(s.borderTopWidth) === 0;
      })
      .map(
        (el) =>
          `${(el as HTMLElement).style.backgroundColor} in “${el.parentElement?.textContent?.trim().slice(0, 40) || el.getAttribute("title")}”`,
      ),
  );
}

test("in forced colours every button and field on the key pages has a boundary, focus shows, swatches keep their colour", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  const check = async (path: string) => {
    if (path !== new URL(page.url()).pathname) await page.goto(path);
    for (const p of await unbounded(page)) problems.push(`${path}: no boundary: ${p}`);
    const faded = await fadedSwatches(page);
    if (faded.length)
      problems.push(`${path}: ${faded.length} swatch(es) without their colour: ${faded.slice(0, 3).join(", ")}`);
    for (const p of await controlsWithoutFocusIndicator(page)) problems.push(`${path}: focus: ${p}`);
  };
  for (const path of ["/", "/products", "/auth/login"]) await check(path);
  await addAvailable(page, "p0001"); // the product page, a cart with an item and its checkout
  await check("/products/p0001");
  await check("/cart");
  await check("/checkout");
  const project = testInfo.project.name === "js-off" ? "js-off" : "js-on";
  await registerOrSignIn(page, `payments-admin-${project}@hemline.test`, PASSWORD);
  const editor = await page
    .goto("/admin/products")
    .then(() => page.locator("a[href$='/edit']").first().getAttribute("href"));
  for (const path of ["/admin/orders", editor!]) await check(path);
  expect(problems, problems.join("\n")).toEqual([]);
});
