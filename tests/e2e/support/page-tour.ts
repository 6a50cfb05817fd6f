import type { Page, TestInfo } from "@playwright/test";
import { expect } from "../fixtures";
import { PASSWORD, register, registerOrSignIn, uniqueEmail } from "./accounts";
import { resetLinkFor } from "./outbox";
import { fillCheckout } from "./shop";

// Every page type of the shop, each seen by the visitor who gets it (a guest, a signed-in shopper,
// an admin) in the state that shows the most of it: an empty cart and one with items, an order
// awaiting payment and a paid one, an import's dry run. The checks that walk these tours (the
// HTML checker, axe, focus indicators, SEO basics) are given each stop and do their own thing
// there; the tour drives the shop between stops as a person would, with JavaScript on or off.

export interface Stop {
  /** A short name for reports and file names: "product", "admin order". */
  name: string;
  /** Path and query on the shop. */
  path: string;
  /** The status the page answers with. */
  status: number;
  /** Whether search engines may index it (otherwise it says noindex and the sitemap leaves it out). */
  indexed: boolean;
}

export type Visit = (stop: Stop) => Promise<void>;

/** Drives the shop from page to page, handing each stop to `visit`. */
export type Tour = (page: Page, testInfo: TestInfo, visit: Visit) => Promise<void>;

/**
 * Products only these tours buy, one per tour and project, so they never take stock another
 * spec counts on. p0001 is visited (not bought): its XXL is sold out in every colour.
 */
function productFor(testInfo: TestInfo, tour: "guest" | "shopper"): string {
  const projects = ["js-on", "js-off"];
  const project = Math.max(0, projects.indexOf(testInfo.project.name));
  const spec = /html-validity/.test(testInfo.file) ? 4 : 0;
  return `p00${90 + spec + project * 2 + (tour === "guest" ? 0 : 1)}`;
}

/** Add one unit of the first colour and size still on sale (read from the availability table). */
export async function addAvailable(page: Page, productId: string): Promise<void> {
  await page.goto(`/products/${productId}`);
  const choice = await page
    .locator("table", { has: page.locator("caption", { hasText: "Stock for each colour and size" }) })
    .evaluate((table) => {
      const sizes = [...table.querySelectorAll("thead th")].slice(1).map((th) => th.textContent?.trim() ?? "");
      for (const row of table.querySelectorAll("tbody tr")) {
        const colour = row.querySelector("th")?.textContent?.trim() ?? "";
        const cells = [...row.querySelectorAll("td")];
        const index = cells.findIndex((td) => td.textContent?.trim() !== "Sold out");
        if (index >= 0) return { colour, size: sizes[index] };
      }
      return null;
    });
  if (!choice) throw new Error(`${productId} is sold out: pick another product for the page tour`);
  await page
    .getByRole("group", { name: /Colour/ })
    .getByRole("link", { name: choice.colour, exact: true })
    .click();
  await expect(
    page.getByRole("group", { name: /Colour/ }).getByRole("link", { name: choice.colour, exact: true }),
  ).toHaveAttribute("aria-current", "true");
  await page
    .getByRole("group", { name: /Size/ })
    .getByRole("radio", { name: new RegExp(`^${choice.size}\\b`) })
    .check({ force: true });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to your cart" })).toBeVisible();
}

/** Place the cart as an order with `card`; returns the order page's path and query. */
async function placeOrder(page: Page, email: string | undefined, card: string): Promise<string> {
  await page.goto("/checkout");
  await fillCheckout(page, { email, card });
  await page.getByRole("button", { name: "Place order and pay" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Order HM-/);
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** A signed-out visitor browsing: home, listings, search, a product, an empty cart and checkout. */
const browsingTour: Tour = async (page, testInfo, visit) => {
  await visit({ name: "home", path: "/", status: 200, indexed: true });
  await visit({ name: "listing", path: "/products", status: 200, indexed: true });
  await visit({ name: "category", path: "/products?category=jeans", status: 200, indexed: true });
  await visit({
    name: "filtered category",
    path: "/products?category=t-shirts&size=M&colour=White&sort=price-asc",
    status: 200,
    indexed: false,
  });
  await visit({ name: "search", path: "/products?search=linen", status: 200, indexed: false });
  await visit({ name: "search without results", path: "/products?search=zzzqqq", status: 200, indexed: false });
  await visit({ name: "listing page 2", path: "/products?page=2", status: 200, indexed: false });
  await visit({ name: "product with sold-out sizes", path: "/products/p0001", status: 200, indexed: true });
  await visit({ name: "listing by rating", path: "/products?sort=rating", status: 200, indexed: true });
  // The best rated product: approved reviews, their sort links and Helpful counts.
  const rated = await firstHref(page, "/products?sort=rating", /^\/products\/p\d+$/);
  await visit({ name: "product with reviews", path: rated, status: 200, indexed: true });
  await visit({
    name: "product reviews, most helpful first",
    path: `${rated}?reviews=helpful&reviewPage=2`,
    status: 200,
    indexed: false,
  });
  await visit({ name: "empty cart", path: "/cart", status: 200, indexed: false });
  await visit({ name: "checkout with an empty cart", path: "/checkout", status: 200, indexed: false });
};

/** A signed-out visitor reading: the account forms, the blog, the info pages, pages that are not there. */
const readingTour: Tour = async (page, testInfo, visit) => {
  await visit({ name: "sign-in", path: "/auth/login", status: 200, indexed: false });
  await visit({ name: "registration", path: "/auth/register", status: 200, indexed: false });
  await visit({ name: "forgotten password", path: "/auth/forgot-password", status: 200, indexed: false });
  await visit({
    name: "password reset (bad link)",
    path: "/auth/reset-password?token=not-a-token",
    status: 200,
    indexed: false,
  });
  await visit({ name: "blog", path: "/blog", status: 200, indexed: true });
  const post = await firstHref(page, "/blog", /^\/blog\/(?!rss\.xml)[^/?#]+$/);
  await visit({ name: "blog post", path: post, status: 200, indexed: true });
  for (const info of ["about", "size-guide", "care-guide", "terms", "privacy", "returns", "shipping"]) {
    await visit({ name: `info: ${info}`, path: `/${info}`, status: 200, indexed: true });
  }
  await visit({ name: "not found", path: "/no-such-page", status: 404, indexed: false });
  await visit({ name: "product not found", path: "/products/p9999", status: 404, indexed: false });
};

/** A guest buying: a cart with items, the checkout, an order whose card was declined. */
const guestPurchaseTour: Tour = async (page, testInfo, visit) => {
  await addAvailable(page, productFor(testInfo, "guest"));
  await visit({ name: "cart with items", path: "/cart", status: 200, indexed: false });
  await visit({ name: "checkout", path: "/checkout", status: 200, indexed: false });
  // A declined card: the order waits for payment and its page offers to pay again.
  const order = await placeOrder(page, uniqueEmail(testInfo, "tour-guest"), "4000 0000 0000 0002");
  await visit({ name: "order awaiting payment", path: order, status: 200, indexed: false });
  const noInvoice = new URL(order, "http://shop");
  await visit({
    name: "no invoice yet",
    path: `${noInvoice.pathname}/invoice${noInvoice.search}`,
    status: 404,
    indexed: false,
  });
};

/** A signed-in shopper: profile, orders, a paid order, and the back office they may not enter. */
const shopperTour: Tour = async (page, testInfo, visit) => {
  const email = uniqueEmail(testInfo, "tour-shopper");
  await register(page, email);
  // Their password forgotten: the link is sent, and the reset form it opens.
  await page.goto("/auth/forgot-password");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that address");
  const sent = new URL(page.url());
  await visit({ name: "reset link sent", path: sent.pathname + sent.search, status: 200, indexed: false });
  const link = new URL(await resetLinkFor(email, testInfo));
  await visit({ name: "password reset form", path: link.pathname + link.search, status: 200, indexed: false });

  await visit({ name: "profile", path: "/profile", status: 200, indexed: false });
  await visit({ name: "add an address", path: "/profile/addresses/new", status: 200, indexed: false });
  await visit({ name: "no saved items", path: "/wishlist", status: 200, indexed: false });
  await visit({ name: "no orders yet", path: "/orders", status: 200, indexed: false });
  await addAvailable(page, productFor(testInfo, "shopper"));
  const order = await placeOrder(page, undefined, "4242 4242 4242 4242");
  await visit({ name: "paid order", path: order, status: 200, indexed: false });
  const invoice = new URL(order, "http://shop");
  await visit({ name: "invoice", path: `${invoice.pathname}/invoice${invoice.search}`, status: 200, indexed: false });
  await visit({ name: "orders", path: "/orders", status: 200, indexed: false });
  await visit({ name: "forbidden", path: "/admin", status: 403, indexed: false });
};

/**
 * An admin of the test server's ADMIN_EMAILS (payments-admin-*: no other spec signs in with it):
 * every back-office page, with ids taken from the lists.
 */
async function signInAsAdmin(page: Page, testInfo: TestInfo): Promise<void> {
  const project = testInfo.project.name === "js-off" ? "js-off" : "js-on";
  await registerOrSignIn(page, `payments-admin-${project}@hemline.test`, PASSWORD);
}

/** The back office's catalogue and orders: products, import, orders, customers, analytics. */
const adminCatalogueTour: Tour = async (page, testInfo, visit) => {
  await signInAsAdmin(page, testInfo);
  await visit({ name: "admin dashboard", path: "/admin", status: 200, indexed: false });
  await visit({ name: "admin products", path: "/admin/products", status: 200, indexed: false });
  await visit({
    name: "admin products filtered",
    path: "/admin/products?q=tee&stock=low&sort=name",
    status: 200,
    indexed: false,
  });
  const product = await firstHref(page, "/admin/products", /^\/admin\/products\/[^/]+\/edit$/);
  await visit({ name: "admin product editor", path: product, status: 200, indexed: false });
  await visit({ name: "admin new product", path: "/admin/products/new", status: 200, indexed: false });
  await visit({ name: "admin category report", path: "/admin/products/categories", status: 200, indexed: false });
  await visit({ name: "admin categories", path: "/admin/categories", status: 200, indexed: false });
  await visit({ name: "admin import", path: "/admin/products/import", status: 200, indexed: false });
  await visit({ name: "admin import dry run", path: await importDryRun(page), status: 200, indexed: false });
  await visit({ name: "admin orders", path: "/admin/orders", status: 200, indexed: false });
  await visit({ name: "admin orders filtered", path: "/admin/orders?status=paid", status: 200, indexed: false });
  const order = await firstHref(page, "/admin/orders", /^\/admin\/orders\/(?!analytics)[^/?]+$/);
  await visit({ name: "admin order", path: order, status: 200, indexed: false });
  await visit({ name: "admin orders analytics", path: "/admin/orders/analytics", status: 200, indexed: false });
  await visit({ name: "admin users", path: "/admin/users", status: 200, indexed: false });
  const user = await firstHref(page, "/admin/users", /^\/admin\/users\/(?!analytics)[^/?]+$/);
  await visit({ name: "admin user", path: user, status: 200, indexed: false });
  await visit({ name: "admin users analytics", path: "/admin/users/analytics", status: 200, indexed: false });
  await visit({ name: "admin analytics", path: "/admin/analytics", status: 200, indexed: false });
  await visit({ name: "admin sales", path: "/admin/analytics/sales", status: 200, indexed: false });
  await visit({ name: "admin reports", path: "/admin/reports", status: 200, indexed: false });
  await visit({ name: "admin not found", path: "/admin/orders/no-such-order", status: 404, indexed: false });
};

/** The back office's content and settings: blog, reviews, promotions, keys, staff, shipping, markets. */
const adminSettingsTour: Tour = async (page, testInfo, visit) => {
  await signInAsAdmin(page, testInfo);
  await visit({ name: "admin order e-mails", path: "/admin/emails?kind=shipped", status: 200, indexed: false });
  await visit({ name: "admin blog", path: "/admin/blog", status: 200, indexed: false });
  await visit({ name: "admin new post", path: "/admin/blog/new", status: 200, indexed: false });
  // A seeded post: the newest one may be another test's short-lived post, deleted while the tour runs.
  const post = await firstHref(page, "/admin/blog?q=wash%20wool", /^\/admin\/blog\/[^/]+\/edit$/);
  await visit({ name: "admin post editor", path: post, status: 200, indexed: false });
  await visit({ name: "admin audit log", path: "/admin/audit", status: 200, indexed: false });
  await visit({ name: "admin returns", path: "/admin/returns", status: 200, indexed: false });
  await visit({ name: "admin promotions", path: "/admin/promotions", status: 200, indexed: false });
  await visit({ name: "admin new promotion", path: "/admin/promotions/new", status: 200, indexed: false });
  await visit({ name: "admin reviews", path: "/admin/reviews", status: 200, indexed: false });
  await visit({ name: "admin approved reviews", path: "/admin/reviews?status=approved", status: 200, indexed: false });
  await visit({ name: "admin api keys", path: "/admin/api-keys", status: 200, indexed: false });
  await visit({ name: "admin webhooks", path: "/admin/webhooks", status: 200, indexed: false });
  await visit({ name: "test payments", path: "/test-stripe", status: 200, indexed: false });
  await visit({ name: "admin staff", path: "/admin/staff", status: 200, indexed: false });
  await visit({ name: "admin shipping", path: "/admin/shipping", status: 200, indexed: false });
  await visit({ name: "admin shipping zone", path: "/admin/shipping/europe", status: 200, indexed: false });
  await visit({ name: "admin new shipping zone", path: "/admin/shipping/new", status: 200, indexed: false });
  await visit({ name: "admin markets", path: "/admin/markets", status: 200, indexed: false });
  await visit({ name: "admin market", path: "/admin/markets/europe", status: 200, indexed: false });
  await visit({ name: "admin new market", path: "/admin/markets/new", status: 200, indexed: false });
  await visit({
    name: "staff invitation, unknown",
    path: "/staff/invitation/no-such-token",
    status: 410,
    indexed: false,
  });
};

/** The storefront's tours: every page a shopper can reach. */
export const STOREFRONT_TOURS: ReadonlyArray<{ name: string; tour: Tour }> = [
  { name: "a guest browsing", tour: browsingTour },
  { name: "a guest reading", tour: readingTour },
  { name: "a guest buying", tour: guestPurchaseTour },
  { name: "a signed-in shopper", tour: shopperTour },
];

/** The back office in two halves, so two workers share its many pages. */
export const ADMIN_TOURS: ReadonlyArray<{ name: string; tour: Tour }> = [
  { name: "an admin running the catalogue and orders", tour: adminCatalogueTour },
  { name: "an admin running content and settings", tour: adminSettingsTour },
];

/** Every tour: together they visit every page type. */
export const TOURS = [...STOREFRONT_TOURS, ...ADMIN_TOURS];

/** The first link on `path` whose href matches. */
async function firstHref(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.find((h) => pattern.test(h));
  if (!href) throw new Error(`No link matching ${pattern} on ${path}`);
  return href;
}

/** Upload a CSV with one bad line (nothing is saved by a dry run); returns the job's page. */
async function importDryRun(page: Page): Promise<string> {
  const csv = [
    "slug,name,description,category,price,status,colour,colour_hex,size,sku,stock",
    "tour-bad-price,Tour Jeans,Straight jeans.,jeans,12.3.4,active,Red,#ff0000,30,TOUR-BAD-1,1",
  ].join("\n");
  await page.goto("/admin/products/import");
  await page
    .getByLabel("CSV file")
    .setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Check the file (dry run)" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Dry run: nothing has been saved." })).toBeVisible();
  const url = new URL(page.url());
  return url.pathname + url.search;
}
