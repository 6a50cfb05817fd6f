import { createShippingService } from "~/server/services/shipping/shipping.server";
import { checkoutServices, quietGiftCards } from "../support/checkout-services";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Order } from "~/domain/commerce";
import type { MailMessage, Mailer } from "~/server/mail/port";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { buildSeedGiftCard } from "~/server/seed/gift-card-product.server";
import { createCartService, type CartService } from "~/server/services/cart/cart.server";
import {
  createCheckoutService,
  type CheckoutInput,
  type CheckoutService,
} from "~/server/services/checkout/checkout.server";
import { createGiftCardSales, type GiftCardSales } from "~/server/services/gift-cards/gift-card-sales.server";
import { type GiftCardsService } from "~/server/services/gift-cards/gift-cards.server";
import { orderConfirmationMail } from "~/server/services/orders/emails.server";
import { createOrdersService, type OrdersService } from "~/server/services/orders/orders.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";

// Buying gift cards on every real store: paid once, each unit becomes one card with the line's amount,
// its code e-mailed to the right person (now, or by the sweep on its send date), never stored in clear;
// a cart of gift cards only is not delivered, and a mixed cart pays delivery on its garments only.

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const GOOD = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
const KEY = "0f".repeat(32);
const CODE = /Your code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/;
const card = buildSeedGiftCard();

describe.each(STORE_ADAPTERS)("gift cards bought in the shop on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let cart: CartService;
  let checkout: CheckoutService;
  let giftCards: GiftCardsService;
  let sales: GiftCardSales;
  let mails: MailMessage[];
  let clock: Date;
  let shirtId: string;
  let orders: OrdersService;

  const input = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
    cartId: "guest:abc",
    userId: null,
    email: "bo@example.com",
    address: {
      name: "Bo Buyer",
      line1: "1 Main Street",
      line2: "",
      city: "Dublin",
      postalCode: "D02 X285",
      country: "IE",
      phone: "",
    },
    shippingMethod: "standard",
    idempotencyKey: crypto.randomUUID(),
    card: GOOD,
    origin: "https://shop.test",
    ip: "203.0.113.9",
    ...overrides,
  });
  const forAna = (sendOn: string | null = null) => ({
    recipientName: "Ana",
    recipientEmail: "ana@example.com",
    message: "Happy birthday! <b>not bold</b>",
    sendOn,
  });
  const paid = async (overrides: Partial<CheckoutInput> = {}) => {
    const result = await checkout.placeOrder(input(overrides));
    expect(result.kind).toBe("done");
    return (result as { order: Order }).order;
  };
  const codeIn = (mail: MailMessage) => CODE.exec(mail.text)?.[1] ?? null;

  beforeEach(async () => {
    ({ store, dispose } = await adapter.create());
    mails = [];
    clock = new Date("2026-11-27T09:00:00Z");
    const now = () => clock;
    const mailer: Mailer = { kind: "outbox", send: async (m) => void mails.push(m) };
    const shirt = makeProduct({ priceMinor: 3000 });
    shirtId = shirt.id;
    await store.products.upsertMany([{ ...shirt, variants: shirt.variants.map((v) => ({ ...v, stock: 5 })) }, card]);
    cart = createCartService({ store, shipping: createShippingService({ store, rates: RATES }), now });
    sales = createGiftCardSales({
      store,
      mailer,
      shopName: "Hemline",
      publicOrigin: "https://shop.test",
      codeKey: KEY,
      now,
    });
    const payments = createTestCardProcessor({ keys: store.paymentKeys });
    orders = createOrdersService({
      store,
      secret: "test-secret-that-is-long-enough-0123456789",
      shopName: "Hemline",
      mailer: { kind: "outbox", send: async () => undefined },
      payments,
      issueGiftCards: (order) => sales.issueForOrder(order),
    });
    giftCards = quietGiftCards(store);
    checkout = createCheckoutService({ store, cart, orders, payments, ...checkoutServices(store, RATES), giftCards });
  });
  afterEach(async () => {
    await dispose();
  });

  it("gift cards only need no postal address; goods in the cart do, and nothing is placed without one", async () => {
    const unposted = { name: "Bo Buyer", line1: "", line2: "", city: "", postalCode: "", country: "IE", phone: "" };
    await cart.add("guest:abc", { productId: card.id, size: "€50", colour: "Gift", quantity: 1, giftCard: forAna() });
    const order = await paid({ shippingMethod: "email", address: unposted });
    expect(order.address).toEqual(unposted);
    const confirmation = orderConfirmationMail("Hemline", order, "https://shop.test/orders/x").text;
    expect(confirmation).toContain("Nothing is posted: each gift card is sent by e-mail.");
    expect(confirmation).not.toContain("Delivering to:");

    // A form that asked no address while the cart gained a shirt (another tab): refused, nothing taken.
    await cart.add("guest:def", { productId: card.id, size: "€50", colour: "Gift", quantity: 1, giftCard: forAna() });
    await cart.add("guest:def", { productId: shirtId, size: "M", colour: "Black", quantity: 1 });
    const stockBefore = (await store.products.get(shirtId))?.variants.find((v) => v.size === "M")?.stock;
    const refused = await checkout.placeOrder(
      input({ cartId: "guest:def", shippingMethod: "standard", address: unposted }),
    );
    expect(refused).toEqual({ kind: "address-needed" });
    expect((await store.products.get(shirtId))?.variants.find((v) => v.size === "M")?.stock).toBe(stockBefore);
    expect((await store.orders.list({ limit: 10, offset: 0 })).total).toBe(1);
  });

  it("a €50 card for Ana: paid without delivery or VAT, one €50 card, its code e-mailed to Ana and usable", async () => {
    expect(
      await cart.add("guest:abc", { productId: card.id, size: "€50", colour: "Gift", quantity: 1, giftCard: forAna() }),
    ).toMatchObject({ ok: true });
    const order = await paid({ shippingMethod: "email" });
    expect(order).toMatchObject({
      status: "paid",
      subtotalMinor: 5000,
      shippingMinor: 0,
      totalMinor: 5000,
      vatMinor: 0,
    });
    expect(order.shipping).toMatchObject({ method: "email", priceMinor: 0 });

    const cards = await giftCards.list();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      initialMinor: 5000,
      balanceMinor: 5000,
      status: "active",
      recipientEmail: "ana@example.com",
      source: { kind: "order", orderId: order.id },
    });
    expect(await giftCards.ledger(cards[0].id)).toMatchObject([
      { kind: "issued", amountMinor: 5000, orderId: order.id },
    ]);

    const toAna = mails.filter((m) => m.to === "ana@example.com");
    expect(toAna).toHaveLength(1);
    expect(toAna[0].subject).toBe("Bo Buyer sent you a Hemline gift card");
    expect(toAna[0].text).toContain("Happy birthday! <b>not bold</b>");
    const code = codeIn(toAna[0])!;
    expect((await giftCards.byAppliedCode(code))?.id).toBe(cards[0].id);
    // The buyer hears it went, without the code; the store keeps only its hash.
    const toBo = mails.filter((m) => m.to === "bo@example.com");
    expect(toBo).toHaveLength(1);
    expect(toBo[0].text).toContain("Sent now: a €50 gift card");
    expect(codeIn(toBo[0])).toBeNull();
    expect(JSON.stringify(await giftCards.list())).not.toContain(code.replaceAll("-", ""));

    // The payment handled again, twice at once (a webhook delivered again, two instances): nothing more.
    await Promise.all([sales.issueForOrder(order), sales.issueForOrder(order)]);
    expect(await giftCards.list()).toHaveLength(1);
    expect(mails).toHaveLength(2);
  });

  it("a card for a later date is sealed until then and sent by the sweep on that day, once", async () => {
    await cart.add("guest:abc", {
      productId: card.id,
      size: "€25",
      colour: "Gift",
      quantity: 2,
      giftCard: forAna("2026-12-24"),
    });
    const order = await paid({ shippingMethod: "email" });
    const cards = await giftCards.list();
    expect(cards.map((c) => c.initialMinor)).toEqual([2500, 2500]);
    expect(mails.map((m) => m.to)).toEqual(["bo@example.com"]);
    expect(mails[0].text).toMatch(/Scheduled: a €25 gift card .* to ana@example.com on 2026-12-24/);

    clock = new Date("2026-12-23T23:59:00Z");
    expect(await sales.sendDue()).toBe(0);
    expect(mails).toHaveLength(1);

    clock = new Date("2026-12-24T06:00:00Z");
    const sweeps = await Promise.all([sales.sendDue(), sales.sendDue()]);
    expect(sweeps[0] + sweeps[1]).toBe(2);
    const toAna = mails.filter((m) => m.to === "ana@example.com");
    expect(toAna).toHaveLength(2);
    const codes = toAna.map(codeIn);
    const opened = await Promise.all(codes.map((c) => giftCards.byAppliedCode(c!)));
    expect(new Set(opened.map((c) => c?.id))).toEqual(new Set(cards.map((c) => c.id)));
    expect(mails.filter((m) => m.to === "bo@example.com" && m.subject.includes("was sent"))).toHaveLength(2);
    for (const c of codes) expect(JSON.stringify(await giftCards.list())).not.toContain(c!.replaceAll("-", ""));

    expect(await sales.sendDue()).toBe(0);
    expect(order.lines[0].giftCard).toEqual(forAna("2026-12-24"));
  });

  it("a mixed cart pays delivery on its garments only: the card neither costs delivery nor makes it free", async () => {
    await cart.add("guest:abc", { productId: shirtId, size: "M", colour: "Black", quantity: 2 });
    await cart.add("guest:abc", { productId: card.id, size: "€50", colour: "Gift", quantity: 1 });
    const order = await paid();
    // €60 of shirts is under the €75 free-delivery threshold, however much the card adds.
    expect(order).toMatchObject({ subtotalMinor: 11000, shippingMinor: 495, totalMinor: 11495 });
    expect(order.lines.find((l) => l.giftCard)?.vatMinor).toBe(0);
    // No recipient: the code goes to the buyer, with no separate notice.
    expect(mails.map((m) => m.to)).toEqual(["bo@example.com"]);
    expect(mails[0].subject).toBe("Your Hemline gift card");
    expect(codeIn(mails[0])).not.toBeNull();
  });

  it("a refund gives back only unspent cards, voiding them; a card spent from is refused", async () => {
    await cart.add("guest:abc", { productId: card.id, size: "€25", colour: "Gift", quantity: 2 });
    const order = await paid({ shippingMethod: "email" });
    const [first, second] = await giftCards.list();
    await store.giftCards.redeem(first.id, 1000, "another-order", "2026-11-27T10:00:00.000Z");
    const sku = order.lines[0].sku;

    const both = await orders.refund(
      order.id,
      { amountMinor: 5000, reason: "", lines: [{ sku, quantity: 2, restock: false }] },
      "owner",
    );
    expect(both).toMatchObject({ ok: false, status: 409 });
    expect((both as { message: string }).message).toMatch(
      /Only 1 of the Hemline gift card \(€25\) cards can be refunded/,
    );
    expect((await giftCards.get(second.id))?.status).toBe("active");

    const one = await orders.refund(
      order.id,
      { amountMinor: 2500, reason: "", lines: [{ sku, quantity: 1, restock: false }] },
      "owner",
    );
    expect(one).toMatchObject({ ok: true, order: { status: "partially_refunded" } });
    expect((await giftCards.get(second.id))?.status).toBe("voided");
    expect((await giftCards.get(first.id))?.status).toBe("active");
  });

  it("two cards of one amount for two people are two lines: either can be refunded alone", async () => {
    const forBo = { ...forAna(), recipientName: "Bo", recipientEmail: "bo.friend@example.com" };
    await cart.add("guest:abc", { productId: card.id, size: "€50", colour: "Gift", quantity: 1, giftCard: forAna() });
    await cart.add("guest:abc", { productId: card.id, size: "€50", colour: "Gift", quantity: 1, giftCard: forBo });
    const order = await paid({ shippingMethod: "email" });
    expect(order.lines).toHaveLength(2);
    const [toAna, toBo] = order.lines;
    expect(toBo.sku).not.toBe(toAna.sku);
    const cardOf = async (email: string) => (await giftCards.list()).find((c) => c.recipientEmail === email)!;

    const refunded = await orders.refund(
      order.id,
      { amountMinor: 5000, reason: "", lines: [{ sku: toBo.sku, quantity: 1, restock: false }] },
      "owner",
    );
    expect(refunded).toMatchObject({ ok: true, order: { status: "partially_refunded" } });
    expect((await cardOf("bo.friend@example.com")).status).toBe("voided");
    expect((await cardOf("ana@example.com")).status).toBe("active");
  });

  it("refuses a send date in the past or more than a year ahead, on the line", async () => {
    const add = (sendOn: string) =>
      cart.add("guest:abc", { productId: card.id, size: "€50", colour: "Gift", quantity: 1, giftCard: forAna(sendOn) });
    expect(await add("2026-11-26")).toMatchObject({ ok: false, field: "sendOn" });
    expect(await add("2027-11-28")).toMatchObject({ ok: false, field: "sendOn" });
    expect(await cart.lines("guest:abc")).toEqual([]);
  });
});
