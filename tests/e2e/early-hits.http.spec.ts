import { expect, test } from "./fixtures";
import { parseConfig } from "~/server/config.server";
import { createStore } from "~/server/store/create-store.server";
import { startShop, serving } from "./support/extra-shop";
import { field, HttpShopper } from "./support/http-shopper";

// Kept pages sent before Remix (issue 27, app/server/page-delivery/early-hits.server.ts), on the production
// build: anonymous visitors share a page but each gets their own CSRF token and nonce; a change
// written by another process shows on the very next page; a visitor with a cart is sent only their
// own page again, with their own count.

const METRICS_TOKEN = "metrics-token-for-the-e2e-early-hits-test";
const PRODUCT = "/products/p0001";

const priceOf = (html: string) => Number(/<main[\s\S]*?data-price="(\d+)"/.exec(html)?.[1]);
const nonceOf = (html: string) => /<script[^>]*\bnonce="([^"]+)"/.exec(html)?.[1] ?? "";
/** The page with what differs per response (the nonce) blanked out. */
const sameness = (html: string) => html.replaceAll(nonceOf(html), "NONCE");

test("kept pages are sent before Remix with each visitor's own token, nonce and cart, never a stale price", async () => {
  const shop = await startShop(() => ({ METRICS_TOKEN }));
  try {
    const base = await serving(shop);
    const earlyHits = async () => {
      const text = await (
        await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return Number(
        /^hemline_render_cache_early_hits_total\{route="routes\/products\.\$id"\} (\S+)$/m.exec(text)?.[1] ?? 0,
      );
    };
    const page = async (shopper: HttpShopper) => {
      const response = await shopper.call(PRODUCT);
      expect(response.status).toBe(200);
      return { html: await response.text(), headers: response.headers };
    };

    /**
     * The visitor's next view that is sent before Remix. The shop's own background work (a lease renewed,
     * a sweep) writes to the store now and then, which rightly sends the next view through Remix; that
     * view is remembered again, so the one after is early.
     */
    const earlyView = async (shopper: HttpShopper) => {
      let view: Awaited<ReturnType<typeof page>> | null = null;
      await expect(async () => {
        const hits = await earlyHits();
        const candidate = await page(shopper);
        expect(await earlyHits()).toBe(hits + 1);
        view = candidate;
      }).toPass({ timeout: 30_000 });
      return view!;
    };

    // Ann's first view sets her CSRF cookie; Remix answers her second from the cache; then she is sent it early.
    const ann = new HttpShopper(base);
    await page(ann);
    const second = await page(ann);
    const third = await earlyView(ann);
    expect(third.headers.get("x-cache")).toBe("hit");
    expect(third.headers.get("set-cookie")).toBeNull();
    expect(sameness(third.html)).toBe(sameness(second.html));
    // A nonce of its own, the one its Content-Security-Policy allows.
    expect(nonceOf(third.html)).not.toBe(nonceOf(second.html));
    expect(third.headers.get("content-security-policy")).toContain(`'nonce-${nonceOf(third.html)}'`);

    // Bob, another anonymous visitor, is sent the same page early, with his own token in its forms.
    const bob = new HttpShopper(base);
    await page(bob);
    const bobs = await earlyView(bob);
    const tokenless = (html: string) => sameness(html).replaceAll(field(html, "csrf"), "TOKEN");
    expect(tokenless(bobs.html)).toBe(tokenless(third.html));
    expect(field(bobs.html, "csrf")).not.toBe(field(third.html, "csrf"));

    // Another process changes the price: the very next page shows it (never early: the store changed).
    const price = priceOf(third.html);
    const store = createStore(parseConfig({ DATA_DIR: shop.dataDir }));
    try {
      const product = (await store.products.get("p0001"))!;
      await store.products.upsertMany([{ ...product, priceMinor: product.priceMinor + 500 }]);
    } finally {
      await store.close();
    }
    const before = await earlyHits();
    const changed = await page(ann);
    expect(priceOf(changed.html)).toBe(price + 500);
    expect(await earlyHits()).toBe(before);
    expect(priceOf((await earlyView(bob)).html)).toBe(price + 500);

    // Cara puts something in her cart.
    const cara = new HttpShopper(base);
    const html = (await page(cara)).html;
    const form = new URLSearchParams({
      intent: "add",
      csrf: field(html, "csrf"),
      productId: "p0001",
      colour: field(html, "colour"),
      size: /<input(?![^>]*disabled)[^>]*name="size"[^>]*value="([^"]+)"/.exec(html)?.[1] ?? "",
      quantity: "1",
    });
    const added = await cara.call(PRODUCT, { method: "POST", body: form });
    expect(added.status, await added.text()).toBe(303);
    // Her pages are her own: sent early only to her (keyed by her cookies), with her cart's count.
    // (Her first page shows the notice of what she added, once: that answer clears a cookie and is not remembered.)
    await page(cara);
    const hers = await earlyView(cara);
    expect(hers.html).toMatch(/<span class="sr-only">, 1 items?<\/span>/);
    // And Ann, still anonymous and without a cart, never sees Cara's count, early or not.
    expect((await earlyView(ann)).html).toMatch(/<span class="sr-only">, 0 items<\/span>/);
    expect((await page(ann)).html).toMatch(/<span class="sr-only">, 0 items<\/span>/);
  } finally {
    await shop.stop();
  }
});
