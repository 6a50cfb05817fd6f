import { expect, test } from "./fixtures";
import { startShop } from "./support/extra-shop";

// The shop never contradicts itself: a shop started with other delivery prices, another
// free-delivery threshold and another returns window states those figures on every page that
// states them (the info pages, the footer, the home page, the product page, the empty cart), and none of the
// defaults. Requests only, so once (in the js-on project).

test.describe.configure({ timeout: 240_000 });

// The first-start delivery prices are constants: a test seeds others through the test-hook switch.
const CONFIGURED = { RETURNS_WINDOW_DAYS: "45" };
const SEED = ["shipping-seed=111/2222/12345"];
const FREE_FROM = "€123.45";

/** Where each page states which figure. */
const PAGES: Record<string, string[]> = {
  "/": [`Free standard shipping from ${FREE_FROM} and 45 days to change your mind`],
  "/products/p0001": [`Free standard shipping from ${FREE_FROM}.`, "free 45-day returns"],
  "/shipping": [FREE_FROM, "€1.11", "€22.22"],
  "/returns": ["45 days"],
  "/terms": [FREE_FROM, "€1.11", "€22.22", "45 days"],
  "/about": [FREE_FROM, "45 days"],
  "/size-guide": ["45 days"],
  "/cart": [`Free standard delivery from ${FREE_FROM} and free 45-day returns.`],
};
// The default threshold reads "€75"; a product at €75.00 (a suggestion on the product page) is
// not a default figure, so a price with cents does not count.
const DEFAULTS = [/€75(?![.\d])/, /€4\.95/, /€9\.95/, /30-day/];

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    // React's markers between adjacent text parts.
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

test("a shop configured with other figures states them on every page, and no default", async ({ request }) => {
  const shop = await startShop(
    (port) => ({ ...CONFIGURED, SHOP_BACKEND: "embedded", PUBLIC_URL: `http://127.0.0.1:${port}` }),
    { testHooks: SEED },
  );
  const base = `http://127.0.0.1:${shop.port}`;
  try {
    await expect(async () => {
      expect((await fetch(`${base}/healthz`)).status, shop.output()).toBe(200);
    }).toPass({ timeout: 180_000 });

    for (const [page, figures] of Object.entries(PAGES)) {
      const response = await request.get(`${base}${page}`);
      expect(response.status(), page).toBe(200);
      const body = text(await response.text());
      // The footer is on every page.
      expect(body, `${page}: footer`).toContain(`Free standard shipping from ${FREE_FROM} and free 45-day returns.`);
      for (const figure of figures) expect(body, `${page}: ${figure}`).toContain(figure);
      for (const old of DEFAULTS) expect(body, `${page}: ${old}`).not.toMatch(old);
    }
  } finally {
    await shop.stop();
  }
});
