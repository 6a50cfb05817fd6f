import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRouteHarness, dataOf, statusOf, type RouteHarness } from "../support/route-harness";

// The review form and the Helpful button as the product page's action answers them, on the
// embedded store: who may review (a delivered order of the product), what a review must hold,
// once per buyer, and moderation that the product page, the listing and the audit log follow.

// A refusal is conform's reply, keyed by the form's intent (the product page has four forms).
type Failure = {
  intent: string;
  result: { error?: Record<string, string[] | null> | null; initialValue?: Record<string, unknown> | null };
};

describe("reviews through the product page and /admin/reviews", () => {
  let harness: RouteHarness;
  let shopperUid = "";
  const productId = "review-product";
  const otherId = "review-other";

  beforeAll(async () => {
    harness = await createRouteHarness();
    const { makeProduct } = await import("../support/product-factory");
    const { makeOrder, lineFor } = await import("../support/order-factory");
    const store = harness.ctx.backend.store;
    const product = await store.products.save(makeProduct({ id: productId, name: "Reviewed tee" }));
    await store.products.save(makeProduct({ id: otherId, name: "Paid-only tee" }));
    const other = (await store.products.get(otherId))!;
    shopperUid = (await store.profiles.list({ emailPrefix: "harness-shopper", limit: 1, offset: 0 })).profiles[0].uid;
    await store.orders.insertMany([
      makeOrder([lineFor(product, "M", "Black")], {
        status: "delivered",
        userId: shopperUid,
        email: "harness-shopper@hemline.test",
      }),
      // Paid but not yet delivered: not enough to review.
      makeOrder([lineFor(other, "M", "Black")], {
        status: "paid",
        userId: shopperUid,
        email: "harness-shopper@hemline.test",
      }),
    ]);
  });

  afterAll(async () => {
    await harness.close();
  });

  const page = () => import("~/routes/products.$id/route");
  const post = async (id: string, form: Record<string, string>, who: "shopper" | "admin" | "signed-out" = "shopper") =>
    harness.run((await page()).action, harness.request(`/products/${id}`, who, form), { id });
  const load = async (id: string, who: "shopper" | "admin" | "signed-out" = "shopper", query = "") =>
    dataOf<{
      reviews: {
        average: number | null;
        count: number;
        reviews: Array<{ title: string; text: string }>;
        eligibility: { kind: string };
      };
      jsonLd: string;
    }>(await harness.run((await page()).loader, harness.request(`/products/${id}${query}`, who), { id }));
  const good = {
    intent: "review",
    stars: "4",
    title: "Soft and true to size",
    text: "I wear a medium and the medium fits. <b>Washes</b> well.",
  };

  it("tells each shopper whether they may review", async () => {
    expect((await load(productId, "signed-out")).reviews.eligibility).toEqual({ kind: "sign-in" });
    expect((await load(productId, "admin")).reviews.eligibility).toEqual({ kind: "not-buyer" });
    expect((await load(otherId)).reviews.eligibility).toEqual({ kind: "not-buyer" });
    expect((await load(productId)).reviews.eligibility).toEqual({ kind: "eligible" });
  });

  it("answers bad input with 400 and each field's message, keeping what was typed", async () => {
    const outcome = await post(productId, { intent: "review", stars: "6", title: "Ok", text: "Too short." });
    expect(statusOf(outcome)).toBe(400);
    expect(dataOf<Failure>(outcome).intent).toBe("review");
    const failure = dataOf<Failure>(outcome).result;
    expect(failure.error).toMatchObject({
      stars: ["Choose a rating from 1 to 5 stars."],
      title: ["The title needs at least 3 characters."],
      text: ["Your review needs at least 20 characters."],
    });
    expect(failure.initialValue).toMatchObject({ title: "Ok", text: "Too short." });
    expect(statusOf(await post(productId, { ...good, text: "x".repeat(2001) }))).toBe(400);
    expect(statusOf(await post(productId, { ...good, stars: "4.5" }))).toBe(400);
  });

  it("refuses a shopper who did not receive the product (403), and a signed-out visitor goes to sign in", async () => {
    const outcome = await post(otherId, good);
    expect(statusOf(outcome)).toBe(403);
    expect(dataOf<Failure>(outcome).result.error?.[""]).toEqual([
      "Only customers who received this item can review it.",
    ]);
    const admin = await post(productId, good, "admin");
    expect(statusOf(admin)).toBe(403);
    const signedOut = (await post(productId, good, "signed-out")) as Response;
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/auth\/login\?redirectTo=/);
  });

  it("takes a buyer's review once (409 after), shows it only once approved, and audits the approval", async () => {
    const accepted = (await post(productId, good)) as Response;
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("Location")).toBe(`/products/${productId}#reviews`);
    const again = await post(productId, { ...good, title: "Second thoughts" });
    expect(statusOf(again)).toBe(409);
    expect(dataOf<Failure>(again).result.error?.[""]).toEqual(["You have already reviewed this product."]);
    expect((await load(productId)).reviews).toMatchObject({
      count: 0,
      reviews: [],
      eligibility: { kind: "reviewed", status: "pending" },
    });
    expect((await load(productId, "signed-out")).jsonLd).not.toContain("aggregateRating");

    const admin = await import("~/routes/admin.reviews");
    const pending = dataOf<{ reviews: Array<{ id: string; title: string }> }>(
      await harness.run(admin.loader, harness.request("/admin/reviews", "admin")),
    );
    expect(pending.reviews.map((r) => r.title)).toEqual(["Soft and true to size"]);
    const approved = (await harness.run(
      admin.action,
      harness.request("/admin/reviews", "admin", { intent: "approve", reviewId: pending.reviews[0].id }),
    )) as Response;
    expect(approved.status).toBe(303);

    const shown = await load(productId, "signed-out");
    expect(shown.reviews).toMatchObject({
      average: 4,
      count: 1,
      reviews: [{ title: "Soft and true to size", text: good.text }],
    });
    const jsonLd = JSON.parse(shown.jsonLd);
    expect(jsonLd.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: "4.0", reviewCount: 1 });
    expect(jsonLd.review[0]).toMatchObject({
      "@type": "Review",
      name: "Soft and true to size",
      reviewRating: { ratingValue: "4" },
    });
    // Text stays text: the script element cannot be closed by what a shopper typed.
    expect(shown.jsonLd).not.toContain("<b>");

    const audit = await harness.ctx.audit.list({ entityType: "review" });
    expect(audit.entries[0]).toMatchObject({
      action: "approve",
      entityId: pending.reviews[0].id,
      actor: "harness-admin@hemline.test",
    });

    // The listing sorts by the rating copied onto the product.
    expect((await harness.ctx.backend.store.products.get(productId))!.rating).toMatchObject({ count: 1, total: 4 });
    const { parseProductQuery } = await import("~/lib/product-query");
    const { query } = parseProductQuery(new URLSearchParams("sort=rating"));
    expect(query.sort).toBe("rating");
    const listing = await harness.ctx.catalog.listProducts(query);
    expect(listing.items[0].id).toBe(productId);
    expect(listing.items[0].rating).toEqual({ average: 4, count: 1 });
  });

  it("counts one Helpful per shopper and refuses one's own review", async () => {
    const { reviews } = await load(productId, "admin");
    const id = (reviews.reviews[0] as unknown as { id: string }).id;
    expect(statusOf(await post(productId, { intent: "helpful", reviewId: id }, "admin"))).toBe(303);
    const twice = await post(productId, { intent: "helpful", reviewId: id }, "admin");
    expect(statusOf(twice)).toBe(409);
    expect(dataOf<Failure>(twice)).toMatchObject({
      intent: "helpful",
      result: { error: { "": ["You already found this review helpful."] }, initialValue: { reviewId: id } },
    });
    expect(statusOf(await post(productId, { intent: "helpful", reviewId: id }))).toBe(409);
    expect(statusOf(await post(productId, { intent: "helpful", reviewId: id }, "admin"))).toBe(409);
    expect(statusOf(await post(productId, { intent: "helpful", reviewId: "nope" }, "admin"))).toBe(404);
    // No id, or one no review could have, is a review not shown: 404, not a store error.
    expect(statusOf(await post(productId, { intent: "helpful" }, "admin"))).toBe(404);
    expect(statusOf(await post(productId, { intent: "helpful", reviewId: "a/b" }, "admin"))).toBe(404);
  });
});
