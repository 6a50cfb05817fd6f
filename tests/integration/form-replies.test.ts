import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, statusOf, type RouteHarness, type Who } from "../support/route-harness";

// Every refused form answers conform's reply with a 4xx; on a page with several forms the answer
// names the intent of the form it belongs to, and the reply keeps what was sent (which line, which
// review), so each form shows only its own message (issue 26, item 4).

type Reply = {
  intent?: string;
  result: { status?: string; error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> };
};

describe("one shape for a refused form, keyed by intent", () => {
  let harness: RouteHarness;
  const productId = "reply-product";

  beforeAll(async () => {
    harness = await createRouteHarness();
    const { makeProduct } = await import("../support/product-factory");
    await harness.ctx.backend.store.products.save(makeProduct({ id: productId, name: "Reply tee" }));
  });
  afterAll(async () => {
    await harness.close();
  });

  const post = async (route: string, path: string, form: Record<string, string>, params = {}, who: Who = "shopper") =>
    harness.run(
      ((await import(/* @vite-ignore */ route)) as { action: never }).action,
      harness.request(path, who, form),
      params,
    );
  const asAdmin = (route: string, path: string, form: Record<string, string>) => post(route, path, form, {}, "admin");
  const onProduct = (form: Record<string, string>, who: Who = "shopper") =>
    post("~/routes/products.$id/route", `/products/${productId}`, form, { id: productId }, who);

  it("the product page's add-to-cart form: a missing size is the size field's, keyed add", async () => {
    const outcome = await onProduct({ intent: "add", colour: "Black" });
    expect(statusOf(outcome)).toBe(400);
    expect(dataOf<Reply>(outcome)).toMatchObject({ intent: "add", result: { error: { size: ["Choose a size."] } } });
    // A quantity over what is in stock is the quantity's, with 409.
    const tooMany = await onProduct({ intent: "add", colour: "Black", size: "M", quantity: "6" });
    expect(statusOf(tooMany)).toBe(409);
    expect(dataOf<Reply>(tooMany).intent).toBe("add");
    expect(Object.keys(dataOf<Reply>(tooMany).result.error ?? {})).toEqual(["quantity"]);
    // An intent no form sends is the add form's to refuse, not a stray answer no form shows.
    const stray = await onProduct({ intent: "nonsense", colour: "Black", size: "M" });
    expect(statusOf(stray)).toBe(400);
    expect(dataOf<Reply>(stray).intent).toBe("add");
  });

  it("the back-in-stock form keeps the address typed, keyed stock-alert", async () => {
    const outcome = await onProduct({ intent: "stock-alert", email: "not-an-address", variant: "Black|M" });
    expect(statusOf(outcome)).toBe(400);
    expect(dataOf<Reply>(outcome)).toMatchObject({
      intent: "stock-alert",
      result: {
        error: { email: ["Enter a valid e-mail address, like name@example.com."] },
        initialValue: { email: "not-an-address", variant: "Black|M" },
      },
    });
  });

  it("a form without its CSRF token is refused with 403 in the same shape", async () => {
    const outcome = await harness.run(
      (await import("~/routes/products.$id/route")).action,
      harness.request(
        `/products/${productId}`,
        "shopper",
        { intent: "add", colour: "Black", size: "M" },
        { csrf: false },
      ),
      { id: productId },
    );
    expect(statusOf(outcome)).toBe(403);
    const reply = dataOf<Reply>(outcome);
    expect(reply.intent).toBe("add");
    expect(reply.result.error?.[""]?.[0]).toBeTruthy();
  });

  it("the cart: a line's refusal names the line; the code form's is keyed code", async () => {
    const bad = await post("~/routes/cart/route", "/cart", { intent: "update", line: "no-such-line", quantity: "0" });
    expect(statusOf(bad)).toBe(400);
    expect(dataOf<Reply>(bad)).toMatchObject({
      intent: "line",
      result: { error: { quantity: ["Enter a quantity from 1 to 10."] }, initialValue: { line: "no-such-line" } },
    });
    const gone = await post("~/routes/cart/route", "/cart", { intent: "remove", line: "no-such-line" });
    expect(statusOf(gone)).toBe(404);
    expect(dataOf<Reply>(gone)).toMatchObject({
      intent: "line",
      result: { error: { cart: ["That item is no longer in your cart."] } },
    });
    const code = await post("~/routes/cart/route", "/cart", { intent: "apply-code", code: "no good" });
    expect(statusOf(code)).toBe(400);
    expect(dataOf<Reply>(code)).toMatchObject({
      intent: "code",
      result: { error: { code: ["A discount code is 2 to 32 letters, digits, - or _."] } },
    });
    const unknown = await post("~/routes/cart/route", "/cart", { intent: "shuffle" });
    expect(statusOf(unknown)).toBe(400);
    expect(dataOf<Reply>(unknown)).toMatchObject({
      intent: "line",
      result: { error: { "": ["Choose what to do with the item."] } },
    });
  });

  it("a delete button's first press asks (no error); a refused press says why", async () => {
    const edit = "~/routes/admin.products.$id.edit";
    const path = `/admin/products/${productId}/edit`;
    const asked = await post(edit, path, { intent: "delete" }, { id: productId }, "admin");
    expect(statusOf(asked)).toBe(200);
    expect(dataOf<Reply>(asked)).toMatchObject({ intent: "delete", result: { status: "success" } });
    expect(dataOf<Reply>(asked).result.error ?? {}).toEqual({});
    const refused = await harness.run(
      (await import("~/routes/admin.products.$id.edit")).action,
      harness.request(path, "admin", { intent: "confirm-delete" }, { csrf: false }),
      { id: productId },
    );
    expect(statusOf(refused)).toBe(403);
    expect(dataOf<Reply>(refused).intent).toBe("delete");
    expect(await harness.ctx.backend.store.products.get(productId)).not.toBeNull();
  });

  it("single-form pages answer the same reply: the wishlist, an alert's unsubscribe, moderation", async () => {
    const save = await post("~/routes/wishlist", "/wishlist", { intent: "toggle", productId: "../etc" });
    expect(statusOf(save)).toBe(400);
    expect(dataOf<Reply>(save).result.error).toEqual({ productId: ["Choose a product to save."] });
    const ended = await post("~/routes/stock-alerts.unsubscribe", "/stock-alerts/unsubscribe", { token: "nope" });
    expect(statusOf(ended)).toBe(404);
    expect(dataOf<Reply>(ended).result.error).toEqual({ "": ["This alert has already ended."] });
    const moderation = "~/routes/admin.reviews";
    const unknown = await post(moderation, "/admin/reviews", { intent: "approve", reviewId: "" }, {}, "admin");
    expect(statusOf(unknown)).toBe(404);
    expect(dataOf<Reply>(unknown).result.error).toEqual({ "": ["There is no such review."] });
    const neither = await post(moderation, "/admin/reviews", { intent: "publish", reviewId: "x" }, {}, "admin");
    expect(statusOf(neither)).toBe(400);
    expect(dataOf<Reply>(neither).result.error).toEqual({ intent: ["Choose Approve or Reject."] });
  });

  it("the back office's secret pages: a refusal is its form's reply; a new secret is shown once, kept by no cache", async () => {
    const keys = "~/routes/admin.api-keys";
    const unnamed = await asAdmin(keys, "/admin/api-keys", { intent: "create", name: "", scopes: "orders:read" });
    expect(statusOf(unnamed)).toBe(400);
    expect(dataOf<Reply>(unnamed)).toMatchObject({
      intent: "create",
      result: { error: { name: ["Enter a name for the key."] }, initialValue: { scopes: "orders:read" } },
    });
    const revoke = await asAdmin(keys, "/admin/api-keys", { intent: "revoke", keyId: "no-such-key" });
    expect(statusOf(revoke)).toBe(400);
    expect(dataOf<Reply>(revoke).intent).toBe("revoke");
    expect(dataOf<Reply>(revoke).result.error?.[""]?.[0]).toBeTruthy();
    const made = await asAdmin(keys, "/admin/api-keys", { intent: "create", name: "Books", scopes: "orders:read" });
    expect(statusOf(made)).toBe(200);
    const shown = dataOf<{ intent: string; shown: { label: string; secret: string } }>(made);
    expect(shown.intent).toBe("create");
    expect(shown.shown.label).toBe("New API key");
    expect(shown.shown.secret.length).toBeGreaterThan(20);
    const init = (made as { init?: { headers?: HeadersInit } }).init;
    expect(new Headers(init?.headers).get("Cache-Control")).toBe("no-store");

    const hooks = "~/routes/admin.webhooks._index";
    const noEvents = await asAdmin(hooks, "/admin/webhooks", { intent: "create", url: "https://example.com/h" });
    expect(statusOf(noEvents)).toBe(400);
    expect(dataOf<Reply>(noEvents)).toMatchObject({
      intent: "create",
      result: { initialValue: { url: "https://example.com/h" } },
    });
    expect(dataOf<Reply>(noEvents).result.error?.events?.[0]).toBeTruthy();
    const stray = await asAdmin(hooks, "/admin/webhooks", { intent: "nonsense" });
    expect(statusOf(stray)).toBe(400);
    expect(dataOf<Reply>(stray).intent).toBe("create");

    const staff = "~/routes/admin.staff";
    const noRole = await asAdmin(staff, "/admin/staff", { intent: "invite", email: "new@example.com", role: "king" });
    expect(statusOf(noRole)).toBe(400);
    expect(dataOf<Reply>(noRole)).toMatchObject({ intent: "invite", result: { error: { "": ["Choose a role."] } } });
    const gone = await asAdmin(staff, "/admin/staff", { intent: "revoke", uid: "nobody" });
    expect(statusOf(gone)).toBe(404);
    expect(dataOf<Reply>(gone)).toMatchObject({ intent: "revoke", result: { initialValue: { uid: "nobody" } } });
  });
});
