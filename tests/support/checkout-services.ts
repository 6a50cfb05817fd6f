import { STANDARD_VAT_RATES } from "~/lib/vat-rates";
import { createAuditService } from "~/server/services/audit/audit.server";
import type { ShippingRates } from "~/server/services/checkout/shipping.server";
import { createGiftCardsService } from "~/server/services/gift-cards/gift-cards.server";
import { createMarketsService } from "~/server/services/markets/markets.server";
import { createPromotionsService } from "~/server/services/promotions/promotions.server";
import { createShippingService } from "~/server/services/shipping/shipping.server";
import { createTaxService } from "~/server/services/taxes/taxes.server";
import type { Store } from "~/server/store/port";

// The services checkout prices with, each over the test's store (as checkout once made them for itself
// when a test left them out): spread first, so a test's own service given after it wins.

/** Gift cards over the test's store, their e-mails kept nowhere and their changes not audited. */
export function quietGiftCards(store: Store) {
  return createGiftCardsService({
    store,
    mail: {
      mailer: { kind: "outbox", send: async () => undefined },
      shopName: "Hemline",
      publicOrigin: "http://localhost",
    },
    audit: async () => undefined,
  });
}

export function checkoutServices(store: Store, rates: ShippingRates) {
  return {
    shipping: createShippingService({ store, rates }),
    promotions: createPromotionsService({ store, audit: createAuditService({ store }) }),
    taxes: createTaxService({ vat: { rates: STANDARD_VAT_RATES } }),
    giftCards: quietGiftCards(store),
    markets: createMarketsService({ store }),
  };
}
