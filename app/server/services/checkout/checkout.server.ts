import { outcome, settled } from "~/lib/settled";
import crypto from "node:crypto";
import { WebhookSignatureError, type CardDetails, type PaymentProcessor } from "../../payments/port";
import {
  pendingPayment,
  type Address,
  type Order,
  type OrderLine,
  type PaymentRecord,
  type ShippingMethodId,
  type StockShortfall,
} from "~/domain/commerce";
import type { Store } from "../../store/port";
import type { Product } from "~/domain/product";
import { createRateLimiter, LIMITS, type Limit } from "../accounts/rate-limit.server";
import type { CartService } from "../cart/cart.server";
import { newOrderNumber } from "../orders/order-links.server";
import { cardAttemptOf, chargeKeyOf } from "../orders/payment-attempts.server";
import type { OrdersService } from "../orders/orders.server";
import { orderLineFor, withDistinctSkus } from "./order-line";
import { deliveredSubtotalMinor, EMAIL_DELIVERY, onlyGiftCards } from "./gift-card-delivery";
import { hasPostalAddress } from "~/domain/postal-address";
import { choiceOf } from "./shipping.server";
import type { ShippingService } from "../shipping/shipping.server";
import { parcelWeight, quotesFor, sameQuotes, type Parcel } from "~/domain/shipping-zone";
import { customerKeyFor, type PromotionsService } from "../promotions/promotions.server";
import type { TaxService } from "../taxes/taxes.server";
import { giftCardRedemptions, ordersPlaced, paymentsDeclined } from "~/server/observability/metrics.server";
import { splitTotal, type GiftCard } from "~/domain/gift-card";
import { quoteOrder } from "~/domain/quote-order";
import { giftCardLineProblem, giftCardPaymentProblem } from "~/domain/gift-card-currency";
import { giftCardCurrencyOf, isGiftCardVariant } from "~/domain/gift-card-product";
import { giftCardProblem, type GiftCardsService } from "../gift-cards/gift-cards.server";
import type { Market } from "~/domain/market";
import type { MarketsService } from "../markets/markets.server";
import { amountIn, orderLineIn, orderPricingOf, ownPriceOf } from "../markets/market-prices";

// Checkout: the order is priced here from the current catalogue (anything the browser sends
// about prices is ignored), placed atomically by the store, then paid. A declined payment
// leaves a 'payment failed' order with its stock released that the shopper can pay again.

export interface CheckoutInput {
  cartId: string | null;
  userId: string | null;
  email: string;
  address: Address;
  shippingMethod: ShippingMethodId;
  /**
   * The country whose delivery methods and prices the form showed: when the address's country is
   * priced differently, nothing is placed and the shopper sees the new prices first.
   */
  pricedCountry?: string | null;
  /**
   * The market whose prices the form showed (the shopper's): when the delivery country belongs to
   * another market, nothing is placed and the shopper sees the prices in its currency first.
   */
  shownMarketId?: string | null;
  idempotencyKey: string;
  /** Present for the card-form processor. */
  card: CardDetails | null;
  /** The shop's origin, for links in e-mails and the hosted payment page's return URLs. */
  origin: string;
  /** The client's address when known (declined payments are limited per address). */
  ip?: string | null;
  /** The discount code the shopper applied (cart or checkout), if any. */
  promotionCode?: string | null;
  /** The gift card the shopper applied at checkout, as typed, if any. */
  giftCardCode?: string | null;
}

export type CheckoutResult =
  | { kind: "empty" }
  /** The cart changed (another tab) between pricing and placing: nothing was placed or charged. */
  | { kind: "cart-changed" }
  | { kind: "sold-out"; shortfalls: StockShortfall[] }
  /** The applied code cannot be used (expired, used up…): nothing was placed or charged. */
  | { kind: "promotion-refused"; message: string }
  /** No shipping zone holds the address's country: nothing was placed or charged. */
  | { kind: "no-delivery"; country: string }
  /** The form asked no postal address (gift cards only) but the cart now holds goods to post: nothing was placed. */
  | { kind: "address-needed" }
  /** The address's country is priced differently from what the form showed: nothing was placed. */
  | { kind: "delivery-repriced"; country: string }
  /** The address's country buys in another market (currency) than the form showed: nothing was placed. */
  | { kind: "market-changed"; country: string; market: Market }
  /** The applied gift card cannot pay (no such code, voided, spent, or too many wrong codes): nothing was placed or charged. */
  | { kind: "gift-card-refused"; message: string }
  /** Paid, or a replay of a checkout that was already placed. */
  | { kind: "done"; order: Order }
  | { kind: "payment-failed"; order: Order; message: string }
  | { kind: "redirect"; order: Order; url: string }
  /** Too many declined payments from this client, cart or order: nothing was placed or charged. */
  | { kind: "rate-limited"; retryAfterSeconds: number };

export type RetryResult = CheckoutResult | { kind: "not-payable"; order: Order };

export type CheckoutService = ReturnType<typeof createCheckoutService>;

/**
 * Test-only crash points of a payment (HEMLINE_KILL_AT in the e2e specs, a throw in integration
 * tests): whatever runs after one never runs, as when the process dies there.
 */
export interface CheckoutFaults {
  /** The order is placed (stock taken, awaiting payment) and nothing is charged yet. */
  afterOrderPlaced?: () => void;
  /** The processor charged the card (its answer is kept by idempotency key) and the order does not say so yet. */
  afterCharged?: () => void;
  /** A verified webhook arrived and nothing of it is applied yet. */
  webhookReceived?: () => void;
}

/** What checkout places and pays orders with: each service is the shop's own, given by the composition root. */
export interface CheckoutDeps {
  store: Store;
  cart: CartService;
  orders: OrdersService;
  payments: PaymentProcessor;
  /** Prices delivery from the zones: the one service that prices delivery. */
  shipping: ShippingService;
  /** Discount codes and automatic promotions the order is priced with. */
  promotions: PromotionsService;
  /** The gift cards an order may be paid with. */
  giftCards: GiftCardsService;
  /** Decides the order's market (currency and prices) by the delivery country. */
  markets: MarketsService;
  /** Decides the order's VAT by its zone's rule. */
  taxes: TaxService;
  /** Test-only crash points (HEMLINE_KILL_AT); absent in production, where nothing is made to fail. */
  faults?: CheckoutFaults;
  /**
   * Told which products an order took stock of (placed, or reopened for payment); never awaited by the
   * shopper. Optional: with no one to tell (a test of checkout alone), nothing is told.
   */
  onStockTaken?: (productIds: string[]) => Promise<unknown>;
}

export function createCheckoutService(deps: CheckoutDeps) {
  const { store, cart, orders, payments, shipping, promotions, taxes, giftCards, markets } = deps;
  const stockTaken = (order: Order) =>
    void deps.onStockTaken?.([...new Set(order.lines.map((l) => l.productId))]).catch(() => undefined);
  const faults = deps.faults ?? {};
  // Card testing (many cards tried until one goes through) is slowed by counting declined payments
  // in the store, shared by every instance; a shopper who pays is never counted.
  const limiter = createRateLimiter(store.rateLimits);

  function declineKeys(ip: string | null | undefined, checkout: string): Array<[string, Limit]> {
    const keys: Array<[string, Limit]> = [[`declined:${checkout}`, LIMITS.declinedPerCheckout]];
    if (ip) keys.push([`declined-ip:${ip}`, LIMITS.declinedPerIp]);
    return keys;
  }

  /** Pay unless these keys are over their limits; a failed payment counts against each of them. */
  const waitFor = async (keys: Array<[string, Limit]>) =>
    Math.max(0, ...(await Promise.all(keys.map(([key, limit]) => limiter.retryAfter(key, limit)))));

  /** `early`: waitFor(keys) as the caller started it beside its own reads. */
  async function limitedPay<R extends RetryResult>(
    keys: Array<[string, Limit]>,
    pay: () => Promise<R>,
    early?: Promise<number>,
  ): Promise<R | { kind: "rate-limited"; retryAfterSeconds: number }> {
    const wait = await (early ?? waitFor(keys));
    if (wait > 0) return { kind: "rate-limited", retryAfterSeconds: wait };
    const result = await pay();
    if (result.kind === "payment-failed") await Promise.all(keys.map(([key, limit]) => limiter.hit(key, limit)));
    return result;
  }

  /** Charge (card form) or start a hosted checkout for an order that holds its stock. */
  async function pay(order: Order, card: CardDetails | null, origin: string): Promise<CheckoutResult> {
    const attempt = cardAttemptOf(order);
    const base: PaymentRecord = { ...order.payment, processor: payments.id, attempts: attempt };
    // The gift card's part was taken when the order was placed: the card pays the rest, if any.
    const restMinor = order.totalMinor - (order.giftCardMinor ?? 0);
    if (restMinor === 0) {
      const payment: PaymentRecord = { ...base, state: "succeeded", reference: null, failureMessage: null };
      return { kind: "done", order: await orders.markPaid(order, payment, origin) };
    }
    if (payments.kind === "card-form") {
      if (!card) return failed(order, { ...base, state: "failed", failureMessage: "Enter your card details." });
      const charge = await payments.charge({
        amountMinor: restMinor,
        currency: order.currency,
        card,
        description: `Order ${order.number}`,
        idempotencyKey: chargeKeyOf(order, attempt),
      });
      const payment: PaymentRecord = { ...base, cardBrand: charge.brand, cardLast4: charge.last4 };
      faults.afterCharged?.();
      if (!charge.ok) {
        paymentsDeclined.inc();
        return failed(order, { ...payment, state: "failed", failureMessage: charge.message });
      }
      const paid = await orders.markPaid(
        order,
        { ...payment, state: "succeeded", reference: charge.reference, failureMessage: null },
        origin,
      );
      return { kind: "done", order: paid };
    }
    try {
      const link = orders.linkFor(order);
      const session = await payments.startCheckout({
        order: { ...order, payment: base },
        successUrl: `${origin}${link}${link.includes("?") ? "&" : "?"}paid=1`,
        cancelUrl: `${origin}/checkout/cancel?order=${order.id}&key=${encodeURIComponent(new URL(link, origin).searchParams.get("key") ?? "")}`,
      });
      await orders.paymentPageOpened(order, { ...base, reference: session.reference }, payments.label);
      return { kind: "redirect", order, url: session.url };
    } catch (error) {
      console.error(`Order ${order.number}: the payment page could not be opened`, error);
      return failed(order, {
        ...base,
        state: "failed",
        failureMessage: "We could not reach the payment provider. Nothing was charged; please try again.",
      });
    }
  }

  /**
   * The cart is empty: either it was, or this very form was posted twice at once (to two
   * instances) and the other post placed it meanwhile — then the answer is that order.
   */
  async function emptyOrPlaced(idempotencyKey: string): Promise<CheckoutResult> {
    const placed = await store.orders.findByIdempotencyKey(idempotencyKey);
    return placed ? { kind: "done", order: placed } : { kind: "empty" };
  }

  /**
   * The same checkout form posted again: a double click, or the shopper reloading after the answer
   * never came (the instance died mid-payment). The answer is the order it placed, with its payment
   * finished: what the processor already did is recorded, and a card order that was never charged
   * is charged now, under the attempt's one idempotency key, so a charge still in flight elsewhere
   * and this one are the same single charge.
   */
  async function resume(order: Order, input: CheckoutInput): Promise<CheckoutResult> {
    // A hosted payment is settled by its webhook, or by the order page asking the processor.
    if (payments.kind !== "card-form") return { kind: "done", order };
    const current = await orders.reconcile(order, input.origin);
    if (current.status !== "pending_payment" || !input.card) return { kind: "done", order: current };
    return pay(current, input.card, input.origin);
  }

  async function failed(order: Order, payment: PaymentRecord): Promise<CheckoutResult> {
    const updated = await orders.markPaymentFailed(order, payment);
    return {
      kind: "payment-failed",
      order: updated,
      message: payment.failureMessage ?? "The payment did not go through.",
    };
  }

  return {
    processor: { id: payments.id, kind: payments.kind, label: payments.label },

    /** A verified Stripe webhook (throws WebhookSignatureError); only the hosted processor has them. */
    parseWebhook(rawBody: string, signature: string | null) {
      if (payments.kind !== "hosted") throw new WebhookSignatureError("This shop takes no hosted payments");
      const event = payments.parseWebhook(rawBody, signature);
      faults.webhookReceived?.();
      return event;
    },

    /**
     * /test-stripe: a small payment outside any order. The card processor charges the chosen
     * test card; Stripe opens a Checkout page for `probe` (the route's stand-in order, never
     * stored; test cards are typed there) that returns to `returnUrl`.
     */
    async testPayment(cardNumber: string, amountMinor: number, returnUrl: string, probe: () => Order) {
      if (payments.kind === "hosted") {
        const session = await payments.startCheckout({
          order: probe(),
          successUrl: `${returnUrl}?result=success`,
          cancelUrl: `${returnUrl}?result=cancelled`,
        });
        return { kind: "redirect" as const, url: session.url };
      }
      const now = new Date();
      const charge = await payments.charge({
        amountMinor,
        currency: "EUR",
        card: { number: cardNumber, expMonth: 12, expYear: now.getUTCFullYear() + 2, cvc: "123" },
        description: "Test payment from /test-stripe",
        idempotencyKey: crypto.randomUUID(),
      });
      return { kind: "charged" as const, charge };
    },

    /** The idempotency key of a new checkout form. */
    newCheckoutKey(): string {
      return crypto.randomUUID();
    },

    /**
     * What delivery to `country` costs for a cart (its items' value and weight), method by method,
     * as placeOrder will price it; null when the shop does not deliver there.
     */
    async deliveryOptions(
      country: string,
      parcel: Parcel & { onlyGiftCards?: boolean },
      market?: Pick<Market, "currency" | "rateMicros" | "rounding">,
    ) {
      // Gift cards only: e-mailed, free, whatever the country.
      if (parcel.onlyGiftCards) return [choiceOf(EMAIL_DELIVERY)];
      const options = (await shipping.quotes(country, parcel))?.map(choiceOf) ?? null;
      return market ? (options?.map((o) => ({ ...o, priceMinor: amountIn(market, o.priceMinor) })) ?? null) : options;
    },

    async placeOrder(input: CheckoutInput): Promise<CheckoutResult> {
      // What the placement reads first is independent, so it is read at once: the order a replayed
      // form already placed, the cart, the market and the delivery zone (both fresh), the promotions.
      const storedPromotions = promotions.stored();
      // The payment's rate limit too: whether this checkout may pay depends on nothing read here.
      const declines = declineKeys(input.ip, `cart:${input.cartId}`);
      const declineWait = waitFor(declines);
      for (const read of [storedPromotions, declineWait]) read.catch(() => {}); // each fails where it is used
      const [found, cartLines, marketRead, zoneRead] = await Promise.all([
        store.orders.findByIdempotencyKey(input.idempotencyKey),
        settled(cart.lines(input.cartId)),
        // The delivery country decides the market, read fresh: money is taken in its currency.
        settled(markets.marketForCountry(input.address.country, { fresh: true })),
        // The order's price comes from the zones as they are now, not as a page last read them.
        settled(shipping.zoneFor(input.address.country, { fresh: true })),
      ]);
      // A replayed or double-submitted form finds the order it already placed.
      if (found) return resume(found, input);

      const lines = outcome(cartLines);
      if (lines.length === 0) return emptyOrPlaced(input.idempotencyKey);
      const market = outcome(marketRead);
      if (input.shownMarketId && input.shownMarketId !== market.id)
        return { kind: "market-changed", country: input.address.country, market };
      const ids = [...new Set(lines.map((l) => l.productId))];
      const read = await Promise.all(ids.map((id) => store.products.get(id)));
      const products = new Map<string, Product | null>(ids.map((id, i) => [id, read[i]]));
      const shortfalls: StockShortfall[] = [];
      const baseLines: OrderLine[] = [];
      for (const line of lines) {
        const product = products.get(line.productId);
        const variant = product?.variants.find((v) => v.size === line.size && v.colour === line.colour);
        if (!product || product.status !== "active" || !variant || variant.stock < line.quantity) {
          shortfalls.push({
            productId: line.productId,
            name: product?.name ?? "A product that is no longer sold",
            size: line.size,
            colour: line.colour,
            requested: line.quantity,
            available: product?.status === "active" ? Math.max(0, variant?.stock ?? 0) : 0,
          });
          continue;
        }
        // A gift card amount is sold only in its own currency: its price is its face value, never converted.
        const wrongCurrency = isGiftCardVariant(variant)
          ? giftCardLineProblem(variant.size, giftCardCurrencyOf(variant), market.currency)
          : null;
        if (wrongCurrency)
          return {
            kind: "gift-card-refused",
            message: `${wrongCurrency} Nothing was charged and no order was placed.`,
          };
        baseLines.push(orderLineFor(product, line.size, line.colour, line.quantity, line.giftCard));
      }
      if (shortfalls.length > 0) return { kind: "sold-out", shortfalls };

      // Every amount of the order is in the market's currency: its lines as the pages showed them (a gift
      // card line is in it already, at its face value).
      const orderLines = withDistinctSkus(
        baseLines.map((l) => {
          if (l.giftCard) return l;
          const product = products.get(l.productId);
          return orderLineIn(market, l, product ? ownPriceOf(market, product) : null);
        }),
      );
      const subtotalMinor = orderLines.reduce((sum, l) => sum + l.unitPriceMinor * l.quantity, 0);
      // Delivery is priced by the zone of the address's country, on the delivered items' value (at
      // base prices: the zones' bands are in them; gift cards are e-mailed) and weight, then
      // converted at the market's rate.
      const giftCardsOnly = onlyGiftCards(baseLines);
      const parcel: Parcel = {
        subtotalMinor: deliveredSubtotalMinor(baseLines),
        weightGrams: parcelWeight(
          lines.map((l) => ({
            quantity: l.quantity,
            weightGrams: products.get(l.productId)?.variants.find((v) => v.size === l.size && v.colour === l.colour)
              ?.weightGrams,
          })),
        ),
      };
      if (!giftCardsOnly && !hasPostalAddress(input.address)) return { kind: "address-needed" };
      const zone = outcome(zoneRead);
      if (!giftCardsOnly && (!zone || zone.methods.length === 0))
        return { kind: "no-delivery", country: input.address.country };
      // Gift cards only: sent by e-mail, nothing to deliver or price (and no zone needed).
      const quotes = giftCardsOnly || !zone ? [EMAIL_DELIVERY] : quotesFor(zone, parcel);
      const chosenQuote = quotes.find((q) => q.methodId === input.shippingMethod);
      if (!giftCardsOnly && input.pricedCountry && input.pricedCountry !== input.address.country) {
        const shown = await shipping.quotes(input.pricedCountry, parcel, { fresh: true });
        if (!shown || !sameQuotes(shown, quotes)) return { kind: "delivery-repriced", country: input.address.country };
        // Another tax rule (import, UK) is news to the shopper too: they see its notice before paying.
        const shownZone = await shipping.zoneFor(input.pricedCountry, { fresh: true });
        if (taxes.ruleOf(shownZone).kind !== taxes.ruleOf(zone).kind)
          return { kind: "delivery-repriced", country: input.address.country };
      }
      if (!chosenQuote) return { kind: "delivery-repriced", country: input.address.country };
      const priced = await promotions.price({
        lines: orderLines.map((l) => ({
          productId: l.productId,
          category: products.get(l.productId)?.category ?? null,
          // A gift card is money, not merchandise: no promotion discounts it or counts it towards a threshold.
          grossMinor: l.giftCard ? 0 : l.unitPriceMinor * l.quantity,
        })),
        code: input.promotionCode ?? null,
        customerKey: customerKeyFor(input.userId, input.email),
        standardDeliveryMinor: amountIn(market, quotes[0].priceMinor),
        market,
        stored: storedPromotions,
      });
      if (priced.codeProblem) return { kind: "promotion-refused", message: priced.codeProblem };
      const { pricing } = priced;
      // The zone's methods in the market's currency, summed as the checkout page summed them.
      const { delivery, totalMinor } = quoteOrder({
        subtotalMinor,
        discountMinor: pricing.discountMinor,
        freeDelivery: pricing.freeDelivery,
        options: quotes.map((q) => ({ ...choiceOf(q), priceMinor: amountIn(market, q.priceMinor) })),
        method: chosenQuote.methodId,
      });
      if (!delivery) return { kind: "delivery-repriced", country: input.address.country };
      // VAT is included in what each line pays after its discount, by the delivery zone's tax rule.
      const paid = orderLines.map((l, i) => l.unitPriceMinor * l.quantity - pricing.lineDiscounts[i]);
      const tax = await taxes.taxFor({
        zone,
        country: input.address.country,
        // A gift card is a multi-purpose voucher: no VAT when sold, only on what it buys (decision 0029).
        lineGrossMinor: paid.map((gross, i) => (orderLines[i].giftCard ? 0 : gross)),
        shippingMinor: delivery.priceMinor,
        currency: market.currency,
      });
      const discountMinor = pricing.discountMinor;
      // A gift card pays up to its balance: a payment, not a discount (VAT above is on the full price).
      let giftCard: { card: GiftCard; amountMinor: number } | null = null;
      if (input.giftCardCode?.trim()) {
        const found = await giftCards.lookup(input.giftCardCode, input.ip ?? null);
        if (found.kind === "rate-limited") {
          giftCardRedemptions.inc({ outcome: "rate-limited" });
          return { kind: "rate-limited", retryAfterSeconds: found.retryAfterSeconds };
        }
        const problem =
          found.kind === "not-found"
            ? giftCardProblem("not-found")
            : found.card.status !== "active"
              ? giftCardProblem("voided")
              : found.card.balanceMinor === 0
                ? giftCardProblem("empty")
                : null;
        if (problem || found.kind !== "found") {
          giftCardRedemptions.inc({ outcome: found.kind === "found" ? "voided" : "not-found" });
          return { kind: "gift-card-refused", message: problem! };
        }
        // A card pays only orders in its own currency (a card's currency never changes: no need to
        // check it again in the placement's transaction).
        const currencyProblem = giftCardPaymentProblem(found.card.currency, market.currency);
        if (currencyProblem) {
          giftCardRedemptions.inc({ outcome: "wrong-currency" });
          return { kind: "gift-card-refused", message: currencyProblem };
        }
        // What the card leaves is paid by card: on the card form, or on the processor's hosted page.
        const split = splitTotal(totalMinor, found.card.balanceMinor);
        giftCard = { card: found.card, amountMinor: split.giftCardMinor };
      }
      const at = new Date().toISOString();
      const order: Order = {
        id: crypto.randomUUID(),
        number: newOrderNumber(),
        email: input.email,
        userId: input.userId,
        lines: orderLines.map((l, i) => ({ ...l, discountMinor: pricing.lineDiscounts[i], vatMinor: tax.lines[i] })),
        subtotalMinor,
        discountMinor,
        promotions: pricing.applied,
        shippingMinor: delivery.priceMinor,
        totalMinor,
        ...(giftCard
          ? { giftCardMinor: giftCard.amountMinor, giftCard: { id: giftCard.card.id, last4: giftCard.card.last4 } }
          : {}),
        taxRule: tax.taxRule,
        vatRate: tax.vatRate,
        shippingVatMinor: tax.shippingVatMinor,
        vatMinor: tax.vatMinor,
        ...orderPricingOf(market),
        address: input.address,
        shipping: delivery,
        payment: pendingPayment(payments.id),
        status: "pending_payment",
        trackingNumber: null,
        history: [{ status: "pending_payment", at, note: null, by: "customer" }],
        idempotencyKey: input.idempotencyKey,
        createdAt: at,
        updatedAt: at,
      };
      return limitedPay(
        declines,
        async (): Promise<CheckoutResult> => {
          // The cart is read again inside the placement: ten tabs posting one cart make one order.
          const placed = await store.orders.place(order, {
            cartId: input.cartId,
            cartLines: lines,
            promotionUses: priced.claims,
            giftCardRedemption: giftCard ? { cardId: giftCard.card.id, amountMinor: giftCard.amountMinor } : null,
          });
          if (placed.kind === "gift-card-refused") {
            giftCardRedemptions.inc({ outcome: placed.reason });
            return { kind: "gift-card-refused", message: giftCardProblem(placed.reason) };
          }
          if (giftCard && placed.kind === "placed") giftCardRedemptions.inc({ outcome: "redeemed" });
          if (placed.kind === "cart-empty") return emptyOrPlaced(input.idempotencyKey);
          if (placed.kind === "promotion-used-up") {
            const used = pricing.applied.find((a) => a.promotionId === placed.promotionId);
            const what = used?.code
              ? `The code ${used.code.toUpperCase()}`
              : `The promotion ${used?.name ?? ""}`.trim();
            return {
              kind: "promotion-refused",
              message: `${what} has just been used up. Nothing was charged and no order was placed.`,
            };
          }
          if (placed.kind === "sold-out" || placed.kind === "cart-changed") return placed;
          if (placed.kind === "duplicate") return { kind: "done", order: placed.order };
          ordersPlaced.inc();
          stockTaken(placed.order);
          faults.afterOrderPlaced?.();
          return pay(placed.order, input.card, input.origin);
        },
        declineWait,
      );
    },

    /** Pay a 'payment failed' order again: its stock is taken again first, so it can still sell out. */
    async retryPayment(
      order: Order,
      card: CardDetails | null,
      origin: string,
      ip: string | null = null,
    ): Promise<RetryResult> {
      // A hosted payment page that was left: open a new one for the order that still holds its stock.
      if (order.status === "pending_payment" && payments.kind === "hosted") return pay(order, null, origin);
      if (order.status !== "payment_failed") return { kind: "not-payable", order };
      return limitedPay(declineKeys(ip, `order:${order.id}`), async (): Promise<RetryResult> => {
        const reopened = await orders.reopenForPayment(order);
        if (reopened.kind === "sold-out") return { kind: "sold-out", shortfalls: reopened.shortfalls };
        if (reopened.kind !== "ok")
          return reopened.kind === "not-found" ? { kind: "empty" } : { kind: "not-payable", order: reopened.order };
        stockTaken(reopened.order);
        return pay(reopened.order, card, origin);
      });
    },
  };
}
