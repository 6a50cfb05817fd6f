import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { register, registerOrSignIn, uniqueEmail } from "./support/accounts";
import { placeOrder, shipAndDeliver } from "./support/orders";
import { addToCart } from "./support/shop";

// Reviews: a shopper whose order was delivered reviews the product once; an admin approves it at
// /admin/reviews; the product page then shows it with the average, the count and the JSON-LD.

const pick = <T>(js: boolean, on: T, off: T) => (js ? on : off);

/** The product page's schema.org Product. */
async function jsonLdOf(page: Page) {
  return JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
}

test("a buyer of a delivered order reviews once, an admin approves, and the page shows the rating", async ({
  page,
  js,
  browser,
}, testInfo) => {
  // Register, buy, deliver, review, approve: many page loads on a loaded machine.
  test.setTimeout(120_000);
  const productId = pick(js, "p0030", "p0031");
  const shopperContext = await browser.newContext({
    javaScriptEnabled: js,
    extraHTTPHeaders: { "X-Forwarded-For": `10.77.${js ? 1 : 2}.${Math.floor(Math.random() * 250)}` },
  });
  const shop = await shopperContext.newPage();
  await register(shop, uniqueEmail(testInfo, "reviewer"));
  await addToCart(shop, { productId, colour: pick(js, "Camel", "Cream"), size: "M" });
  const { id: orderId } = await placeOrder(shop);

  // Paid is not enough: only a delivered order lets its buyer review.
  await shop.goto(`/products/${productId}`);
  const reviews = shop.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("Only customers who received this item can review it.")).toBeVisible();

  await registerOrSignIn(page, `orders-admin-${testInfo.project.name}@hemline.test`);
  await shipAndDeliver(page, orderId);

  // Bad input: every problem named, what was typed kept.
  await shop.goto(`/products/${productId}`);
  const title = `Warm and soft ${Date.now().toString(36)}`;
  await reviews.getByLabel("Your review").fill("Too short.");
  await reviews.getByLabel("Title").fill("Ok");
  // Enter submits, as a click would, without a blur's message moving the button first.
  await reviews.getByLabel("Title").press("Enter");
  const summary = reviews.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toContainText("Rating: Choose a rating from 1 to 5 stars.");
  await expect(summary).toContainText("Title: The title needs at least 3 characters.");
  await expect(summary).toContainText("Your review: Your review needs at least 20 characters.");
  await expect(reviews.getByLabel("Your review")).toHaveValue("Too short.");

  await reviews.getByRole("group", { name: "Your rating" }).getByRole("radio", { name: "4 stars: very good" }).check();
  await reviews.getByLabel("Title").fill(title);
  await reviews.getByLabel("Your review").fill("Warm without being heavy. <script>alert(1)</script> stays text.");
  await reviews.getByRole("button", { name: "Submit review" }).click();
  await expect(
    shop
      .getByRole("status")
      .filter({ hasText: "Thank you for your review. It will appear on this page once we have checked it." }),
  ).toBeVisible();
  await expect(
    reviews.getByText("You reviewed this product. Your review will appear once we have checked it."),
  ).toBeVisible();
  await expect(reviews.getByRole("button", { name: "Submit review" })).toHaveCount(0);
  // Not shown before an admin approves it.
  await expect(reviews.getByRole("heading", { name: title })).toHaveCount(0);

  await page.goto("/admin/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const pending = page.getByRole("article", { name: title });
  await expect(pending).toContainText("4 out of 5 stars");
  await pending.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status").filter({ hasText: `The review "${title}" has been approved.` })).toBeVisible();
  await expect(page.getByRole("article", { name: title })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Reviews by status" }).getByRole("link", { name: "Approved" }).click();
  await expect(page.getByRole("article", { name: title })).toBeVisible();
  await page.goto("/admin/audit?entityType=review");
  await expect(page.getByText(`Review "${title}" of product ${productId} approved`)).toBeVisible();

  // Anyone now sees it, with the average and the count, in the page and in its JSON-LD.
  const visitorContext = await browser.newContext({ javaScriptEnabled: js });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/products/${productId}`);
  await expect(visitor.getByText(/^\d\.\d out of 5, \d+ reviews?$/).first()).toBeVisible();
  const shown = visitor.getByRole("region", { name: "Reviews" }).getByRole("article", { name: title });
  await expect(shown).toContainText("Warm without being heavy. <script>alert(1)</script> stays text.");
  await expect(visitor.getByRole("region", { name: "Reviews" }).getByText("Sign in", { exact: true })).toBeVisible();
  const jsonLd = await jsonLdOf(visitor);
  expect(jsonLd.aggregateRating).toMatchObject({ "@type": "AggregateRating", bestRating: "5" });
  expect(jsonLd.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1);
  expect(jsonLd.review.map((r: { name: string }) => r.name)).toContain(title);
  await visitorContext.close();

  // The admin, who did not write it, finds it helpful: counted once.
  await page.goto(`/products/${productId}?reviews=helpful`);
  const theirs = page.getByRole("region", { name: "Reviews" }).getByRole("article", { name: title });
  await theirs.getByRole("button", { name: "Helpful" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you: your vote has been counted." })).toBeVisible();
  await expect(theirs).toContainText("1 person found this helpful.");
  await expect(theirs).toContainText("You found it helpful.");
  await expect(theirs.getByRole("button", { name: "Helpful" })).toHaveCount(0);
  // Back to the same order of reviews it was given in.
  expect(new URL(page.url()).search).toBe("?reviews=helpful");
  await shopperContext.close();
});

test("a shopper who has not received the product is told why they cannot review it", async ({ page, js }, testInfo) => {
  const productId = pick(js, "p0032", "p0033");
  await page.goto(`/products/${productId}`);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(
    reviews.getByText("to review this product. Only customers who received it can review it."),
  ).toBeVisible();
  await reviews.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);

  await register(page, uniqueEmail(testInfo, "browser"));
  await page.goto(`/products/${productId}`);
  await expect(reviews.getByText("Only customers who received this item can review it.")).toBeVisible();
  await expect(reviews.getByRole("button", { name: "Submit review" })).toHaveCount(0);
});

test("the listing sorts by rating, best rated first, and cards say their rating", async ({ page }) => {
  await page.goto("/products");
  await page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Top rated" }).click();
  await expect(page).toHaveURL(/[?&]sort=rating\b/);
  await expect(page.getByRole("navigation", { name: "Sort" }).getByRole("link", { name: "Top rated" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  // The demo shop's seeded reviews: the first cards are rated, best first.
  const ratings = page.getByRole("region", { name: "Products" }).getByText(/^\d\.\d out of 5, \d+ reviews?$/);
  await expect(ratings.first()).toBeVisible();
  const averages = (await ratings.allInnerTexts()).slice(0, 6).map((t) => Number(t.slice(0, 3)));
  expect(averages.length).toBeGreaterThan(1);
  expect(averages).toEqual([...averages].sort((a, b) => b - a));
});
