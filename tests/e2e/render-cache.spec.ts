import type { TestInfo } from "@playwright/test";
import http, { type IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import { expect, test } from "./fixtures";
import { register, registerOrSignIn, uniqueEmail } from "./support/accounts";
import { createProduct, uniqueWord } from "./support/admin-catalogue";
import { addToCart, headerCount } from "./support/shop";

// Catalogue pages are rendered once and served again to every shopper whose page would be the same
// but for the form token (decision 0021). What a shopper sees must still be theirs: their own cart
// count and a form token that their own session accepts, and a price an admin changed at once.
// Each project signs in as its own admin (in the test server's ADMIN_EMAILS) and uses its own product.

const adminFor = (testInfo: TestInfo) =>
  `cache-admin-${testInfo.project.name === "js-off" ? "js-off" : "js-on"}@hemline.test`;

/**
 * The second visit's response once it is a hit, after the first visit rendered or served the page.
 * Other specs change shop-wide settings while this one runs (a market or a zone changes every page's
 * footer), and each change has every page rendered once more: then both visits are made again, at
 * most three times, so the second is still a hit only if it is served what the first visit left.
 */
async function servedAfter<R extends { headers(): Record<string, string> } | null>(
  first: () => Promise<unknown>,
  second: () => Promise<R>,
): Promise<R> {
  let response = await second();
  for (let round = 1; round < 3 && response?.headers()["x-cache"] !== "hit"; round++) {
    await first();
    response = await second();
  }
  return response;
}

test("a page served again carries each shopper's own cart and form token, and shows a new price at once", async ({
  page,
  browser,
  js,
}, testInfo) => {
  const word = uniqueWord();
  const name = `${word} Kept Jeans`;
  await registerOrSignIn(page, adminFor(testInfo));
  const id = await createProduct(page, name);

  const contexts = await Promise.all([
    browser.newContext({ javaScriptEnabled: js }),
    browser.newContext({ javaScriptEnabled: js }),
  ]);
  const [first, second] = await Promise.all(contexts.map((context) => context.newPage()));
  // The same page for two shoppers with empty carts: the second gets what was rendered for the first.
  for (const shop of [first, second]) {
    await shop.goto(`/products/${id}`);
    await expect(shop.getByRole("heading", { level: 1, name })).toBeVisible();
    // The product's own price comes first; related products below may cost the same.
    await expect(shop.locator("[data-price]").first()).toHaveText("€79.50");
    expect(await headerCount(shop)).toBe(0);
  }
  const tokenOf = (shop: typeof first) => shop.locator('input[name="csrf"]').first().getAttribute("value");
  const [firstToken, secondToken] = [await tokenOf(first), await tokenOf(second)];
  expect(firstToken).toBeTruthy();
  expect(secondToken).not.toBe(firstToken);
  // Every form on the page carries the shopper's own token, none the other's.
  const tokens = await second
    .locator('input[name="csrf"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  expect(tokens.length).toBeGreaterThan(1);
  expect(new Set(tokens)).toEqual(new Set([secondToken]));

  // The second shopper's token is accepted: the unit goes into their cart, not the first's.
  await addToCart(second, { productId: id, colour: "Indigo", size: "30" });
  expect(await headerCount(second)).toBe(1);
  await second.goto(`/products/${id}`);
  expect(await headerCount(second)).toBe(1);
  await first.goto(`/products/${id}`);
  expect(await headerCount(first)).toBe(0);

  // A new price shows on the next view of the product page and of the listing.
  await page.goto(`/admin/products/${id}/edit`);
  await page.getByLabel("Price (€)", { exact: true }).fill("59.00");
  await page.getByRole("button", { name: "Save product", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The product has been saved." })).toBeVisible();
  await first.goto(`/products/${id}`);
  await expect(first.locator("[data-price]").first()).toHaveText("€59.00");
  await first.goto(`/products?search=${word}`);
  const card = first
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: first.getByRole("link", { name }) });
  await expect(card.locator("[data-price]")).toHaveText("€59.00");
  await Promise.all(contexts.map((context) => context.close()));
});

test("signed-in shoppers with a cart get cached pages with their own address, cart count and token", async ({
  page,
  browser,
  js,
}, testInfo) => {
  // Two registrations, a product, three carts' worth of posts and a dozen pages.
  test.setTimeout(90_000);
  const word = uniqueWord();
  const name = `${word} Shared Jeans`;
  await registerOrSignIn(page, adminFor(testInfo));
  const id = await createProduct(page, name);

  const contexts = await Promise.all([
    browser.newContext({ javaScriptEnabled: js }),
    browser.newContext({ javaScriptEnabled: js }),
  ]);
  const [ann, bob] = await Promise.all(contexts.map((context) => context.newPage()));
  const emails = [uniqueEmail(testInfo, "cache-ann"), uniqueEmail(testInfo, "cache-bob")];
  // Both signed in, each with one unit in their cart: the same page but for who they are.
  for (const [shop, email] of [
    [ann, emails[0]],
    [bob, emails[1]],
  ] as const) {
    await register(shop, email);
    await addToCart(shop, { productId: id, colour: "Indigo", size: "30" });
  }

  const account = (shop: typeof ann) => shop.getByRole("navigation", { name: "Account" });
  const tokensOf = (shop: typeof ann) =>
    shop.locator('input[name="csrf"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const viewed = await ann.goto(`/products/${id}`);
  await expect(ann.getByRole("heading", { level: 1, name })).toBeVisible();
  // Ann's view was rendered (or served) once; Bob's, the same page for another shopper, is served again.
  expect(["hit", "miss"]).toContain(viewed?.headers()["x-cache"]);
  const served = await servedAfter(
    () => ann.goto(`/products/${id}`),
    () => bob.goto(`/products/${id}`),
  );
  expect(served?.headers()["x-cache"]).toBe("hit");
  await expect(account(bob).getByRole("link", { name: emails[1] })).toBeVisible();
  expect(await headerCount(bob)).toBe(1);
  // Nothing of Ann's on Bob's page: not her address, not her token.
  expect(await bob.content()).not.toContain(emails[0]);
  const [annTokens, bobTokens] = [await tokensOf(ann), await tokensOf(bob)];
  expect(bobTokens.length).toBeGreaterThan(1);
  expect(new Set(bobTokens).size).toBe(1);
  expect(bobTokens[0]).not.toBe(annTokens[0]);

  // Bob's token is accepted by his session: a second unit goes into his cart, not Ann's.
  await addToCart(bob, { productId: id, colour: "Indigo", size: "30" });
  await bob.goto(`/products/${id}`);
  expect(await headerCount(bob)).toBe(2);
  const again = await servedAfter(
    () => bob.goto(`/products/${id}`),
    () => ann.goto(`/products/${id}`),
  );
  expect(again?.headers()["x-cache"]).toBe("hit");
  await expect(account(ann).getByRole("link", { name: emails[0] })).toBeVisible();
  expect(await headerCount(ann)).toBe(1);
  expect(await ann.content()).not.toContain(emails[1]);

  // A link from a newsletter or an ad is the same page: served from the cache, its canonical URL clean.
  const tracked = await servedAfter(
    () => ann.goto(`/products/${id}`),
    () => ann.goto(`/products/${id}?utm_source=newsletter&utm_medium=email&gclid=abc123`),
  );
  expect(tracked?.headers()["x-cache"]).toBe("hit");
  const canonical = await ann.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`/products/${id}$`));
  // Listing parameters in another order, with tracking added, are the listing already rendered.
  await ann.goto(`/products?search=${word}&sort=newest`);
  const reordered = await servedAfter(
    () => ann.goto(`/products?search=${word}&sort=newest`),
    () => ann.goto(`/products?fbclid=xyz&sort=newest&search=${word}`),
  );
  expect(reordered?.headers()["x-cache"]).toBe("hit");
  expect(await ann.locator('link[rel="canonical"]').getAttribute("href")).not.toContain("fbclid");

  // An admin's new price shows on the signed-in shoppers' next view, on the product page and the search.
  await page.goto(`/admin/products/${id}/edit`);
  await page.getByLabel("Price (€)", { exact: true }).fill("61.00");
  await page.getByRole("button", { name: "Save product", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "The product has been saved." })).toBeVisible();
  await bob.goto(`/products/${id}`);
  await expect(bob.locator("[data-price]").first()).toHaveText("€61.00");
  await expect(account(bob).getByRole("link", { name: emails[1] })).toBeVisible();
  await ann.goto(`/products?search=${word}&sort=newest`);
  const card = ann
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: ann.getByRole("link", { name }) });
  await expect(card.locator("[data-price]")).toHaveText("€61.00");
  await Promise.all(contexts.map((context) => context.close()));
});

/** One GET with the given Accept-Encoding and cookie, its body as sent (not decoded) and its headers. */
function rawGet(url: string, acceptEncoding: string, cookie = "") {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers: Record<string, string> = { "Accept-Encoding": acceptEncoding };
    if (cookie) headers.Cookie = cookie;
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

const decode = (body: Buffer, encoding: string | undefined) =>
  (encoding === "gzip" ? zlib.gunzipSync(body) : encoding === "br" ? zlib.brotliDecompressSync(body) : body).toString();
const formTokens = (html: string) => [...html.matchAll(/name="csrf" value="([^"]+)"/g)].map((m) => m[1]);
const nonces = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
const cookieOf = (headers: IncomingHttpHeaders) => (headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");

test("a kept page is sent compressed for the encoding asked, with the viewer's own token and nonce, and says it varies", async ({
  page,
}, testInfo) => {
  // Decision 0028: a hit is gzip put together around the viewer's values, whatever else the request takes.
  const url = new URL("/products?sort=newest", testInfo.project.use.baseURL).href;
  const first = await rawGet(url, "gzip, deflate, br");
  const visitor = cookieOf(first.headers);
  const firstHtml = decode(first.body, first.headers["content-encoding"]);
  const [token] = formTokens(firstHtml);
  expect(token).toBeTruthy();
  // A page is kept from its second render within a minute (RenderCache.admits): this one, or one before.
  await expect(async () => {
    expect((await rawGet(url, "gzip", visitor)).headers["x-cache"]).toBe("hit");
  }).toPass({ timeout: 10_000 });

  const answers = [];
  for (const acceptEncoding of ["gzip, deflate, br", "br", "identity", ""]) {
    const answer = await rawGet(url, acceptEncoding, visitor);
    expect(answer.headers["x-cache"], acceptEncoding).toBe("hit");
    expect(answer.headers.vary, acceptEncoding).toMatch(/Accept-Encoding/i);
    answers.push({ acceptEncoding, ...answer, html: decode(answer.body, answer.headers["content-encoding"]) });
  }
  const [gzipped, brotli, identity, none] = answers;
  expect(gzipped.headers["content-encoding"]).toBe("gzip");
  expect(Number(gzipped.headers["content-length"])).toBe(gzipped.body.length);
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(identity.headers["content-encoding"]).toBeUndefined();
  expect(none.headers["content-encoding"]).toBeUndefined();

  // Each answer is the same page, with this visitor's token in every form and the response's own nonce.
  const pageOf = (html: string) =>
    html
      .replaceAll(token, "TOKEN")
      .replace(/nonce="[^"]+"/g, 'nonce="N"')
      .replace(/nonce-[A-Za-z0-9+/=]+/g, "nonce-N");
  for (const answer of answers) {
    const tokens = formTokens(answer.html);
    expect(tokens.length, answer.acceptEncoding).toBeGreaterThan(0);
    expect(new Set(tokens), answer.acceptEncoding).toEqual(new Set([token]));
    const [nonce] = nonces(answer.html);
    expect(new Set(nonces(answer.html))).toEqual(new Set([nonce]));
    expect(answer.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
    expect(pageOf(answer.html), answer.acceptEncoding).toBe(pageOf(gzipped.html));
  }
  expect(new Set(answers.map((a) => nonces(a.html)[0])).size).toBe(answers.length);

  // Another visitor's hit carries their token, never this one's, and their token works in a browser.
  const other = await rawGet(url, "gzip");
  expect(other.headers["x-cache"]).toBe("hit");
  const otherHtml = decode(other.body, other.headers["content-encoding"]);
  expect(otherHtml).not.toContain(token);
  expect(formTokens(otherHtml)[0]).not.toBe(token);
  await page.goto("/products?sort=newest");
  await expect(page.getByRole("main").getByRole("listitem").first()).toBeVisible();
});
