import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { registerOrSignIn, uniqueEmail, register } from "./support/accounts";
import { addAvailable } from "./support/page-tour";
import { fillCheckout } from "./support/shop";
import { sidewaysProblem } from "./support/reflow";

// Phones (390 px and WCAG's 320 px reflow width), the keyboard path to the products, pictures that
// hold their place, and the cart showing the colour chosen. JavaScript on and off. (Every page
// type's sideways scrolling at 320 px and axe at 390 px are checked by page-audits.spec.ts.)

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };

/** The element lies wholly inside the viewport's width. */
async function expectWithinWidth(page: Page, locator: ReturnType<Page["locator"]>) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, "its box").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test("a phone's header: Register for a guest; for a signed-in admin every link, the cart included, on screen", async ({
  page,
}, testInfo) => {
  await page.setViewportSize(NARROW);
  await page.goto("/");
  const account = page.getByRole("navigation", { name: "Account" });
  await expectWithinWidth(page, account.getByRole("link", { name: "Register" }));
  await expectWithinWidth(page, account.getByRole("link", { name: /Cart/ }));
  // Every category can be seen: none is hidden past the edge of a scrolling bar.
  for (const link of await page.getByRole("navigation", { name: "Categories" }).getByRole("link").all())
    await expectWithinWidth(page, link);

  const project = testInfo.project.name === "js-off" ? "js-off" : "js-on";
  await registerOrSignIn(page, `payments-admin-${project}@hemline.test`);
  for (const name of ["Admin", "Orders", /payments-admin/, "Sign out", /Cart/]) {
    const control =
      name === "Sign out"
        ? account.getByRole("button", { name })
        : account.getByRole("link", { name, exact: typeof name === "string" });
    await expectWithinWidth(page, control);
  }
  expect(await sidewaysProblem(page)).toBeNull();
  // The back office's tables scroll inside their own box, the page does not.
  for (const path of ["/admin", "/admin/products", "/admin/orders", "/admin/users", "/admin/blog", "/admin/audit"]) {
    await page.goto(path);
    expect(await sidewaysProblem(page), path).toBeNull();
  }
});

test("a phone's listing: the filters start folded behind one control that counts those on, the products come first", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/products?category=t-shirts&size=M&colour=White");
  const toggle = page.getByRole("checkbox", { name: "Show filters (2 on)" });
  await expect(toggle).not.toBeChecked();
  const filters = page.getByRole("form", { name: "Filters" });
  await expect(filters).toBeHidden();
  // The first product is on the first screen.
  const first = page.getByRole("region", { name: "Products" }).getByRole("link").first();
  const box = await first.boundingBox();
  expect(box!.y).toBeLessThan(PHONE.height * 1.5);
  // Without JavaScript too: CSS opens them.
  await page.getByText("Show filters (2 on)").click();
  await expect(filters).toBeVisible();
  // On a wide screen they stand beside the results, open.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/products");
  await expect(page.getByRole("form", { name: "Filters" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Show filters/ })).toBeHidden();
});

test("a phone's checkout: a folded order summary with the total at the top", async ({ page }, testInfo) => {
  await addAvailable(page, testInfo.project.name === "js-off" ? "p0073" : "p0072");
  await page.setViewportSize(PHONE);
  await page.goto("/checkout");
  const summary = page.locator("details", { has: page.locator("summary", { hasText: /^Order summary: 1 item, €/ }) });
  await expect(summary).toBeVisible();
  const top = (await summary.boundingBox())!.y;
  expect(top).toBeLessThan((await page.getByLabel("E-mail", { exact: true }).boundingBox())!.y);
  await expect(summary.getByRole("listitem")).toBeHidden();
  await summary.locator("summary").click();
  await expect(summary.getByRole("listitem")).toHaveCount(1);
  expect(await sidewaysProblem(page)).toBeNull();
});

test("the keyboard reaches the first product in a few presses: Skip to results", async ({ page }) => {
  for (const path of ["/products", "/products?category=jeans", "/products?search=linen"]) {
    await page.goto(path);
    let presses = 0;
    for (;;) {
      presses += 1;
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => ({
        text: document.activeElement?.textContent?.trim() ?? "",
        href: document.activeElement?.getAttribute("href") ?? "",
      }));
      if (focused.text === "Skip to results") {
        await page.keyboard.press("Enter");
        continue;
      }
      if (/^\/products\/p\d+/.test(focused.href)) break;
      if (presses > 60) throw new Error(`${path}: no product after 60 presses of Tab`);
    }
    expect(presses, path).toBeLessThanOrEqual(3);
  }
});

test("the home page's hero picture holds its place before it arrives (no layout shift), and every picture has its size", async ({
  page,
}) => {
  // Pictures are held back until the page has been measured.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.(svg|webp|png|jpe?g)(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  const stylesheet = page.waitForResponse((response) => /\.css(\?.*)?$/.test(response.url()));
  await page.goto("/", { waitUntil: "domcontentloaded" });
  // Without JavaScript, DOMContentLoaded does not wait for the stylesheet: measure the page as it is painted, styled.
  expect((await stylesheet).ok()).toBe(true);
  // Polled on a timer: a page whose first frame waits for its stylesheet runs no animation frames to poll on.
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
    undefined,
    { polling: 100 },
  );
  const hero = page.locator("main img").first();
  const before = await hero.boundingBox();
  release();
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const after = await hero.boundingBox();
  expect(before!.height).toBeGreaterThan(100);
  expect(Math.abs(after!.height - before!.height)).toBeLessThanOrEqual(1);
  expect(Math.abs(after!.y - before!.y)).toBeLessThanOrEqual(1);

  for (const path of ["/", "/products", "/products/p0002", "/blog", "/no-such-page"]) {
    await page.goto(path);
    const unsized = await page
      .locator("img")
      .evaluateAll((imgs) =>
        imgs.filter((i) => !i.getAttribute("width") || !i.getAttribute("height")).map((i) => i.getAttribute("src")),
      );
    expect(unsized, path).toEqual([]);
  }
});

test("the cart and then the order show the colour chosen: its picture and alt text", async ({ page }, testInfo) => {
  const productId = testInfo.project.name === "js-off" ? "p0075" : "p0074";
  await register(page, uniqueEmail(testInfo, "cart-colour"));
  await page.goto(`/products/${productId}`);
  // A colour other than the first (whose picture comes first), still on sale.
  const choice = await page
    .locator("table", { has: page.locator("caption", { hasText: "Stock for each colour and size" }) })
    .evaluate((table) => {
      const sizes = [...table.querySelectorAll("thead th")].slice(1).map((th) => th.textContent?.trim() ?? "");
      for (const row of [...table.querySelectorAll("tbody tr")].slice(1)) {
        const cells = [...row.querySelectorAll("td")];
        const index = cells.findIndex((td) => td.textContent?.trim() !== "Sold out");
        if (index >= 0) return { colour: row.querySelector("th")?.textContent?.trim() ?? "", size: sizes[index] };
      }
      return null;
    });
  expect(choice, `${productId} has a second colour on sale`).not.toBeNull();
  await page
    .getByRole("group", { name: /Colour/ })
    .getByRole("link", { name: choice!.colour, exact: true })
    .click();
  await expect(
    page.getByRole("group", { name: /Colour/ }).getByRole("link", { name: choice!.colour, exact: true }),
  ).toHaveAttribute("aria-current", "true");
  await page
    .getByRole("group", { name: /Size/ })
    .getByRole("radio", { name: new RegExp(`^${choice!.size}\\b`) })
    .check({ force: true });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to your cart" })).toBeVisible();
  await page.goto("/cart");
  const picture = page.locator("main img").first();
  await expect(picture).toHaveAttribute("alt", new RegExp(`\\bin ${choice!.colour}\\b`));

  // The order keeps that picture: its page shows the colour bought, not the product's first picture.
  const src = await picture.getAttribute("src");
  await page.goto("/checkout");
  await fillCheckout(page, { card: "4242 4242 4242 4242" });
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order HM-/);
  await expect(page.getByRole("region", { name: "Items" }).locator("img").first()).toHaveAttribute("src", src!);
});
