import { createFirestorePairStore } from "./pair-store.server";
import type { Firestore } from "firebase-admin/firestore";
import type { Store, StoreFaults } from "../port";
import { createFirestoreAddressStore } from "./address-store.server";
import { createFirestoreAuditStore } from "./audit-store.server";
import { FirestoreUnavailableError, available, healthProbe } from "./availability.server";
import { createFirestoreCartStore } from "./cart-store.server";
import { firestoreFor } from "./firebase-app.server";
import { createFirestoreImportJobStore } from "./import-job-store.server";
import { createFirestoreOnceStore } from "./once-store.server";
import { createFirestoreOrderStore } from "./order-store.server";
import { createFirestorePaymentKeyStore } from "./payment-key-store.server";
import { createFirestorePostStore } from "./post-store.server";
import { createFirestoreProductStore } from "./product-store.server";
import { createFirestoreProfileStore } from "./profile-store.server";
import { upgradeFirestore } from "./upgrade.server";
import { createFirestoreRateLimitStore } from "./rate-limit-store.server";
import { createFirestoreApiKeyStore } from "./api-key-store.server";
import { createFirestoreWebhookStore } from "./webhook-store.server";
import { createFirestoreStaffStore } from "./staff-store.server";
import { createFirestoreShippingZoneStore } from "./shipping-zone-store.server";
import { createFirestoreAbandonedCheckoutStore } from "./abandoned-checkout-store.server";
import { createFirestoreMarketStore } from "./market-store.server";
import { createFirestoreWishlistStore } from "./wishlist-store.server";
import { createFirestoreStockAlertStore } from "./stock-alert-store.server";
import { createFirestoreReviewStore } from "./review-store.server";
import { createFirestorePromotionStore } from "./promotion-store.server";
import { createFirestoreInvoiceNumberStore } from "./invoice-number-store.server";
import { createFirestoreGiftCardStore } from "./gift-card-store.server";

export function createFirestoreStore(projectId: string, faults: StoreFaults = {}): Store {
  return createFirestoreStoreOn(firestoreFor(projectId), faults);
}

/** The store on a given client (tests open a second client on one database, as a second instance would). */
export function createFirestoreStoreOn(db: Firestore, faults: StoreFaults = {}): Store {
  return {
    kind: "firestore",
    products: createFirestoreProductStore(db),
    profiles: createFirestoreProfileStore(db),
    addresses: createFirestoreAddressStore(db),
    posts: createFirestorePostStore(db),
    audit: createFirestoreAuditStore(db),
    wishlists: createFirestoreWishlistStore(db),
    stockAlerts: createFirestoreStockAlertStore(db),
    reviews: createFirestoreReviewStore(db),
    carts: createFirestoreCartStore(db),
    orders: createFirestoreOrderStore(db, faults),
    promotions: createFirestorePromotionStore(db),
    giftCards: createFirestoreGiftCardStore(db),
    invoiceNumbers: createFirestoreInvoiceNumberStore(db),
    once: createFirestoreOnceStore(db),
    importJobs: createFirestoreImportJobStore(db),
    paymentKeys: createFirestorePaymentKeyStore(db),
    rateLimits: createFirestoreRateLimitStore(db),
    apiKeys: createFirestoreApiKeyStore(db),
    webhooks: createFirestoreWebhookStore(db),
    staff: createFirestoreStaffStore(db),
    shippingZones: createFirestoreShippingZoneStore(db),
    markets: createFirestoreMarketStore(db),
    pairs: createFirestorePairStore(db),
    abandonedCheckouts: createFirestoreAbandonedCheckoutStore(db),
    upgrade: (log) => upgradeFirestore(db, log),
    async ping() {
      try {
        await available(healthProbe(db));
      } catch (error) {
        throw error instanceof FirestoreUnavailableError ? error : new FirestoreUnavailableError(error);
      }
    },
    async close() {
      await db.terminate();
    },
  };
}

export { FirestoreUnavailableError };
