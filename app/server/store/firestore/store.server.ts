import type { Store, StoreFaults } from "../port";
import { createFirestoreAuditStore } from "./audit-store.server";
import { FirestoreUnavailableError, available, healthProbe } from "./availability.server";
import { createFirestoreCartStore } from "./cart-store.server";
import { firestoreFor } from "./firebase-app.server";
import { createFirestoreOnceStore } from "./once-store.server";
import { createFirestoreOrderStore } from "./order-store.server";
import { createFirestorePostStore } from "./post-store.server";
import { createFirestoreProductStore } from "./product-store.server";
import { createFirestoreProfileStore } from "./profile-store.server";
import { upgradeFirestore } from "./upgrade.server";
import { createFirestoreRateLimitStore } from "./rate-limit-store.server";

export function createFirestoreStore(projectId: string, faults: StoreFaults = {}): Store {
  const db = firestoreFor(projectId);
  return {
    kind: "firestore",
    products: createFirestoreProductStore(db),
    profiles: createFirestoreProfileStore(db),
    posts: createFirestorePostStore(db),
    audit: createFirestoreAuditStore(db),
    carts: createFirestoreCartStore(db),
    orders: createFirestoreOrderStore(db, faults),
    once: createFirestoreOnceStore(db),
    rateLimits: createFirestoreRateLimitStore(db),
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
