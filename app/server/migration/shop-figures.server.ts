import type { Order } from "~/domain/commerce";
import type { Product } from "~/domain/product";
import type { Profile } from "~/domain/profile";
import type { Review } from "~/domain/review";
import { REVIEW_STATUSES } from "~/domain/review";
import type { AuditEntry } from "~/domain/audit";
import type { Store } from "~/server/store/port";

// Reading a whole shop through the store ports, the same way on either backend: what the migration
// copies, and the figures (counts and sums per collection) its report compares on both sides.

const PAGE = 200;

export async function allProducts(store: Store): Promise<Product[]> {
  const byId = new Map<string, Product>();
  let cursor: string | null = null;
  for (;;) {
    const batch = await store.products.changes(cursor, 500);
    for (const change of batch.changes) {
      if (change.kind === "product") byId.set(change.product.id, change.product);
      else byId.delete(change.id);
    }
    cursor = batch.cursor;
    if (!batch.more || batch.changes.length === 0) break;
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

export async function allProfiles(store: Store): Promise<Profile[]> {
  const profiles: Profile[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.profiles.list({ limit: PAGE, offset });
    profiles.push(...page.profiles);
    if (page.profiles.length < PAGE) return profiles;
  }
}

/** Every order, newest first (paged by offset: the source takes no writes while it is copied). */
export async function allOrders(store: Store): Promise<Order[]> {
  const orders: Order[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await store.orders.list({ limit: PAGE, offset });
    orders.push(...page.orders);
    if (page.orders.length < PAGE) return orders;
  }
}

export async function allReviews(store: Store): Promise<Review[]> {
  const reviews: Review[] = [];
  for (const status of REVIEW_STATUSES) {
    for (let offset = 0; ; offset += PAGE) {
      const page = await store.reviews.listByStatus(status, { limit: PAGE, offset });
      reviews.push(...page.reviews);
      if (page.reviews.length < PAGE) break;
    }
  }
  return reviews;
}

export async function allAuditEntries(store: Store): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await store.audit.list({ limit: PAGE, before });
    entries.push(...page.entries);
    if (!page.nextBefore) return entries;
    before = page.nextBefore;
  }
}

/** The wishlist owner id of a signed-in shopper (guests' lists live with their cookie, not their account). */
export const userOwner = (uid: string) => `user:${uid}`;

/** One figure of the comparison: a name and its value on one side. */
export type Figures = Array<[name: string, value: number]>;

const sum = <T>(items: readonly T[], value: (item: T) => number) => items.reduce((n, item) => n + value(item), 0);

/** The shop in numbers, read through the ports: equal figures on both sides mean nothing was lost. */
export async function shopFigures(store: Store): Promise<Figures> {
  const [
    products,
    profiles,
    orders,
    reviews,
    posts,
    promotions,
    usage,
    counters,
    audit,
    alerts,
    staff,
    invitations,
    zones,
    markets,
    giftCards,
    giftCardEntries,
    reminderCounts,
    reminderOptOuts,
  ] = await Promise.all([
    allProducts(store),
    allProfiles(store),
    allOrders(store),
    allReviews(store),
    store.posts.list(),
    store.promotions.list(),
    store.promotions.usageCounts(),
    store.invoiceNumbers.counters(),
    allAuditEntries(store),
    store.stockAlerts.list(),
    store.staff.list(),
    store.staff.invitations(),
    store.shippingZones.list(),
    store.markets.list(),
    store.giftCards.list(),
    store.giftCards.allEntries(),
    store.abandonedCheckouts.counts(),
    store.abandonedCheckouts.optOuts(),
  ]);
  let addresses = 0;
  let wishlistItems = 0;
  for (const profile of profiles) {
    addresses += (await store.addresses.list(profile.uid)).length;
    wishlistItems += (await store.wishlists.list(userOwner(profile.uid))).length;
  }
  const variants = products.flatMap((p) => p.variants);
  const refunds = orders.flatMap((o) => o.refunds ?? []);
  const approved = reviews.filter((r) => r.status === "approved");
  return [
    ["products", products.length],
    ["variants", variants.length],
    ["units in stock", sum(variants, (v) => v.stock)],
    ["sum of prices (cents)", sum(products, (p) => p.priceMinor)],
    ["product images", sum(products, (p) => p.images.length)],
    ["products with a rating", products.filter((p) => (p.rating?.count ?? 0) > 0).length],
    ["product prices set in a market", sum(products, (p) => Object.keys(p.marketPrices ?? {}).length)],
    [
      "sum of product prices set in a market",
      sum(products, (p) => sum(Object.values(p.marketPrices ?? {}), (own) => own.priceMinor)),
    ],
    ["blog posts", posts.length],
    ["customer profiles", profiles.length],
    ["admins", profiles.filter((p) => p.role === "admin").length],
    ["saved addresses", addresses],
    ["wishlist items", wishlistItems],
    ["reviews", reviews.length],
    ["approved reviews", approved.length],
    ["stars of approved reviews", sum(approved, (r) => r.stars)],
    ["helpful votes", sum(reviews, (r) => r.helpfulCount)],
    ["orders", orders.length],
    ["sum of order totals (cents)", sum(orders, (o) => o.totalMinor)],
    // The currency and rate each order was priced at (reports convert back at it) are copied too.
    ["orders in another currency than EUR", orders.filter((o) => o.currency !== "EUR").length],
    ["sum of order rates (millionths)", sum(orders, (o) => o.rateMicros)],
    ["order lines", sum(orders, (o) => o.lines.length)],
    ["order history events", sum(orders, (o) => o.history.length)],
    ["invoices", orders.filter((o) => o.invoiceNumber).length],
    ["refunds", refunds.length],
    ["sum of refunds (cents)", sum(refunds, (r) => r.amountMinor)],
    ["returns", sum(orders, (o) => o.returns?.length ?? 0)],
    ["invoice counters", counters.length],
    ["sum of invoice counters", sum(counters, (c) => c.last)],
    ["promotions", promotions.length],
    ["promotion uses", sum(usage, (u) => (u.customerKey === null ? u.uses : 0))],
    ["promotion uses per customer", sum(usage, (u) => (u.customerKey === null ? 0 : u.uses))],
    ["audit log entries", audit.length],
    ["stock alerts waiting", alerts.filter((a) => a.sentAt === null).length],
    ["stock alerts sent", alerts.filter((a) => a.sentAt !== null).length],
    ["staff members", staff.length],
    ["staff invitations", invitations.length],
    ["shipping zones", zones.length],
    ["countries in shipping zones", sum(zones, (z) => z.countries.length)],
    ["delivery methods", sum(zones, (z) => z.methods.length)],
    ["delivery price bands", sum(zones, (z) => sum(z.methods, (m) => m.bands.length))],
    ["markets", markets.length],
    ["countries in markets", sum(markets, (m) => m.countries.length)],
    ["sum of market rates (millionths)", sum(markets, (m) => m.rateMicros)],
    ["gift cards", giftCards.length],
    // Per currency: a card's balance is owed in its own currency, so sums across currencies mean nothing.
    ...[...new Set(giftCards.map((c) => c.currency))].sort().map((currency): [string, number] => [
      `gift card balances in ${currency} (minor units)`,
      sum(
        giftCards.filter((c) => c.currency === currency),
        (c) => c.balanceMinor,
      ),
    ]),
    ["gift card ledger entries", giftCardEntries.length],
    ["abandoned checkouts", reminderCounts.recorded],
    ["reminders sent", reminderCounts.remindersSent],
    ["reminder opt-outs", reminderOptOuts.length],
  ];
}
