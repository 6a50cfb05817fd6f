import { countPaidOrders } from "../services/look/pair-counts.server";
import { numbersInPaymentOrder } from "../services/orders/invoice-numbers.server";
import type { Store } from "../store/port";
import { getConfig } from "../config.server";
import { baseMarket } from "~/domain/market";
import { flatRateZone, type ShippingZone } from "~/domain/shipping-zone";
import { UK_VAT_DEFAULTS } from "~/lib/vat-rates";
import { SHIPPING_COUNTRIES } from "~/lib/countries";
import type { ShippingRates } from "../services/shipping/shipping.server";
import { buildSeedPosts } from "./blog-posts.server";
import { buildLargeCatalogue, buildSeedCatalogue } from "./catalogue.server";
import { buildSeedGiftCard } from "./gift-card-product.server";
import { buildSeedOrderHistory, SEED_CUSTOMER_PREFIX, SEED_HISTORY_DAYS, SEED_STAFF } from "./orders.server";
import { buildSeedReviews } from "./reviews.server";

export type Log = (line: string) => void;

/** A seeding instance that has not finished in this long died part-way; another may take over. */
const SEED_STALE_MS = 10 * 60 * 1000;

/**
 * Run `seed` once per store: of several instances starting together on an empty store, exactly
 * one seeds (a claim in one transaction); the others start without waiting and see the seeded
 * data through the change feed. Returns what `seed` returned, or 0 when another did it.
 */
async function once(store: Store, key: string, what: string, log: Log, seed: () => Promise<number>): Promise<number> {
  const claim = await store.once.claim(key, { now: new Date(), staleMs: SEED_STALE_MS });
  if (claim === "held") {
    log(`Another instance is seeding ${what}; not seeding here.`);
    return 0;
  }
  if (claim === "done") {
    log(`${what[0].toUpperCase()}${what.slice(1)} was seeded before; not seeding again.`);
    return 0;
  }
  const written = await seed();
  await store.once.finish(key);
  return written;
}

/**
 * Seed the demo catalogue when the store has no products, the blog when it has no posts, and an
 * order history when it has no orders; returns how many products were written.
 */
export async function seedIfEmpty(
  store: Store,
  log: Log = console.log,
  rates: ShippingRates = getConfig().shipping,
): Promise<number> {
  await seedZonesIfEmpty(store, rates, log);
  await seedMarketsIfEmpty(store, log);
  await seedPostsIfEmpty(store, log);
  const written = await seedCatalogueIfEmpty(store, log);
  await seedOrdersIfEmpty(store, log);
  await seedReviewsIfEmpty(store, log);
  return written;
}

/**
 * The shipping zones today's configuration describes (SHIPPING_*_CENTS, FREE_SHIPPING_FROM_CENTS to
 * the original delivery countries), once per store: a new shop and a shop from before zones start
 * with exactly the delivery prices they had, and a shop whose owner edited or deleted zones keeps its
 * own. The countries are split by tax rule (decision 0033): the EU at its VAT rates, as every order
 * so far; the United Kingdom at 20 % VAT up to £135; Switzerland and Norway without VAT, import
 * VAT and duties being charged on delivery.
 */
export async function seedZonesIfEmpty(store: Store, rates: ShippingRates, log: Log = console.log): Promise<number> {
  if ((await store.shippingZones.list()).length > 0) return 0;
  return once(store, "seed-shipping-zones", "the shipping zones", log, async () => {
    const at = new Date().toISOString();
    const codes = (eu: boolean) => SHIPPING_COUNTRIES.filter((c) => c.eu === eu).map((c) => c.code);
    const outside = codes(false);
    const zones: ShippingZone[] = [
      { ...flatRateZone(codes(true), rates, at), taxRule: { kind: "eu-vat", rates: {} } },
      {
        ...flatRateZone(
          outside.filter((c) => c === "GB"),
          rates,
          at,
        ),
        id: "united-kingdom",
        name: "United Kingdom",
        position: 1,
        taxRule: { kind: "uk-vat", ...UK_VAT_DEFAULTS },
      },
      {
        ...flatRateZone(
          outside.filter((c) => c !== "GB"),
          rates,
          at,
        ),
        id: "switzerland-norway",
        name: "Switzerland and Norway",
        position: 2,
        taxRule: { kind: "import" },
      },
    ];
    for (const zone of zones) {
      await store.shippingZones.save(zone);
      log(
        `Seeded the shipping zone ${zone.name} (${countriesText(zone.countries.length)}) from the configured delivery prices.`,
      );
    }
    return zones.length;
  });
}

/** "1 country", "12 countries": the seed's progress lines are read by an operator. */
export const countriesText = (count: number) => `${count} ${count === 1 ? "country" : "countries"}`;

/**
 * The one market of a shop from before markets, once per store: Europe, in euros at the base
 * prices, holding every country the shipping zones deliver to and the default for the rest, so
 * nothing a shopper sees changes until the owner adds a market.
 */
export async function seedMarketsIfEmpty(store: Store, log: Log = console.log): Promise<number> {
  if ((await store.markets.list()).length > 0) return 0;
  return once(store, "seed-markets", "the markets", log, async () => {
    const zones = await store.shippingZones.list();
    const countries = zones.length > 0 ? zones.flatMap((z) => z.countries) : SHIPPING_COUNTRIES.map((c) => c.code);
    const market = baseMarket([...new Set(countries)], new Date().toISOString());
    await store.markets.save(market);
    log(`Seeded the market ${market.name} (${market.currency}, ${countriesText(market.countries.length)}).`);
    return 1;
  });
}

async function seedCatalogueIfEmpty(store: Store, log: Log): Promise<number> {
  const existing = await store.products.count();
  if (existing > 0) {
    log(`Catalogue already has ${existing} products; not seeding.`);
    return 0;
  }
  return once(store, "seed-catalogue", "the catalogue", log, async () => {
    const products = [...buildSeedCatalogue(), buildSeedGiftCard()];
    log(`Seeding ${products.length} products…`);
    const batch = 25;
    for (let i = 0; i < products.length; i += batch) {
      await store.products.upsertMany(products.slice(i, i + batch));
      log(`  ${Math.min(i + batch, products.length)}/${products.length} products`);
    }
    log("Seeding done.");
    return products.length;
  });
}

/**
 * A demo order history (customers and a few hundred orders over 90 days) when the store has no
 * orders at all, so a fresh back office has figures. Its lines name the seed catalogue's
 * products, so it is skipped when that catalogue is not there. Past orders are written as they
 * are; only the few still awaiting payment take their stock. Returns how many orders were written.
 */
export async function seedOrdersIfEmpty(store: Store, log: Log = console.log, now = new Date()): Promise<number> {
  const { total } = await store.orders.list({ limit: 1, offset: 0 });
  if (total > 0) {
    log(`Store already has ${total} orders; not seeding an order history.`);
    return 0;
  }
  const catalogue = buildSeedCatalogue();
  if (!(await store.products.get(catalogue[0].id))) {
    log("The demo catalogue is not in the store; not seeding an order history.");
    return 0;
  }
  return once(store, "seed-orders", "the order history", log, async () => {
    const { customers, orders } = buildSeedOrderHistory(catalogue, now);
    for (const customer of customers) await store.profiles.createIfMissing(customer);
    // History is written as it was; orders still awaiting payment take their stock like any
    // placed order, so when they expire the units they give back were really held.
    const past = orders.filter((o) => o.status !== "pending_payment");
    // Paid seed orders have invoices, numbered in the order they were paid.
    const numbers = await numbersInPaymentOrder(store.invoiceNumbers, past);
    for (const order of past) {
      const invoiceNumber = numbers.get(order.id);
      if (invoiceNumber) order.invoiceNumber = invoiceNumber;
    }
    await store.orders.insertMany(past);
    // Their products bought together, as payments would have counted them (complete the look).
    await countPaidOrders(store.pairs, past);
    let placed = 0;
    for (const order of orders.filter((o) => o.status === "pending_payment")) {
      if ((await store.orders.place(order, { cartId: null })).kind === "placed") placed += 1;
    }
    log(`Seeded ${customers.length} customers and ${past.length + placed} orders over ${SEED_HISTORY_DAYS} days.`);
    return past.length + placed;
  });
}

/**
 * A few approved reviews by seeded customers of products their delivered orders hold, when the
 * store has no reviews at all and the seeded order history is there. Returns how many were written.
 */
export async function seedReviewsIfEmpty(store: Store, log: Log = console.log): Promise<number> {
  const counts = await Promise.all(
    (["pending", "approved", "rejected"] as const).map((status) =>
      store.reviews.listByStatus(status, { limit: 1, offset: 0 }),
    ),
  );
  if (counts.some((c) => c.total > 0)) {
    log("Store already has reviews; not seeding reviews.");
    return 0;
  }
  // The seeded customers' delivered orders, as the store holds them (whenever they were seeded).
  const customers = (await store.profiles.list({ limit: 200, offset: 0 })).profiles.filter((p) =>
    p.uid.startsWith(SEED_CUSTOMER_PREFIX),
  );
  const stored = (
    await Promise.all(
      customers.map((c) => store.orders.list({ userId: c.uid, status: "delivered", limit: 50, offset: 0 })),
    )
  ).flatMap((r) => r.orders);
  if (stored.length === 0) {
    // Claimed only once there is something to review, so an instance that gets here before another has written the history does not use up the claim.
    log("No seeded order history to review; not seeding reviews.");
    return 0;
  }
  return once(store, "seed-reviews", "the reviews", log, async () => {
    let written = 0;
    for (const review of buildSeedReviews(stored, customers)) {
      const created = await store.reviews.create(review);
      if (!created) continue;
      const result = await store.reviews.moderate(created.id, { to: "approved", at: review.createdAt, by: SEED_STAFF });
      if (result.kind === "ok") await store.products.setRating(review.productId, result.summary);
      written += 1;
    }
    log(`Seeded ${written} approved reviews.`);
    return written;
  });
}

/** Seed the demo blog posts when the store has none; returns how many were written. */
export async function seedPostsIfEmpty(store: Store, log: Log = console.log): Promise<number> {
  const existing = await store.posts.count();
  if (existing > 0) {
    log(`Blog already has ${existing} posts; not seeding.`);
    return 0;
  }
  return once(store, "seed-posts", "the blog", log, async () => {
    const posts = buildSeedPosts();
    for (const post of posts) await store.posts.save(post);
    log(`Seeded ${posts.length} blog posts.`);
    return posts.length;
  });
}

/** The benchmark catalogue: `count` generated products on top of whatever is there. */
export async function seedLarge(store: Store, count: number, log: Log = console.log): Promise<number> {
  log(`Seeding a large catalogue of ${count.toLocaleString("en")} products…`);
  let written = 0;
  const started = Date.now();
  for (const batch of buildLargeCatalogue(count)) {
    await store.products.upsertMany(batch);
    written += batch.length;
    if (written % 10_000 === 0 || written === count) {
      log(
        `  ${written.toLocaleString("en")}/${count.toLocaleString("en")} products (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  return written;
}
