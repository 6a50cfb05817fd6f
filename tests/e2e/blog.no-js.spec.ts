import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { formFields, registerOrSignIn } from "./support/accounts";

// The back-office blog editor without JavaScript (playwright.config.ts runs *.no-js.spec.ts in
// the js-off project only). blog-admin-js-off@hemline.test is in the test server's ADMIN_EMAILS.

const ADMIN = "blog-admin-js-off@hemline.test";

/** Registered already (by another test of this file)? Then it signs in instead. */
async function signInAsAdmin(page: Page) {
  await registerOrSignIn(page, ADMIN);
}

const SCRIPT = "<script>document.title='pwned'</script>";
const IMG = "<img src=x onerror=alert(1)>";

test("draft, preview, not public, publish, listed, script inert, in the feed", async ({ page, browser }) => {
  const title = `Linen care notes ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: "New post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New blog post" })).toBeVisible();

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Text (Markdown)").fill(`Keep **linen** cool.\n\n${SCRIPT}\n\n${IMG}`);
  await page.getByLabel("Tags").fill("Care Tips, linen");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview (not saved)" });
  await expect(preview.getByText("linen", { exact: true })).toBeVisible();
  await expect(preview.getByText(SCRIPT)).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);

  await page.getByRole("button", { name: "Save post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[a-z0-9-]+\/edit$/);
  await expect(page.getByRole("status")).toHaveText("The post has been saved.");
  const slug = await page.getByLabel("Slug").inputValue();
  expect(slug).toMatch(/^linen-care-notes-[a-z0-9]+$/);

  // A signed-out visitor cannot see the draft.
  const visitorContext = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await visitorContext.newPage();
  const hidden = await visitor.goto(`/blog/${slug}`);
  expect(hidden?.status()).toBe(404);
  await expect(visitor.getByText(`Page Not Found: /blog/${slug}`)).toBeVisible();
  await visitor.goto("/blog");
  await expect(visitor.getByRole("link", { name: title })).toHaveCount(0);

  // Publish it.
  await expect(page.getByText(`/blog/${slug} (draft)`)).toBeVisible();
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Save post" }).click();
  await expect(page.getByText(`/blog/${slug} (published)`)).toBeVisible();

  await visitor.goto("/blog");
  await visitor.getByRole("link", { name: title }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText(SCRIPT)).toBeVisible();
  await expect(visitor.getByText(IMG)).toBeVisible();
  await expect(visitor.locator("script", { hasText: "pwned" })).toHaveCount(0);
  await expect(visitor.locator('img[src="x"]')).toHaveCount(0);
  await expect(visitor).not.toHaveTitle("pwned");

  const feed = await visitor.request.get("/blog/rss.xml");
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await feed.text();
  expect(xml).toContain(`<title>${title}</title>`);
  expect(xml).toContain(`/blog/${slug}</link>`);
  await visitorContext.close();
});

test("bad input gets a clear message and keeps what was typed", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title").fill("Checking the editor");
  await page.getByLabel("Text (Markdown)").fill("Some text.");
  const fields = await formFields(page, "form#post-editor");
  const post = (overrides: Record<string, string>) =>
    page.request.post("/admin/blog/new", { form: { ...fields, intent: "save", ...overrides }, maxRedirects: 0 });

  const noTitle = await post({ title: "" });
  expect(noTitle.status()).toBe(400);
  expect(await noTitle.text()).toContain("Enter a title.");

  const taken = await post({ slug: "how-to-wash-wool-and-cashmere" });
  expect(taken.status()).toBe(400);
  expect(await taken.text()).toContain("Another post already uses the slug");

  const badDate = await post({ status: "scheduled", publishAt: "01/12/2026 9am" });
  expect(badDate.status()).toBe(400);
  expect(await badDate.text()).toContain("Enter the date and time as YYYY-MM-DDTHH:MM (UTC)");

  const huge = await post({ body: "a".repeat(1024 * 1024) });
  expect(huge.status()).toBe(400);
  expect(await huge.text()).toContain("The text is too long");

  // The same through the page: the message is on the form, the typed values are kept.
  await page.getByLabel("Slug").fill("how-to-wash-wool-and-cashmere");
  await page.getByRole("button", { name: "Save post" }).click();
  // In the error summary at the top (and beside the field).
  await expect(
    page.getByRole("alert").filter({
      hasText: "Another post already uses the slug “how-to-wash-wool-and-cashmere”. Choose a different one.",
    }),
  ).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("Checking the editor");
  await expect(page.getByLabel("Text (Markdown)")).toHaveValue("Some text.");
});

test("deleting a post asks for confirmation first", async ({ page }) => {
  const title = `Short-lived post ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Text (Markdown)").fill("Gone soon.");
  await page.getByRole("button", { name: "Save post" }).click();
  await expect(page.getByRole("status")).toHaveText("The post has been saved.");

  await page.getByRole("button", { name: "Delete post" }).click();
  await expect(page.getByText("Are you sure?")).toBeVisible();
  await page.getByRole("button", { name: "Yes, delete this post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("status")).toHaveText(`Deleted “${title}”.`);
  const main = page.getByRole("main");
  await main.getByRole("searchbox", { name: "Search posts by title" }).fill(title);
  await main.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(`No post title contains “${title}”.`)).toBeVisible();
});

// A 1×1 PNG.
const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test("a cover image needs alt text and is served as an image", async ({ page }) => {
  const title = `Cover test ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Text (Markdown)").fill("With a picture.");
  await page.getByLabel("Upload an image").setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: PIXEL });
  await page.getByRole("button", { name: "Save post" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Describe the cover image for people who cannot see it." }),
  ).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);

  // The uploaded image is kept while the form is fixed.
  await page.getByLabel("Image description (alt text)").fill("A white pixel");
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Save post" }).click();
  await expect(page.getByRole("status")).toHaveText("The post has been saved.");
  const slug = await page.getByLabel("Slug").inputValue();

  await page.goto(`/blog/${slug}`);
  const cover = page.getByRole("img", { name: "A white pixel" });
  await expect(cover).toBeVisible();
  const src = (await cover.getAttribute("src"))!;
  expect(src).toMatch(/^\/uploads\/blog\/[a-f0-9]{32}\.png$/);
  const image = await page.request.get(src);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await page.request.get("/uploads/blog/..%2Fhemline.sqlite")).status()).toBe(404);
});
