import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import { registerOrSignIn } from "./support/accounts";
import { createProduct, uniqueWord } from "./support/admin-catalogue";
import { cartLine } from "./support/shop";

// Images that follow the colour, with JavaScript on and off: an admin tags an image with one of
// the product's colours; choosing that colour on the product page (a link to ?colour=) shows it
// first, in place with JavaScript; a listing filtered by that colour shows it on the card.

const adminFor = (testInfo: TestInfo) =>
  `catalogue-admin-${testInfo.project.name === "js-off" ? "js-off" : "js-on"}@hemline.test`;

/** The alt text of the gallery's first (large) image. */
const firstGalleryImage = (page: Page) => page.locator("[data-gallery] img").first();

test("an image tagged with a colour comes first when that colour is chosen, on the product page and in a listing filtered by it", async ({
  page,
  browser,
  js,
}, testInfo) => {
  // An admin creates the product with photos first: slower than a shopper's visit.
  test.setTimeout(90_000);
  const word = uniqueWord();
  const name = `${word} Two-Tone Jeans`;
  const frontAlt = `${name}, front view`;
  const ecruAlt = `${name} in Ecru, back view`;
  await registerOrSignIn(page, adminFor(testInfo));
  const id = await createProduct(page, name, { image: true });

  // A second colour with stock, and a picture of it, tagged in the editor.
  // "Add colour" adds an empty row (a conform intent: the server answers with it without JS);
  // the grid names a new colour's column once the form has been sent with its name.
  await page.getByRole("button", { name: "Add colour" }).click();
  await page.getByLabel("Colour 2 name").fill("Ecru");
  await page.getByLabel("Colour 2 hex").fill("#eee8d5");
  await page.getByRole("button", { name: "Add colour" }).click();
  await page.getByRole("button", { name: "Remove colour 3" }).click();
  await expect(page.getByLabel("Stock: 30, Ecru")).toBeVisible();
  await page.getByLabel("Stock: 30, Ecru").fill("4");
  const png = await sharp({ create: { width: 600, height: 750, channels: 3, background: "#eee8d5" } })
    .png()
    .toBuffer();
  await page.getByLabel("Add images").setInputFiles({ name: "ecru.png", mimeType: "image/png", buffer: png });
  await page.getByLabel("Alt text of the new images (what they show)").fill(ecruAlt);
  await page.getByRole("button", { name: "Upload images" }).click();
  await expect(page.getByLabel("Image 2 alt text (what it shows)")).toHaveValue(ecruAlt);
  // The choice is the product's own colours, "All colours" (untagged) by default.
  const tag = page.getByLabel("Image 2 colour");
  await expect(tag).toHaveValue("");
  await expect(tag.locator("option")).toHaveText(["All colours", "Indigo", "Ecru"]);
  await tag.selectOption("Ecru");
  await page.getByRole("button", { name: "Save product", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The product has been saved." })).toBeVisible();
  await expect(page.getByLabel("Image 2 colour")).toHaveValue("Ecru");
  await expect(page.getByLabel("Image 1 colour")).toHaveValue("");

  const shopper = await browser.newContext({ javaScriptEnabled: js });
  const shop = await shopper.newPage();

  // The product page opens in its first colour on sale (Indigo): the untagged picture first.
  await shop.goto(`/products/${id}`);
  const colours = shop.getByRole("group", { name: /Colour/ });
  await expect(colours.getByRole("link", { name: "Indigo", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(firstGalleryImage(shop)).toHaveAttribute("alt", frontAlt);

  // Choosing Ecru: a link to ?colour=Ecru, which puts its picture first. With JavaScript the
  // page is not reloaded (a value set on the window survives).
  if (js) await shop.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await colours.getByRole("link", { name: "Ecru", exact: true }).click();
  await expect(shop).toHaveURL(new RegExp(`/products/${id}\\?colour=Ecru$`));
  await expect(colours.getByRole("link", { name: "Ecru", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(colours.getByRole("link", { name: "Indigo", exact: true })).not.toHaveAttribute("aria-current", /.*/);
  await expect(firstGalleryImage(shop)).toHaveAttribute("alt", ecruAlt);
  await expect(shop.locator("[data-gallery] img")).toHaveCount(2);
  if (js) expect(await shop.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  // The add-to-cart form keeps the colour chosen.
  await shop.getByRole("group", { name: /Size/ }).getByRole("radio", { name: /^30\b/ }).check({ force: true });
  await shop.getByRole("button", { name: "Add to cart" }).click();
  await expect(shop.getByRole("status").filter({ hasText: "Added to your cart" })).toBeVisible();
  await shop.goto("/cart");
  await expect(cartLine(shop, name, "Ecru", "30")).toBeVisible();

  // A listing filtered by Ecru shows the Ecru picture, and its link opens the product in Ecru.
  await shop.goto(`/products?search=${word}&colour=Ecru`);
  const card = shop.getByRole("main").getByRole("article").filter({ hasText: name });
  await expect(card.getByRole("img")).toHaveAttribute("alt", ecruAlt);
  await card.getByRole("link", { name }).click();
  await expect(shop).toHaveURL(new RegExp(`/products/${id}\\?colour=Ecru$`));
  await expect(firstGalleryImage(shop)).toHaveAttribute("alt", ecruAlt);

  // Unfiltered, or filtered by the other colour, the card shows the product's first picture.
  await shop.goto(`/products?search=${word}&colour=Indigo`);
  await expect(shop.getByRole("main").getByRole("article").filter({ hasText: name }).getByRole("img")).toHaveAttribute(
    "alt",
    frontAlt,
  );
  await shop.goto(`/products?search=${word}`);
  const plain = shop.getByRole("main").getByRole("article").filter({ hasText: name });
  await expect(plain.getByRole("img")).toHaveAttribute("alt", frontAlt);
  await expect(plain.getByRole("link", { name })).toHaveAttribute("href", `/products/${id}`);
  await shopper.close();
});
