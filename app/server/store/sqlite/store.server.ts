import { createSqliteAddressStore } from "./address-store.server";
import type { Store, StoreFaults } from "../port";
import { createSqliteAuditStore } from "./audit-store.server";
import { createSqliteCartStore } from "./cart-store.server";
import { openDatabase, type SqliteDatabase } from "./database.server";
import { createSqliteImportJobStore } from "./import-job-store.server";
import { createSqliteOnceStore } from "./once-store.server";
import { createSqliteOrderStore } from "./order-store.server";
import { createSqlitePaymentKeyStore } from "./payment-key-store.server";
import { createSqlitePostStore } from "./post-store.server";
import { createSqliteProductStore } from "./product-store.server";
import { createSqliteProfileStore } from "./profile-store.server";
import { createSqliteRateLimitStore } from "./rate-limit-store.server";
import { createSqliteWishlistStore } from "./wishlist-store.server";
import { createSqliteStockAlertStore } from "./stock-alert-store.server";
import { createSqliteReviewStore } from "./review-store.server";
import { createSqlitePromotionStore } from "./promotion-store.server";
import { createSqliteInvoiceNumberStore } from "./invoice-number-store.server";

/** The store on an open database (the embedded backend shares it with the local identity provider). */
export function createSqliteStoreOn(db: SqliteDatabase, faults: StoreFaults = {}): Store {
  return {
    kind: "sqlite",
    products: createSqliteProductStore(db),
    profiles: createSqliteProfileStore(db),
    addresses: createSqliteAddressStore(db),
    posts: createSqlitePostStore(db),
    audit: createSqliteAuditStore(db),
    wishlists: createSqliteWishlistStore(db),
    stockAlerts: createSqliteStockAlertStore(db),
    reviews: createSqliteReviewStore(db),
    carts: createSqliteCartStore(db),
    orders: createSqliteOrderStore(db, faults),
    promotions: createSqlitePromotionStore(db),
    invoiceNumbers: createSqliteInvoiceNumberStore(db),
    once: createSqliteOnceStore(db),
    importJobs: createSqliteImportJobStore(db),
    paymentKeys: createSqlitePaymentKeyStore(db),
    rateLimits: createSqliteRateLimitStore(db),
    async upgrade() {
      // Numbered migrations already ran when the database was opened.
    },
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}

export function createSqliteStore(dataDir: string, faults: StoreFaults = {}): Store {
  return createSqliteStoreOn(openDatabase(dataDir), faults);
}
