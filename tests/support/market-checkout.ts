import { checkoutServices } from "./checkout-services";
import { expect } from "vitest";
import type { Order } from "~/domain/commerce";
import { STANDARD_VAT_RATES } from "~/lib/vat-rates";
import type { MailMessage } from "~/server/mail/port";
import type { CardFormProcessor } from "~/server/payments/port";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { seedZonesIfEmpty } from "~/server/seed/seed.server";
import { createCartService, type CartService } from "~/server/services/cart/cart.server";
import { createCheckoutService, type CheckoutService } from "~/server/services/checkout/checkout.server";
import type { GiftCardsService } from "~/server/services/gift-cards/gift-cards.server";
import { createMarketsService, type MarketInput, type MarketsService } from "~/server/services/markets/markets.server";
import { createOrdersService } from "~/server/services/orders/orders.server";
import { createShippingService } from "~/server/services/shipping/shipping.server";
import { createTaxService } from "~/server/services/taxes/taxes.server";
import type { Store } from "~/server/store/port";

// A checkout that sells in markets besides the seeded euro one, over any store: the integration tests
// of prices, taxes and gift cards in other currencies build it the same way (zones seeded, the markets
// saved as the owner would, a card processor that records what it was asked to charge).

export const CHECKOUT_RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
export const MARKET_OWNER = "owner@hemline.test";

export interface MarketCheckout {
  markets: MarketsService;
  cart: CartService;
  checkout: CheckoutService;
  /** What the card processor was asked to charge, as it received it. */
  charges: Array<{ amountMinor: number; currency: string }>;
  /** Every message the orders service sent. */
  mails: MailMessage[];
}

/**
 * Seeds the zones, takes each extra market's countries out of Europe and saves the markets, then
 * builds the checkout. `giftCards` and `issueGiftCards` are passed on as the shop wires them.
 */
export async function marketCheckout(
  store: Store,
  extraMarkets: MarketInput[],
  options: { giftCards?: GiftCardsService; issueGiftCards?: (order: Order) => Promise<unknown> } = {},
): Promise<MarketCheckout> {
  const charges: MarketCheckout["charges"] = [];
  const mails: MailMessage[] = [];
  await seedZonesIfEmpty(store, CHECKOUT_RATES, () => {});
  const markets = createMarketsService({ store });
  const europe = await markets.defaultMarket();
  const elsewhere = new Set(extraMarkets.flatMap((m) => m.countries));
  const rest = { ...europe, countries: europe.countries.filter((c) => !elsewhere.has(c)) };
  expect(await markets.save(rest, MARKET_OWNER)).toMatchObject({ kind: "saved" });
  for (const market of extraMarkets)
    expect(await markets.save(market, MARKET_OWNER), market.name).toMatchObject({ kind: "saved" });
  const shipping = createShippingService({ store, rates: CHECKOUT_RATES });
  const cart = createCartService({ store, shipping });
  const cards = createTestCardProcessor({ keys: store.paymentKeys });
  const payments: CardFormProcessor = {
    ...cards,
    charge: (input) => {
      charges.push({ amountMinor: input.amountMinor, currency: input.currency });
      return cards.charge(input);
    },
  };
  const orders = createOrdersService({
    store,
    secret: "test-secret-that-is-long-enough-0123456789",
    shopName: "Hemline",
    mailer: { kind: "outbox", send: async (m) => void mails.push(m) },
    payments,
    ...(options.issueGiftCards ? { issueGiftCards: options.issueGiftCards } : {}),
  });
  const taxes = createTaxService({ vat: { rates: STANDARD_VAT_RATES } });
  const checkout = createCheckoutService({
    store,
    cart,
    orders,
    payments,
    ...checkoutServices(store, CHECKOUT_RATES),
    shipping,
    taxes,
    markets,
    ...(options.giftCards ? { giftCards: options.giftCards } : {}),
  });
  return { markets, cart, checkout, charges, mails };
}
