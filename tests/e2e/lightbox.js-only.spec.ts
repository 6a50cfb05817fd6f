import { expect, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

// The product image lightbox: JavaScript only (playwright.config.ts runs *.js-only.spec.ts in
// the js-on project; gallery.no-js.spec.ts covers the plain links without JavaScript).

async function openProduct(page: Page, path = "/products/p0001") {
  await page.goto(path);
  const gallery = page.locator("[data-gallery]");
  // Hydrated: from now on a click opens the lightbox instead of the file.
  await expect(gallery).toHaveAttribute("data-enhanced", "true");
  return gallery;
}

async function openViewer(page: Page, index = 0) {
  const gallery = await openProduct(page);
  await gallery.getByRole("link").nth(index).click();
  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  await expect(viewer).toBeVisible();
  const root = page.locator("[data-lightbox]");
  await expect(root).toHaveAttribute("data-lightbox-state", "ready");
  return { viewer, root };
}

async function zoomOf(root: Locator): Promise<number> {
  return Number(await root.getAttribute("data-zoom"));
}

test("a gallery image opens in the lightbox, with its alt text and title", async ({ page }) => {
  const gallery = await openProduct(page);
  const first = gallery.getByRole("link").first();
  const alt = (await first.getByRole("img").getAttribute("alt"))!;
  const href = (await first.getAttribute("href"))!;
  await first.click();

  await expect(page).toHaveURL(/\/products\/p0001$/);
  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  await expect(viewer).toBeVisible();
  const image = viewer.getByRole("img", { name: alt });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", href);
  await expect(image).toHaveAttribute("title", /Organic Cotton Crew Tee \(1\/2\)/);
  await expect(page.locator("[data-lightbox]")).toHaveAttribute("data-lightbox-state", "ready");
  // It opens at the size that fits the window, which for these images is below natural size.
  const zoom = await zoomOf(page.locator("[data-lightbox]"));
  expect(zoom).toBeGreaterThan(0.1);
  expect(zoom).toBeLessThanOrEqual(1);
});

test("keyboard: arrows change the image, Escape closes", async ({ page }) => {
  const { viewer, root } = await openViewer(page);
  await expect(root).toHaveAttribute("data-index", "0");
  await page.keyboard.press("ArrowRight");
  await expect(root).toHaveAttribute("data-index", "1");
  await page.keyboard.press("ArrowLeft");
  await expect(root).toHaveAttribute("data-index", "0");
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(page.locator("[data-lightbox]")).toHaveCount(0);
  // Back on the page it was opened from.
  await expect(page).toHaveURL(/\/products\/p0001$/);
});

test("previous, next and close buttons", async ({ page }) => {
  const { viewer, root } = await openViewer(page);
  await viewer.getByRole("button", { name: "Next" }).click();
  await expect(root).toHaveAttribute("data-index", "1");
  await viewer.getByRole("button", { name: "Previous" }).click();
  await expect(root).toHaveAttribute("data-index", "0");
  await viewer.getByRole("button", { name: "Close" }).click();
  await expect(viewer).toBeHidden();
});

test("zoom never passes 3 nor goes under 0.1 times natural size", async ({ page }) => {
  const { viewer, root } = await openViewer(page);
  const zoomIn = viewer.getByRole("button", { name: "Zoom in" });
  const zoomOut = viewer.getByRole("button", { name: "Zoom out" });

  for (let i = 0; i < 60 && (await zoomIn.isEnabled()); i++) await zoomIn.click();
  await expect(zoomIn).toBeDisabled();
  await expect(root).toHaveAttribute("data-zoom", "3");
  await expect(root).toHaveAttribute("data-lightbox-state", "zoomed");
  for (let i = 0; i < 5; i++) await page.keyboard.press("+");
  await expect(root).toHaveAttribute("data-zoom", "3");

  for (let i = 0; i < 80 && (await zoomOut.isEnabled()); i++) await zoomOut.click();
  await expect(zoomOut).toBeDisabled();
  await expect(root).toHaveAttribute("data-zoom", "0.1");
  for (let i = 0; i < 5; i++) await page.keyboard.press("-");
  await expect(root).toHaveAttribute("data-zoom", "0.1");
});

test("each zoom step is 12 %", async ({ page }) => {
  const { viewer, root } = await openViewer(page);
  const before = await zoomOf(root);
  await viewer.getByRole("button", { name: "Zoom in" }).click();
  await expect.poll(() => zoomOf(root)).not.toBe(before);
  expect((await zoomOf(root)) / before).toBeCloseTo(1.12, 2);
});

test("the mouse wheel zooms, within the same bounds", async ({ page }) => {
  const { root } = await openViewer(page);
  const before = await zoomOf(root);
  const box = (await root.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const scrolled = await page.evaluate(() => window.scrollY);

  await page.mouse.wheel(0, -100);
  await expect.poll(() => zoomOf(root)).toBeGreaterThan(before);
  await expect(root).toHaveAttribute("data-lightbox-state", "zoomed");

  for (let i = 0; i < 60; i++) await page.mouse.wheel(0, -100);
  await expect(root).toHaveAttribute("data-zoom", "3");
  for (let i = 0; i < 80; i++) await page.mouse.wheel(0, 100);
  await expect(root).toHaveAttribute("data-zoom", "0.1");
  // The page behind did not scroll.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test("double-click zooms in", async ({ page }) => {
  const { root } = await openViewer(page);
  const before = await zoomOf(root);
  const box = (await root.boundingBox())!;
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => zoomOf(root)).toBeGreaterThan(before);
  await expect(root).toHaveAttribute("data-lightbox-state", "zoomed");
});

test("rotate turns the image a quarter at a time", async ({ page }) => {
  const { viewer, root } = await openViewer(page);
  const rotate = viewer.getByRole("button", { name: "Rotate image" });
  const image = viewer.locator("[data-current] img");
  await rotate.click();
  await expect(root).toHaveAttribute("data-rotation", "90");
  await expect(image).toHaveAttribute("style", /rotate\(90deg\)/);
  await rotate.click();
  await expect(root).toHaveAttribute("data-rotation", "180");
  await rotate.click();
  await rotate.click();
  await expect(root).toHaveAttribute("data-rotation", "0");
});

test("a swipe needs 50 px; dragging shows in the markup", async ({ page }) => {
  const { root } = await openViewer(page);
  const box = (await root.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 150, y, { steps: 10 });
  await page.mouse.up();
  await expect(root).toHaveAttribute("data-index", "1");

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 30, y, { steps: 5 });
  await expect(root).toHaveAttribute("data-lightbox-state", "dragging");
  await page.mouse.up();
  await expect(root).toHaveAttribute("data-lightbox-state", "ready");
  // The 30 px drag did not change the image: one step right wraps to the first of two images.
  await page.keyboard.press("ArrowRight");
  await expect(root).toHaveAttribute("data-index", "0");
});

test("an image that fails to load shows a broken-image icon and reports the error", async ({ page }) => {
  const gallery = await openProduct(page);
  const missing = (await gallery.getByRole("link").nth(1).getAttribute("href"))!;
  // The file is gone: every request for it answers 404 (routing also bypasses the HTTP cache).
  await page.route(`**${missing}`, (route) =>
    route.fulfill({ status: 404, contentType: "text/plain", body: "Not found" }),
  );
  await page.reload();
  await expect(gallery).toHaveAttribute("data-enhanced", "true");
  await expect(gallery).not.toHaveAttribute("data-image-error");

  await gallery.getByRole("link").nth(1).click();
  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  const root = page.locator("[data-lightbox]");
  await expect(root).toHaveAttribute("data-lightbox-state", "load-error");
  await expect(viewer.getByRole("img", { name: "Broken image" })).toBeVisible();
  await expect(viewer.getByText("This image could not be loaded.")).toBeVisible();
  // The error event reached the gallery.
  await expect(gallery).toHaveAttribute("data-image-error", missing);

  // The other image still loads.
  await page.keyboard.press("ArrowLeft");
  await expect(root).toHaveAttribute("data-index", "0");
  await expect(root).toHaveAttribute("data-lightbox-state", "ready");
});

test("the lightbox code loads only when it is first opened", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const gallery = await openProduct(page);
  expect(scripts.some((s) => s.includes("ProductLightbox"))).toBe(false);
  await gallery.getByRole("link").first().click();
  await expect(page.getByRole("dialog", { name: "Image viewer" })).toBeVisible();
  expect(scripts.some((s) => s.includes("ProductLightbox"))).toBe(true);
});

test("an image shows its loading state until it arrives", async ({ page }) => {
  const gallery = await openProduct(page);
  const second = (await gallery.getByRole("link").nth(1).getAttribute("href"))!;
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${second}`, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(gallery).toHaveAttribute("data-enhanced", "true");
  await gallery.getByRole("link").nth(1).click();
  const root = page.locator("[data-lightbox]");
  await expect(root).toHaveAttribute("data-lightbox-state", "loading");
  release();
  await expect(root).toHaveAttribute("data-lightbox-state", "ready");
});

test("the lightbox follows the window's size", async ({ page }) => {
  const { root } = await openViewer(page);
  const before = await zoomOf(root);
  await page.setViewportSize({ width: 640, height: 360 });
  await expect.poll(() => zoomOf(root)).toBeLessThan(before);
  const box = (await page.locator("[data-current]").boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(360);
  expect(box.width).toBeLessThanOrEqual(640);
});

test("if the viewer's code cannot be fetched, the image opens as a plain link", async ({ page }) => {
  await page.route("**/ProductLightbox.client-*.js", (route) => route.fulfill({ status: 404, body: "" }));
  const gallery = await openProduct(page);
  const first = gallery.getByRole("link").first();
  const href = (await first.getAttribute("href"))!;
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
});

test("a page whose script module failed to load reloads itself, and remembers it did", async ({ page }) => {
  await openProduct(page);
  await page.evaluate(() => Object.assign(window, { beforeReload: true }));
  const reloaded = page.waitForEvent("load");
  await page.evaluate(() => {
    void Promise.reject(
      new TypeError("Failed to fetch dynamically imported module: /build/_shared/replaced-by-a-deployment.js"),
    );
  });
  await reloaded;
  expect(await page.evaluate(() => "beforeReload" in window)).toBe(false);
  const guard = await page.evaluate(() => JSON.parse(sessionStorage.getItem("reload-guard") ?? "{}"));
  expect(Object.keys(guard)).toEqual(["/products/p0001"]);
});

test("with prefers-reduced-motion the viewer opens, turns, zooms, moves on and closes without animating", async ({
  page,
}) => {
  // Every animation the page starts, with its length in ms: CSS transitions and animations as they
  // begin, and the Web Animations the viewer's zoom and fade run from script.
  await page.addInitScript(() => {
    const lengths: number[] = [];
    (window as unknown as { motion: number[] }).motion = lengths;
    const longest = (list: string) => Math.max(...list.split(",").map((d) => parseFloat(d) * 1000 || 0));
    document.addEventListener(
      "transitionrun",
      (e) => lengths.push(longest(getComputedStyle(e.target as Element).transitionDuration)),
      true,
    );
    document.addEventListener(
      "animationstart",
      (e) => lengths.push(longest(getComputedStyle(e.target as Element).animationDuration)),
      true,
    );
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (keyframes, options) {
      lengths.push(Number(typeof options === "number" ? options : (options?.duration ?? 0)));
      return animate.call(this, keyframes, options);
    };
  });
  const tour = async () => {
    const { viewer, root } = await openViewer(page);
    const fade = await root.evaluate((el) => getComputedStyle(el).getPropertyValue("--yarl__fade_animation_duration"));
    await viewer.getByRole("button", { name: "Rotate image" }).click();
    await expect(root).toHaveAttribute("data-rotation", "90");
    await viewer.getByRole("button", { name: "Zoom in" }).click();
    await expect(root).toHaveAttribute("data-lightbox-state", "zoomed");
    await viewer.getByRole("button", { name: "Next" }).click();
    await expect(root).toHaveAttribute("data-index", "1");
    await viewer.getByRole("button", { name: "Close" }).click();
    await expect(viewer).toBeHidden();
    const motion = await page.evaluate(() => (window as unknown as { motion: number[] }).motion);
    return { fade, longest: Math.max(0, ...motion) };
  };

  // Without the preference the same steps animate (so the recording sees them)…
  const moving = await tour();
  expect(moving.fade.trim()).not.toBe("0ms");
  expect(moving.longest).toBeGreaterThan(100);

  // …and with it nothing lasts longer than a millisecond.
  await page.emulateMedia({ reducedMotion: "reduce" });
  const still = await tour();
  expect(still.fade.trim()).toBe("0ms");
  expect(still.longest).toBeLessThanOrEqual(1);
});
