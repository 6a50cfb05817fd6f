import path from "node:path";
import { createBackend, type Backend } from "./backend.server";
import { getConfig, type Config } from "./config.server";
import { fallbackOrigin } from "./http/public-origin.server";
import { answeringUnavailable } from "./http/unavailable.server";
import { createAccountsService, type AccountsService } from "./services/accounts/accounts.server";
import { createAddressBookService, type AddressBookService } from "./services/accounts/address-book.server";
import { createAdminUsersService, type AdminUsersService } from "./services/accounts/admin-users.server";
import { createAdminCatalogService, type AdminCatalogService } from "./services/admin-catalog/admin-catalog.server";
import { createProductImportService, type ProductImportService } from "./services/admin-catalog/product-import.server";
import { createAnalyticsService, type AnalyticsService } from "./services/analytics/analytics.server";
import { createAuditService, type AuditService } from "./services/audit/audit.server";
import { createBlogService, type BlogService } from "./services/blog/blog.server";
import { createCartService, type CartService } from "./services/cart/cart.server";
import { createShippingService, type ShippingService } from "./services/shipping/shipping.server";
import { createMarketsService, type MarketsService } from "./services/markets/markets.server";
import { createTaxService, type TaxService } from "./services/taxes/taxes.server";
import { createPromotionsService, type PromotionsService } from "./services/promotions/promotions.server";
import { createCheckoutService, type CheckoutService } from "./services/checkout/checkout.server";
import { createGiftCardsService, type GiftCardsService } from "./services/gift-cards/gift-cards.server";
import { createGiftCardSales, type GiftCardSales } from "./services/gift-cards/gift-card-sales.server";
import { createCheckoutSubmission, type CheckoutSubmissionService } from "./services/checkout/submission.server";
import { createAdminOrdersService, type AdminOrdersService } from "./services/orders/admin-orders.server";
import { createOrdersService, type OrdersService } from "./services/orders/orders.server";
import { createReturnsService, type ReturnsService } from "./services/orders/returns.server";
import { createCompleteTheLookService, type CompleteTheLookService } from "./services/look/complete-the-look.server";
import { createWishlistService, type WishlistService } from "./services/wishlist/wishlist.server";
import { createStockAlertsService, type StockAlertsService } from "./services/stock-alerts/stock-alerts.server";
import { createCatalogService, type CatalogService } from "./services/catalog/catalog.server";
import { createReviewsService, type ReviewsService } from "./services/reviews/reviews.server";
import { createApiKeysService, type ApiKeysService } from "./services/api/api-keys.server";
import { createApiReadsService, type ApiReadsService } from "./services/api/api-reads.server";
import { createWebhooksService, type WebhooksService } from "./services/webhooks/webhooks.server";
import { outboxSubjectJson } from "./api/representations.server";
import { webhookDeliveries } from "./observability/metrics.server";
import { createVariantUpdateService, type VariantUpdateService } from "./services/admin-catalog/variant-update.server";
import { createRateLimiter } from "./services/accounts/rate-limit.server";
import { createStaffService, type StaffService } from "./services/staff/staff.server";
import { createProductFeedService, type ProductFeedService } from "./services/feed/product-feed.server";
import { createRemindersService, type RemindersService } from "./services/reminders/reminders.server";
import { checkoutFaultsFor, orderEventFaultFor } from "./test-hooks.server";

// The one place where adapters (from config) are wired into services: the composition root. The
// server makes the shop once at start (startup.server.ts's prepareToServe) and hands it to every
// loader and action as `context.shop` (load-context.server.ts); routes use only the services and
// never import an adapter, nor getContext (ESLint refuses it outside start-up).

export interface AppContext {
  config: Config;
  backend: Backend;
  catalog: CatalogService;
  accounts: AccountsService;
  /** Signed-in shoppers' saved delivery addresses. */
  addressBook: AddressBookService;
  /** Saved products of shoppers and guests (owned like carts). */
  wishlist: WishlistService;
  /** Products bought together (and the same category and colour family): product page and cart. */
  completeTheLook: CompleteTheLookService;
  /** "E-mail me when it is back" on sold-out variants. */
  stockAlerts: StockAlertsService;
  /** Product reviews: who may write one, the product page's list, moderation in the back office (audited). */
  reviews: ReviewsService;
  blog: BlogService;
  /** The Google product feed (/feeds/google.xml, .tsv): built from the catalogue, kept until it changes. */
  productFeed: ProductFeedService;
  /** Record every admin change here: ctx.audit.record({ actor, entityType, entityId, action, summary, before, after }). */
  audit: AuditService;
  adminCatalog: AdminCatalogService;
  productImports: ProductImportService;
  cart: CartService;
  checkout: CheckoutService;
  /** Shipping zones and delivery prices: the one source checkout, the cart, the pages and the feed read. */
  shipping: ShippingService;
  /** Markets: the shopper's currency on every page, the order's market at checkout, the back office's list. */
  markets: MarketsService;
  /** Taxes by zone: the VAT an order includes under its delivery zone's rule, and the notice pages show. */
  taxes: TaxService;
  /** The checkout form as one command: address, purchase, address book, the settled order. */
  checkoutSubmission: CheckoutSubmissionService;
  /** Discount codes and automatic promotions: cart and checkout pricing, the back office's list (audited). */
  promotions: PromotionsService;
  /** Gift cards: the code lookup behind a rate limit (checkout, balance page), issuing, top-ups, voids. */
  giftCards: GiftCardsService;
  /** Gift cards bought in the shop: issued when their order is paid, codes e-mailed now or on their date. */
  giftCardSales: GiftCardSales;
  orders: OrdersService;
  /** Returns the shopper starts and the back office approves, receives and refunds (audited). */
  returns: ReturnsService;
  /** Back office: order list and status changes (recorded in the audit log), users, reports. */
  adminOrders: AdminOrdersService;
  adminUsers: AdminUsersService;
  analytics: AnalyticsService;
  /** Keys of the admin API (/api/v1): made and revoked by an owner, checked on every API request. */
  apiKeys: ApiKeysService;
  /** A variant's stock and price with the editor's stale-edit check (the admin API), audited. */
  variantUpdates: VariantUpdateService;
  /** The admin API's paged reads of products, orders, customers and returns. */
  apiReads: ApiReadsService;
  /** Webhook endpoints, the outbox of events, and its delivery in the background. */
  webhooks: WebhooksService;
  /** Back-office staff: roles, invitations, role changes and revocations (audited). */
  staff: StaffService;
  /** Abandoned-checkout reminders: recorded at checkout, sent by a sweep, restore and unsubscribe links. */
  reminders: RemindersService;
}

declare global {
  // Kept on globalThis so `remix dev` rebuilds reuse one database connection.
  var __hemlineContext: AppContext | undefined;
}

export function createContext(config: Config): AppContext {
  const backend = createBackend(config);
  if (config.adminEmails.length === 0) {
    // Without the list nobody is admin, and the operator is told so.
    console.warn("ADMIN_EMAILS is not set: nobody will have the admin role.");
  }
  const syncIntervalMs = backend.store.kind === "sqlite" ? 0 : 5000;
  const audit = createAuditService({ store: backend.store });
  const webhooks = createWebhooksService({
    store: backend.store,
    audit: (change) => audit.record(change),
    allowPrivateAddresses: config.webhooks.allowPrivateAddresses,
    render: outboxSubjectJson,
    onAttempt: (event, ok) => webhookDeliveries.inc({ event, result: ok ? "ok" : "failed" }),
  });
  // The stores write each change's events in its own transaction (the outbox); after a change this
  // relays and sends them now rather than at the next sweep, which relays whatever a dead process left.
  const relayEvents = () => void webhooks.deliverDue();
  const orderEventFault = orderEventFaultFor(config.crashHooks?.killAt);
  const publicOrigin = config.publicUrl ?? fallbackOrigin(config);
  const stockAlerts = createStockAlertsService({
    store: backend.store,
    secret: config.sessionSecret,
    shopName: config.shopName,
    supportEmail: config.supportEmail,
    publicOrigin,
    mailer: backend.mailer,
  });
  // Any stock change (an edit, an import, an order taking it, a release) wrote product.stock_changed with it.
  const stockChanged = async (_productIds: string[]) => relayEvents();
  // Wherever stock may have come back (an edit, an import, a release), waiting alerts are e-mailed; a failure there never undoes the change.
  const stockWritten = (productIds: string[]) =>
    Promise.all([
      stockAlerts
        .notify(productIds)
        .catch((error) =>
          console.error("Back-in-stock alerts could not be sent; the next stock change retries", error),
        ),
      stockChanged(productIds),
    ]);
  const catalog = createCatalogService({
    store: backend.store,
    syncIntervalMs,
    snapshots: backend.indexSnapshots ? { files: backend.indexSnapshots, leases: backend.leases } : null,
  });
  const completeTheLook = createCompleteTheLookService({ pairs: backend.store.pairs, catalog });
  const adminCatalog = createAdminCatalogService({
    store: backend.store,
    audit,
    syncIntervalMs,
    onChange: () => catalog.invalidate(),
    onStockWritten: stockWritten,
    // A product that appears in orders is archived, never deleted; sales per category come from orders.
    ordersWithProduct: (id) => backend.store.orders.countWithProduct(id),
    ordersBetween: (from, to) => backend.store.orders.createdBetween(from, to),
    onProductSaved: async () => relayEvents(),
  });
  // The one service that prices delivery: checkout, the cart, the pages and the feed all ask it.
  const shipping = createShippingService({
    store: backend.store,
    rates: config.shipping,
    homeCountry: config.feed.country,
    audit: (record) => audit.record(record),
    cacheMs: syncIntervalMs,
  });
  const markets = createMarketsService({
    store: backend.store,
    audit: (record) => audit.record(record),
    cacheMs: syncIntervalMs,
  });
  // The UK threshold is in pounds: an order in euros converts at the GBP market's rate when there is one.
  const taxes = createTaxService({
    vat: config.vat,
    gbpRateMicros: async () =>
      (await markets.markets({ fresh: true })).find((m) => m.currency === "GBP")?.rateMicros ?? null,
  });
  const cart = createCartService({ store: backend.store, shipping });
  const promotions = createPromotionsService({ store: backend.store, audit });
  const giftCards = createGiftCardsService({
    store: backend.store,
    mail: { mailer: backend.mailer, shopName: config.shopName, publicOrigin },
    audit: (record) => audit.record(record),
  });
  const giftCardSales = createGiftCardSales({
    store: backend.store,
    mailer: backend.mailer,
    shopName: config.shopName,
    publicOrigin,
    codeKey: config.giftCardCodeKey,
  });
  const orders = createOrdersService({
    store: backend.store,
    issueGiftCards: (order) => giftCardSales.issueForOrder(order),
    secret: config.sessionSecret,
    shopName: config.shopName,
    mailer: backend.mailer,
    pendingPaymentExpiryMs: config.pendingPaymentExpiryMs,
    supportEmail: config.supportEmail,
    returnsWindowDays: config.returnsWindowDays,
    publicOrigin,
    payments: backend.payments,
    onStockReleased: stockWritten,
    invoiceBlockSize: config.invoice.numberBlock,
    onOrderEvent: async (type, order) => {
      // Its pairs are counted by now: this process shows them at once (others within PARTNERS_TTL_MS).
      if (type === "order.paid") completeTheLook.forget(order.lines.map((l) => l.productId));
      // Test hook (HEMLINE_KILL_AT=after-order-paid): the event is committed, the relay not yet told.
      orderEventFault?.(type);
      relayEvents();
    },
  });
  const checkout = createCheckoutService({
    store: backend.store,
    cart,
    orders,
    payments: backend.payments,
    shipping,
    promotions,
    giftCards,
    markets,
    taxes,
    faults: checkoutFaultsFor(config.crashHooks?.killAt),
    onStockTaken: stockChanged,
  });
  const addressBook = createAddressBookService({
    store: backend.store,
    delivers: async (country) => (await shipping.zoneFor(country)) !== null,
  });
  const reminders = createRemindersService({
    store: backend.store,
    mailer: backend.mailer,
    secret: config.sessionSecret,
    shopName: config.shopName,
    supportEmail: config.supportEmail,
    publicOrigin,
    abandonedAfterHours: config.reminders.abandonedAfterHours,
    activeCode: (code) => promotions.activeCode(code),
    replaceCart: (cartId, lines) => cart.replace(cartId, lines),
    audit: (record) => audit.record(record),
  });
  return {
    config,
    backend,
    cart,
    orders,
    returns: createReturnsService({
      store: backend.store,
      orders,
      secret: config.sessionSecret,
      shopName: config.shopName,
      supportEmail: config.supportEmail,
      publicOrigin,
      returnsWindowDays: config.returnsWindowDays,
      mailer: backend.mailer,
      audit: (change) => audit.record(change),
      onStockReleased: stockWritten,
      onReturnRequested: async () => relayEvents(),
    }),
    checkout,
    shipping,
    markets,
    taxes,
    checkoutSubmission: createCheckoutSubmission({ checkout, addressBook, orders, reminders, cart }),
    promotions,
    giftCards,
    giftCardSales,
    catalog,
    accounts: createAccountsService({
      identity: backend.identity,
      store: backend.store,
      adminEmails: config.adminEmails,
      mailer: backend.mailer,
      shopName: config.shopName,
    }),
    addressBook,
    wishlist: createWishlistService({ store: backend.store }),
    completeTheLook,
    stockAlerts,
    reviews: createReviewsService({
      store: backend.store,
      audit: (record) => audit.record(record),
      onRatingChanged: () => catalog.invalidate(),
    }),
    productFeed: createProductFeedService({
      products: backend.store.products,
      version: (fresh) => {
        if (fresh) catalog.invalidate();
        return catalog.version();
      },
      files: backend.feedFiles,
      leases: backend.leases,
      leaseMs: config.feed.leaseMs,
      cacheDir: path.join(config.dataDir, "cache", "feeds"),
      brand: config.shopName,
      shopName: config.shopName,
      rates: config.shipping,
      zoneFor: (country) => shipping.zoneFor(country),
      marketFor: (country) => markets.marketForCountry(country),
      rebuildEveryMs: config.feed.rebuildEveryMs,
    }),
    blog: createBlogService({ store: backend.store, audit }),
    audit,
    adminCatalog,
    productImports: createProductImportService({
      store: backend.store,
      audit,
      adminCatalog,
      onStockWritten: stockWritten,
    }),
    // Every accepted admin status change and note on an order is recorded in the audit log.
    adminOrders: createAdminOrdersService({
      store: backend.store,
      orders,
      audit: (change) => audit.record(change),
    }),
    adminUsers: createAdminUsersService({ store: backend.store }),
    analytics: createAnalyticsService({ store: backend.store }),
    apiKeys: createApiKeysService({
      store: backend.store,
      audit: (change) => audit.record(change),
      limiter: createRateLimiter(backend.store.rateLimits),
      perMinute: config.api.ratePerMinute,
    }),
    apiReads: createApiReadsService({ store: backend.store }),
    variantUpdates: createVariantUpdateService({
      store: backend.store,
      audit,
      changed: () => adminCatalog.changed(),
      onStockWritten: stockWritten,
      onProductChanged: async () => relayEvents(),
    }),
    webhooks,
    staff: createStaffService({
      store: backend.store,
      audit: (record) => audit.record(record),
      mailer: backend.mailer,
      shopName: config.shopName,
    }),
    reminders,
  };
}

/** How often each serving process releases the stock of orders whose payment never came. */
const EXPIRY_SWEEP_MS = 60_000;

/** The serving process's work in the background: safe with any number of instances doing it at once. */
function startBackgroundWork(context: AppContext): void {
  const sweep = (options?: { reconcileAfterMs: number }) =>
    context.orders
      .expireUnpaid(options)
      .catch((error) => console.error("Settling or releasing unpaid orders failed; will try again", error));
  // At start too, asking about every card order awaiting payment: one this shop's previous process
  // died in the middle of paying is settled now, not in a minute.
  setTimeout(() => sweep({ reconcileAfterMs: 0 }), 0).unref();
  setInterval(sweep, EXPIRY_SWEEP_MS).unref();
  // Webhook deliveries due (retries, and events of an instance that died before sending them).
  setInterval(() => void context.webhooks.deliverDue(), context.config.webhooks.sweepMs).unref();
  // Gift card codes whose send date has come: each card's e-mail is claimed in the store, so one instance sends it.
  setInterval(
    () =>
      void context.giftCardSales
        .sendDue()
        .catch((error) => console.error("Sending scheduled gift cards failed; will try again", error)),
    context.config.reminders.sweepMs,
  ).unref();
  // Abandoned-checkout reminders due: each is claimed in the store, so one instance sends it.
  // Then a bounded batch of records that serve no more is deleted (any instance may; deleting twice is harmless).
  setInterval(
    () =>
      void context.reminders
        .sendDue()
        .catch((error) => console.error("Sending abandoned-checkout reminders failed; will try again", error))
        .then(() => context.reminders.prune()),
    context.config.reminders.sweepMs,
  ).unref();
  // The product feeds asked for before a restart, and the home country's XML feed, are built now
  // when the catalogue moved past them, so no fetch after a restart waits for a build.
  const { config } = context;
  void context.productFeed
    .start([{ format: "xml", country: config.feed.country, origin: config.publicUrl ?? fallbackOrigin(config) }])
    .catch((error) => console.error("Starting the product feed's builds failed; the next fetch builds it", error));
}

/** The context routes use: every service answers 'Firestore not available' (503) when the database does not. */
function forRoutes(context: AppContext): AppContext {
  const wrapped = { ...context } as Record<string, unknown>;
  for (const [name, value] of Object.entries(context)) {
    if (name !== "config" && name !== "backend" && value && typeof value === "object")
      wrapped[name] = answeringUnavailable(value);
  }
  return wrapped as unknown as AppContext;
}

export function getContext(): AppContext {
  if (!globalThis.__hemlineContext) {
    const context = createContext(getConfig());
    globalThis.__hemlineContext = forRoutes(context);
    startBackgroundWork(context);
  }
  return globalThis.__hemlineContext;
}
