import catalogue from "./001-catalogue";
import accounts from "./002-accounts";
import blog from "./003-blog";
import orders from "./004-orders";
import adminCatalogue from "./005-admin-catalogue";
import rateLimits from "./006-rate-limits";
import importJobs from "./007-import-jobs";
import onceClaims from "./008-once-claims";
import addressBook from "./009-address-book";
import wishlists from "./010-wishlists";
import stockAlerts from "./011-stock-alerts";
import reviews from "./012-reviews";
import promotions from "./013-promotions";
import invoiceNumbers from "./014-invoice-numbers";
import indexSnapshots from "./015-index-snapshots";
import apiKeys from "./016-api-keys";
import webhooks from "./017-webhooks";
import staff from "./018-staff";
import abandonedCheckouts from "./019-abandoned-checkouts";
import productPairs from "./020-product-pairs";
import shippingZones from "./021-shipping-zones";
import giftCards from "./022-gift-cards";
import markets from "./023-markets";
import zoneTaxRules from "./024-zone-tax-rules";
import orderCurrency from "./025-order-currency";
import productMarketPrices from "./026-product-market-prices";
import webhookOutbox from "./027-webhook-outbox";
import backupCounts from "./028-backup-counts";
import wishlistMarketPrices from "./029-wishlist-market-prices";

/** Numbered migrations, applied in order at start; PRAGMA user_version records the last applied. */
export const MIGRATIONS: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: "catalogue", sql: catalogue },
  { version: 2, name: "accounts", sql: accounts },
  { version: 3, name: "blog", sql: blog },
  { version: 4, name: "orders", sql: orders },
  { version: 5, name: "admin-catalogue", sql: adminCatalogue },
  { version: 6, name: "rate-limits", sql: rateLimits },
  { version: 7, name: "import-jobs", sql: importJobs },
  { version: 8, name: "once-claims", sql: onceClaims },
  { version: 9, name: "address-book", sql: addressBook },
  { version: 10, name: "wishlists", sql: wishlists },
  { version: 11, name: "stock-alerts", sql: stockAlerts },
  { version: 12, name: "reviews", sql: reviews },
  { version: 13, name: "promotions", sql: promotions },
  { version: 14, name: "invoice-numbers", sql: invoiceNumbers },
  { version: 15, name: "index-snapshots", sql: indexSnapshots },
  { version: 16, name: "api-keys", sql: apiKeys },
  { version: 17, name: "webhooks", sql: webhooks },
  { version: 18, name: "staff", sql: staff },
  { version: 19, name: "abandoned-checkouts", sql: abandonedCheckouts },
  { version: 20, name: "product-pairs", sql: productPairs },
  { version: 21, name: "shipping-zones", sql: shippingZones },
  { version: 22, name: "gift-cards", sql: giftCards },
  { version: 23, name: "markets", sql: markets },
  { version: 24, name: "zone-tax-rules", sql: zoneTaxRules },
  { version: 25, name: "order-currency", sql: orderCurrency },
  { version: 26, name: "product-market-prices", sql: productMarketPrices },
  { version: 27, name: "webhook-outbox", sql: webhookOutbox },
  { version: 28, name: "backup-counts", sql: backupCounts },
  { version: 29, name: "wishlist-market-prices", sql: wishlistMarketPrices },
];
