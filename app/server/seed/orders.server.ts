import { orderLineFor } from "~/server/services/checkout/order-line";
import { shippingChoice } from "~/server/services/checkout/shipping.server";
import {
  BASE_ORDER_MARKET,
  type Address,
  type Order,
  type OrderEvent,
  type OrderLine,
  type OrderStatus,
  type PaymentRecord,
} from "~/domain/commerce";
import type { Profile } from "~/domain/profile";
import type { ProductInput } from "~/domain/product";
import { random } from "./catalogue.server";
import { isGiftCardProduct } from "~/domain/gift-card-product";

// A realistic order history for the demo shop, so a fresh start has a back office worth
// looking at: ~45 customers signing up over five months and a few hundred orders over the
// last 90 days, in every status, each with the timeline its status implies. Deterministic for
// a given `now` (seeded PRNG), so tests and screenshots see the same shop.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

export const SEED_HISTORY_DAYS = 90;
/** Whoever "worked" the seeded back office: shows on timelines as the acting admin. */
export const SEED_STAFF = "warehouse@hemline.example";
/** Seeded customers' uids start with this (the demo reviews are theirs). */
export const SEED_CUSTOMER_PREFIX = "seed-customer-";

const FIRST_NAMES = [
  "Aoife",
  "Liam",
  "Sofia",
  "Mateo",
  "Emma",
  "Noah",
  "Chloé",
  "Lucas",
  "Mia",
  "Leon",
  "Giulia",
  "Hugo",
  "Saoirse",
  "Finn",
  "Marta",
  "Jonas",
  "Inès",
  "Pablo",
  "Hanna",
  "Oisín",
  "Clara",
  "Elias",
  "Nora",
  "Tomás",
  "Lena",
  "Ruben",
  "Zoe",
  "Matteo",
  "Ava",
  "Jakub",
  "Freya",
  "Louis",
  "Maja",
  "Diego",
  "Isla",
  "Anton",
  "Léa",
  "Karl",
  "Niamh",
  "Bruno",
  "Elsa",
  "Sean",
  "Amélie",
  "Oskar",
  "Lucía",
];
const LAST_NAMES = [
  "Byrne",
  "Murphy",
  "García",
  "Rossi",
  "Müller",
  "Dubois",
  "Jansen",
  "Novak",
  "Silva",
  "Kelly",
  "Schmidt",
  "Martin",
  "Bianchi",
  "Fernández",
  "Walsh",
  "de Vries",
  "Lefèvre",
  "Costa",
  "Weber",
  "Nowak",
  "Moreau",
  "Ricci",
  "Larsen",
  "O'Brien",
  "Keane",
];

const PLACES: ReadonlyArray<Pick<Address, "city" | "postalCode" | "country">> = [
  { city: "Dublin", postalCode: "D02 X285", country: "IE" },
  { city: "Cork", postalCode: "T12 R2NC", country: "IE" },
  { city: "Galway", postalCode: "H91 E2K5", country: "IE" },
  { city: "Paris", postalCode: "75011", country: "FR" },
  { city: "Lyon", postalCode: "69002", country: "FR" },
  { city: "Berlin", postalCode: "10115", country: "DE" },
  { city: "Munich", postalCode: "80331", country: "DE" },
  { city: "Amsterdam", postalCode: "1012 AB", country: "NL" },
  { city: "Madrid", postalCode: "28004", country: "ES" },
  { city: "Milan", postalCode: "20121", country: "IT" },
  { city: "Lisbon", postalCode: "1100-148", country: "PT" },
  { city: "Vienna", postalCode: "1010", country: "AT" },
];
const STREETS = [
  "Main Street",
  "Rue de la Paix",
  "Hauptstraße",
  "Keizersgracht",
  "Calle Mayor",
  "Via Roma",
  "Rua Augusta",
  "Harbour Road",
  "Church Lane",
  "Park Avenue",
];
const CARDS = [
  { brand: "Visa", last4: "4242" },
  { brand: "Mastercard", last4: "4444" },
  { brand: "Visa", last4: "1881" },
  { brand: "American Express", last4: "8431" },
];
const CANCEL_NOTES = [
  "The customer asked to cancel before dispatch.",
  "Ordered the wrong size; will reorder.",
  "Duplicate order.",
];
const REFUND_NOTES = [
  "Returned unworn within 30 days.",
  "Did not fit; returned.",
  "Arrived damaged; refunded in full.",
];

/** Shipping as checkout prices it by default (standard €4.95, free from €75; express €9.95). */
const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };

const ORDER_NUMBER_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export interface SeedHistory {
  customers: Profile[];
  orders: Order[];
}

function ascii(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

export function buildSeedOrderHistory(products: readonly ProductInput[], now: Date): SeedHistory {
  const rand = random(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];
  const between = (min: number, max: number) => min + rand() * (max - min);
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rand() * 16).toString(16)).join("");

  // Customers: sign-ups spread over 150 days, more of them recently (the shop is growing).
  const customers: Profile[] = FIRST_NAMES.map((first, i) => {
    const last = LAST_NAMES[(i * 7) % LAST_NAMES.length];
    const daysAgo = Math.floor(150 * Math.pow(rand(), 1.4));
    const createdAt = iso(nowMs - daysAgo * DAY - between(1, 23) * HOUR);
    return {
      uid: `${SEED_CUSTOMER_PREFIX}${String(i + 1).padStart(2, "0")}`,
      email: `${ascii(first)}.${ascii(last)}@example.com`,
      role: "user",
      displayName: `${first} ${last}`,
      createdAt,
      updatedAt: createdAt,
    };
  });
  // A few loyal customers buy again and again; most buy once or twice. Each lives somewhere.
  const loyalty = customers.map(() => Math.pow(rand(), 3));
  const homes = new Map(
    customers.map((c) => [c.uid, { street: `${1 + Math.floor(rand() * 120)} ${pick(STREETS)}`, place: pick(PLACES) }]),
  );

  // Garments only: the history has no gift cards (they would need cards issued to match).
  const forSale = products.filter((p) => p.status === "active" && p.variants.length > 0 && !isGiftCardProduct(p));
  const orders: Order[] = [];
  const startOfToday = Math.floor(nowMs / DAY) * DAY;

  for (let daysAgo = SEED_HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = startOfToday - daysAgo * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const trend = 1.6 + 2.4 * (1 - daysAgo / SEED_HISTORY_DAYS); // from ~1.6 to ~4 orders a day
    const weekend = weekday === 0 || weekday === 6 ? 1.4 : 1;
    const count = Math.max(daysAgo === 0 ? 2 : 0, Math.round(trend * weekend * between(0.5, 1.5)));
    const dayLength = daysAgo === 0 ? Math.max(1, nowMs - dayStart) : DAY;
    const times = Array.from({ length: count }, () => dayStart + rand() * dayLength).sort((a, b) => a - b);
    for (const placed of times) orders.push(buildOrder(placed));
  }
  // The five orders before those are paid and waiting to be packed: the back office always
  // opens on work to do (and its tests always have paid orders to ship).
  for (const order of orders.slice(-7, -2)) {
    const card = pick(CARDS);
    const placed = Date.parse(order.createdAt);
    // Never after now, even for an order placed seconds ago.
    const paidAt = Math.min(placed + between(1, 4) * MINUTE, Math.max(placed, nowMs - 1000));
    order.status = "paid";
    order.history = [
      order.history[0],
      { status: "paid", at: iso(paidAt), note: `Paid by ${card.brand} ending ${card.last4}`, by: "system" },
    ];
    order.payment = {
      processor: "test-card",
      state: "succeeded",
      reference: `ch_seed_${hex(16)}`,
      cardBrand: card.brand,
      cardLast4: card.last4,
      failureMessage: null,
      attempts: 1,
    };
    order.trackingNumber = null;
    order.updatedAt = order.history[1].at;
  }
  // The two newest orders wait for payment: shoppers who reached the payment page minutes ago
  // (placed 6 and 2 minutes before the seed, so they still hold their stock, and expire as an
  // abandoned payment would, PENDING_PAYMENT_EXPIRY_MINUTES after).
  // They hold stock, so their lines are units still on sale (without drawing on the random
  // sequence, which the rest of the history depends on).
  const left = new Map(forSale.flatMap((p) => p.variants.map((v) => [v.sku, v.stock] as const)));
  const onSale = (line: OrderLine) => (left.get(line.sku) ?? 0) >= line.quantity;
  for (const [i, order] of orders.slice(-2).entries()) {
    const placed = iso(nowMs - (i === 0 ? 6 : 2) * MINUTE);
    order.lines = order.lines.filter(onSale);
    if (order.lines.length === 0) {
      const product = forSale.find((p) => p.variants.some((v) => (left.get(v.sku) ?? 0) > 0))!;
      const variant = product.variants.find((v) => (left.get(v.sku) ?? 0) > 0)!;
      order.lines = [orderLineFor(product, variant.size, variant.colour, 1)];
    }
    for (const line of order.lines) left.set(line.sku, (left.get(line.sku) ?? 0) - line.quantity);
    order.subtotalMinor = order.lines.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);
    order.shipping = shippingChoice(RATES, order.subtotalMinor, order.shipping.method);
    order.shippingMinor = order.shipping.priceMinor;
    order.totalMinor = order.subtotalMinor + order.shippingMinor;
    order.status = "pending_payment";
    order.createdAt = placed;
    order.history = [{ ...order.history[0], at: placed }];
    order.payment = {
      ...order.payment,
      state: "pending",
      reference: null,
      cardBrand: null,
      cardLast4: null,
      attempts: 0,
    };
    order.trackingNumber = null;
    order.updatedAt = order.createdAt;
  }
  return { customers, orders };

  function buildOrder(placed: number): Order {
    const eligible = customers.map((c, i) => ({ c, w: Date.parse(c.createdAt) <= placed ? 0.2 + loyalty[i] : 0 }));
    const weight = eligible.reduce((s, e) => s + e.w, 0);
    let customer: Profile | null = null;
    // About one order in eight is a guest checkout.
    if (weight > 0 && rand() > 0.12) {
      let r = rand() * weight;
      customer = (eligible.find((e) => (r -= e.w) <= 0) ?? eligible.find((e) => e.w > 0)!).c;
    }
    const guestName = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
    const name = customer?.displayName ?? guestName;
    const email =
      customer?.email ?? `${ascii(guestName.split(" ")[0])}.${ascii(guestName.split(" ")[1])}.guest@example.com`;

    const lineCount = 1 + Math.floor(Math.pow(rand(), 2) * 3);
    const lines: OrderLine[] = [];
    for (let i = 0; i < lineCount; i++) {
      const product = pick(forSale);
      const variant = pick(product.variants);
      const same = lines.find((l) => l.sku === variant.sku);
      if (same) {
        same.quantity += 1;
        continue;
      }
      lines.push(orderLineFor(product, variant.size, variant.colour, rand() < 0.1 ? 2 : 1));
    }
    const subtotalMinor = lines.reduce((s, l) => s + l.unitPriceMinor * l.quantity, 0);
    const shipping = shippingChoice(RATES, subtotalMinor, rand() < 0.18 ? "express" : "standard");

    const card = pick(CARDS);
    const id = `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(["8", "9", "a", "b"])}${hex(3)}-${hex(12)}`;
    const number = `HM-${Array.from({ length: 8 }, () => pick([...ORDER_NUMBER_ALPHABET])).join("")}`;
    const { street, place } = (customer && homes.get(customer.uid)) || {
      street: `${1 + Math.floor(rand() * 120)} ${pick(STREETS)}`,
      place: pick(PLACES),
    };

    const { status, history, payment, trackingNumber } = lifecycle(placed, card, shipping.method);
    const last = history[history.length - 1];
    return {
      id,
      number,
      email,
      userId: customer?.uid ?? null,
      lines,
      subtotalMinor,
      shippingMinor: shipping.priceMinor,
      totalMinor: subtotalMinor + shipping.priceMinor,
      ...BASE_ORDER_MARKET,
      address: {
        name,
        line1: street,
        line2: "",
        city: place.city,
        postalCode: place.postalCode,
        country: place.country,
        phone: "",
      },
      shipping,
      payment,
      status,
      trackingNumber,
      history,
      idempotencyKey: `seed-${id}`,
      createdAt: iso(placed),
      updatedAt: last.at,
    };
  }

  /** Where an order placed at `placed` has got to by now, and the events that took it there. */
  function lifecycle(placed: number, card: { brand: string; last4: string }, method: string) {
    const history: OrderEvent[] = [{ status: "pending_payment", at: iso(placed), note: null, by: "customer" }];
    const event = (status: OrderStatus | null, at: number, note: string | null, by: string) =>
      history.push({ status, at: iso(at), note, by });
    const payment: PaymentRecord = {
      processor: "test-card",
      state: "pending",
      reference: null,
      cardBrand: null,
      cardLast4: null,
      failureMessage: null,
      attempts: 1,
    };
    const roll = rand();

    if (roll < 0.05) {
      const at = Math.min(placed + between(1, 4) * MINUTE, Math.max(placed, nowMs - 1000));
      event("payment_failed", at, "Your card was declined.", "system");
      return {
        status: "payment_failed" as const,
        history,
        payment: { ...payment, state: "failed" as const, failureMessage: "Your card was declined." },
        trackingNumber: null,
      };
    }

    const paidAt = Math.min(placed + between(1, 4) * MINUTE, Math.max(placed, nowMs - 1000));
    const paid: PaymentRecord = {
      ...payment,
      state: "succeeded",
      reference: `ch_seed_${hex(16)}`,
      cardBrand: card.brand,
      cardLast4: card.last4,
    };
    event("paid", paidAt, `Paid by ${card.brand} ending ${card.last4}`, "system");

    if (roll < 0.1) {
      const at = paidAt + between(1, 20) * HOUR;
      if (at < nowMs) {
        event("cancelled", at, pick(CANCEL_NOTES), SEED_STAFF);
        return {
          status: "cancelled" as const,
          history,
          payment: { ...paid, state: "refunded" as const },
          trackingNumber: null,
        };
      }
    }

    // Dispatch takes a few hours to four days (weekends are slow); express is picked first.
    const shippedAt = paidAt + (method === "express" ? between(2, 30) : between(4, 96)) * HOUR;
    if (shippedAt >= nowMs) return { status: "paid" as const, history, payment: paid, trackingNumber: null };
    const trackingNumber = `JJD00${Math.floor(between(1e9, 1e10 - 1))}`;
    event("shipped", shippedAt, `Tracking number ${trackingNumber}`, SEED_STAFF);

    const deliveredAt = shippedAt + (method === "express" ? between(18, 40) : between(40, 110)) * HOUR;
    if (deliveredAt >= nowMs) return { status: "shipped" as const, history, payment: paid, trackingNumber };
    event("delivered", deliveredAt, "Delivered", "system");

    if (roll > 0.94) {
      const at = deliveredAt + between(3, 14) * DAY;
      if (at < nowMs) {
        event("refunded", at, pick(REFUND_NOTES), SEED_STAFF);
        return {
          status: "refunded" as const,
          history,
          payment: { ...paid, state: "refunded" as const },
          trackingNumber,
        };
      }
    }
    return { status: "delivered" as const, history, payment: paid, trackingNumber };
  }
}
