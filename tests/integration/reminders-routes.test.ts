import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, statusOf, type RouteHarness } from "../support/route-harness";
import { makeProduct } from "../support/product-factory";
import * as checkout from "~/routes/checkout";
import * as restore from "~/routes/reminders.restore";
import * as unsubscribe from "~/routes/reminders.unsubscribe";

// The reminder's links and the checkout's consent box, through the routes: one-click unsubscribe
// (RFC 8058) without a CSRF token, the page's button with one; a restore link fills the cart once
// and sets its cookie; expired, used or forged links get a clear page (410/400), never a 500; a
// guest who ticks the box is recorded even when the form is refused.

let h: RouteHarness;
const product = makeProduct({ name: "Wool Coat", priceMinor: 12000 });
const lines = [
  { productId: product.id, size: "M", colour: "Black", quantity: 1, name: "Wool Coat", unitPriceMinor: 12000 },
];

beforeAll(async () => {
  h = await createRouteHarness();
  await h.ctx.backend.store.products.upsertMany([product]);
});
afterAll(async () => {
  await h?.close();
});

/** The same request with one more cookie (the guest cart's). */
const withCookie = (request: Request, cookie: string) => {
  const headers = new Headers(request.headers);
  headers.set("Cookie", `${headers.get("Cookie")}; ${cookie}`);
  return new Request(request, { headers });
};

describe("unsubscribe", () => {
  it("a mail provider's one-click POST opts the address out without a CSRF token; a forged one is refused", async () => {
    const token = h.ctx.reminders.unsubscribeToken("one-click@example.com");
    const path = `/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
    const ok = await h.run(
      unsubscribe.action,
      h.request(path, "signed-out", { "List-Unsubscribe": "One-Click" }, { csrf: false }),
    );
    expect(statusOf(ok)).toBe(200);
    expect(await h.ctx.backend.store.abandonedCheckouts.isOptedOut("one-click@example.com")).toBe(true);
    const forged = await h.run(
      unsubscribe.action,
      h.request(
        `/reminders/unsubscribe?token=${token}x`,
        "signed-out",
        { "List-Unsubscribe": "One-Click" },
        { csrf: false },
      ),
    );
    expect(statusOf(forged)).toBe(400);
  });

  it("the page's button needs the CSRF token; a bad link shows a 400 page", async () => {
    const token = h.ctx.reminders.unsubscribeToken("button@example.com");
    const path = `/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(statusOf(await h.run(unsubscribe.loader, h.request(path, "signed-out")))).toBe(200);
    const noCsrf = await h.run(unsubscribe.action, h.request(path, "signed-out", { token }, { csrf: false }));
    expect(statusOf(noCsrf)).toBe(403);
    expect(await h.ctx.backend.store.abandonedCheckouts.isOptedOut("button@example.com")).toBe(false);
    const done = await h.run(unsubscribe.action, h.request(path, "signed-out", { token }));
    expect(statusOf(done)).toBe(303);
    expect(await h.ctx.backend.store.abandonedCheckouts.isOptedOut("button@example.com")).toBe(true);
    const bad = await h.run(unsubscribe.loader, h.request("/reminders/unsubscribe?token=nope", "signed-out"));
    expect(statusOf(bad)).toBe(400);
  });
});

describe("restore", () => {
  it("fills a guest's cart once (its cookie set), then says the link was used; expired and forged links get 410 and 400", async () => {
    await h.ctx.reminders.recordCheckout({ cartId: "guest:left-behind", email: "ann@example.com", lines });
    const token = h.ctx.reminders.restoreToken("guest:left-behind", Date.now() + 3_600_000);
    const path = `/reminders/restore?token=${encodeURIComponent(token)}`;
    expect(statusOf(await h.run(restore.loader, h.request(path, "signed-out")))).toBe(200);
    const done = (await h.run(restore.action, h.request(path, "signed-out", { token }))) as Response;
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/cart");
    const cartCookie = done.headers
      .getSetCookie()
      .find((c) => c.startsWith("__cart="))!
      .split(";")[0];
    const again = await h.run(restore.action, h.request(path, "signed-out", { token }));
    expect(statusOf(again)).toBe(410);

    // The restored cart is the guest's: checkout with that cookie sees the coat.
    const page = dataOf<{ cart: { lines: { name: string }[] } }>(
      await h.run(checkout.loader, withCookie(h.request("/checkout", "signed-out"), cartCookie)),
    );
    expect(page.cart.lines.map((l) => l.name)).toEqual(["Wool Coat"]);

    const expired = h.ctx.reminders.restoreToken("guest:left-behind", Date.now() - 1000);
    const old = await h.run(
      restore.loader,
      h.request(`/reminders/restore?token=${encodeURIComponent(expired)}`, "signed-out"),
    );
    expect(statusOf(old)).toBe(410);
    const forged = await h.run(restore.loader, h.request(`/reminders/restore?token=${token}x`, "signed-out"));
    expect(statusOf(forged)).toBe(400);
  });
});

describe("checkout consent", () => {
  it("records a guest who ticks the box even when the form is refused; not one who does not", async () => {
    await h.ctx.reminders.recordCheckout({ cartId: "guest:seed-cart", email: "seed@example.com", lines });
    const token = h.ctx.reminders.restoreToken("guest:seed-cart", Date.now() + 3_600_000);
    const done = (await h.run(
      restore.action,
      h.request(`/reminders/restore?token=${encodeURIComponent(token)}`, "signed-out", { token }),
    )) as Response;
    const cartCookie = done.headers
      .getSetCookie()
      .find((c) => c.startsWith("__cart="))!
      .split(";")[0];
    const form = (email: string, extra: Record<string, string>) => ({
      email,
      name: "Guest",
      line1: "1 Main Street",
      city: "Dublin",
      postalCode: "!!bad!!",
      country: "IE",
      shippingMethod: "standard",
      checkoutKey: crypto.randomUUID(),
      ...extra,
    });
    const refused = await h.run(
      checkout.action,
      withCookie(h.request("/checkout", "signed-out", form("Ticked@Example.com", { remindMe: "on" })), cartCookie),
    );
    expect(statusOf(refused)).toBe(400);
    const untick = await h.run(
      checkout.action,
      withCookie(h.request("/checkout", "signed-out", form("unticked@example.com", {})), cartCookie),
    );
    expect(statusOf(untick)).toBe(400);
    const latest = await h.ctx.backend.store.abandonedCheckouts.list(50);
    const emails = latest.map((r) => r.email);
    expect(emails).toContain("ticked@example.com");
    expect(emails).not.toContain("unticked@example.com");
    expect(latest.find((r) => r.email === "ticked@example.com")?.lines).toEqual(lines);
  });
});
