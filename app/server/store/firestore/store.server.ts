import type { Store } from "../port";
import { createFirestoreAuditStore } from "./audit-store.server";
import { FirestoreUnavailableError, available } from "./availability.server";
import { firestoreFor } from "./firebase-app.server";
import { createFirestorePostStore } from "./post-store.server";
import { createFirestoreProductStore } from "./product-store.server";
import { createFirestoreProfileStore } from "./profile-store.server";

export function createFirestoreStore(projectId: string): Store {
  const db = firestoreFor(projectId);
  return {
    kind: "firestore",
    products: createFirestoreProductStore(db),
    profiles: createFirestoreProfileStore(db),
    posts: createFirestorePostStore(db),
    audit: createFirestoreAuditStore(db),
    async ping() {
      try {
        await available(() => db.collection("meta").doc("catalogue").get());
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
