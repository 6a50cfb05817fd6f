import type { Order } from "~/domain/commerce";
import type { Review } from "~/domain/review";
import type { Profile } from "~/domain/profile";
import { authorNameOf } from "../services/reviews/reviews.server";

// A few approved reviews for the demo shop, written by seeded customers about products their
// delivered orders hold, so product pages show ratings and "Top rated" has something to sort.
// Deterministic: the same orders give the same reviews.

const REVIEWS: ReadonlyArray<Pick<Review, "stars" | "title" | "text">> = [
  {
    stars: 5,
    title: "Exactly as pictured",
    text: "The colour is true to the photos and the fabric feels better than the price suggests.",
  },
  {
    stars: 4,
    title: "Good fit, runs slightly large",
    text: "Lovely quality. I would size down if you are between sizes; otherwise very happy.",
  },
  {
    stars: 5,
    title: "My new favourite",
    text: "Wore it three times in the first week. Washed well at 30 degrees and kept its shape.",
  },
  {
    stars: 3,
    title: "Nice, but thinner than expected",
    text: "Looks good and the stitching is neat, but the fabric is lighter than I hoped for winter.",
  },
  {
    stars: 4,
    title: "Soft and comfortable",
    text: "Comfortable all day and the length is right for me at 1.70 m. Delivery was quick too.",
  },
  {
    stars: 5,
    title: "Great value",
    text: "Second one I have bought. Holds up well after many washes and still looks new.",
  },
];

/** At most this many seeded reviews. */
const MAX_REVIEWS = 36;

export function buildSeedReviews(orders: readonly Order[], customers: readonly Profile[]): Array<Omit<Review, "id">> {
  const byUid = new Map(customers.map((c) => [c.uid, c]));
  const seen = new Set<string>();
  const out: Array<Omit<Review, "id">> = [];
  const delivered = orders
    .filter((o) => o.status === "delivered" && o.userId && byUid.has(o.userId))
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  for (const order of delivered) {
    for (const line of order.lines) {
      const key = `${line.productId}|${order.userId}`;
      if (seen.has(key) || out.length >= MAX_REVIEWS) continue;
      seen.add(key);
      const sample = REVIEWS[out.length % REVIEWS.length];
      const deliveredAt = order.history.find((e) => e.status === "delivered")?.at ?? order.updatedAt;
      out.push({
        productId: line.productId,
        userId: order.userId!,
        authorName: authorNameOf({ uid: order.userId!, displayName: byUid.get(order.userId!)!.displayName }),
        ...sample,
        status: "pending",
        helpfulCount: 0,
        createdAt: new Date(Date.parse(deliveredAt) + 2 * 24 * 60 * 60 * 1000).toISOString(),
        moderatedAt: null,
        moderatedBy: null,
      });
    }
  }
  return out;
}
