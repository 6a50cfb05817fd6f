import { createSqliteIndexSnapshots } from "./index-snapshots/sqlite.server";
import { createCloudStorageFeedFiles } from "./feed-files/cloud-storage.server";
import { createLocalDiskFeedFiles } from "./feed-files/local-disk.server";
import type { FeedFileStore } from "./feed-files/port";
import { createFirestoreLeases } from "./leases/firestore.server";
import type { LeaseStore } from "./leases/port";
import { createSqliteLeases } from "./leases/sqlite.server";
import path from "node:path";
import { storageSdk } from "~/server/firebase-sdk.server";
import { createFirebaseIdentity } from "./auth/firebase/identity.server";
import { createLocalIdentity } from "./auth/local/identity.server";
import type { IdentityProvider } from "./auth/port";
import type { Config } from "./config.server";
import { createFirebaseIndexSnapshots } from "./index-snapshots/firebase.server";
import type { IndexSnapshotStore } from "./index-snapshots/port";
import { createFirestoreOutboxMailer } from "./mail/firestore-outbox.server";
import { createOutboxMailer } from "./mail/outbox.server";
import type { Mailer } from "./mail/port";
import { createSmtpMailer } from "./mail/smtp.server";
import { createCloudStorageMedia } from "./media/cloud-storage.server";
import { createLocalDiskMedia } from "./media/local-disk.server";
import type { MediaStore } from "./media/port";
import type { PaymentProcessor } from "./payments/port";
import { createStripeProcessor } from "./payments/stripe-processor.server";
import { createTestCardProcessor } from "./payments/test-card-processor.server";
import { passwordResetMail } from "./services/accounts/emails.server";
import { firebaseApp, firestoreFor } from "./store/firestore/firebase-app.server";
import { createFirestoreStore } from "./store/firestore/store.server";
import type { Store } from "./store/port";
import { openDatabase } from "./store/sqlite/database.server";
import { createSqliteStoreOn } from "./store/sqlite/store.server";
import { fillStorage, freeStorage } from "./store/sqlite/fill-storage.server";
import { countedMailer } from "./mail/counted.server";
import { oncePerReadRequest } from "./observability/request-context.server";

// The one switch between backends: the adapters for every port, chosen from configuration.
// Everything above the ports (services, routes) is shared.

export interface Backend {
  store: Store;
  identity: IdentityProvider;
  mailer: Mailer;
  payments: PaymentProcessor;
  /** Product photos and blog covers: DATA_DIR/uploads, or the project's Cloud Storage bucket. */
  media: MediaStore;
  /** Firebase: the catalogue index snapshot every instance starts from, and the lease to build it (decision 0009). */
  indexSnapshots: IndexSnapshotStore | null;
  /** Built product feeds: DATA_DIR/cache/feeds, or the bucket's feeds/ objects every instance sends (decision 0034). */
  feedFiles: FeedFileStore;
  /** Which instance does a piece of background work (builds a product feed): database rows, or Firestore leases/{name}. */
  leases: LeaseStore;
  /** Only with TEST_HOOKS (refused in production): make the embedded storage full, or free it again. */
  testHooks?: { setStorageFull(full: boolean): void };
}

/**
 * SMTP when SMTP_URL is set (both backends). Otherwise an outbox: .eml files in DATA_DIR/outbox on
 * the embedded backend; on Firebase the Firestore collection `mail`, which every instance shares
 * (and which the Trigger Email extension sends from, when installed).
 */
export function createMailer(config: Config): Mailer {
  return countedMailer(mailerFor(config));
}

function mailerFor(config: Config): Mailer {
  const log = config.env !== "production";
  if (config.mail.smtpUrl) return createSmtpMailer({ url: config.mail.smtpUrl, from: config.mail.from });
  if (config.backend === "firebase")
    return createFirestoreOutboxMailer({ db: firestoreFor(config.firebase.projectId!), from: config.mail.from, log });
  return createOutboxMailer({ dir: path.join(config.dataDir, "outbox"), from: config.mail.from, log });
}

/** Stripe Checkout when its keys are configured; otherwise the built-in test card processor, its idempotency keys in the store. */
export function createPayments(config: Config, store: Store): PaymentProcessor {
  return config.stripe
    ? createStripeProcessor({
        ...config.stripe,
        expiresAfterMs: config.pendingPaymentExpiryMs,
        apiBase: config.crashHooks?.stripeApi,
      })
    : createTestCardProcessor({ keys: store.paymentKeys });
}

export function createBackend(config: Config): Backend {
  const mailer = createMailer(config);
  switch (config.backend) {
    case "embedded": {
      const db = openDatabase(config.dataDir);
      const sqlite = createSqliteStoreOn(db);
      // A page reads the stamp once (~7 statements fewer): request-context.server.ts says when.
      const store: Store = { ...sqlite, changeStamp: oncePerReadRequest(sqlite.changeStamp!) };
      const storage = { full: false };
      return {
        mailer,
        payments: createPayments(config, store),
        store,
        media: createLocalDiskMedia(
          path.join(config.dataDir, "uploads"),
          config.testHooks ? { full: () => storage.full } : {},
        ),
        testHooks: config.testHooks
          ? {
              setStorageFull(full) {
                storage.full = full;
                if (full) fillStorage(db);
                else freeStorage(db);
              },
            }
          : undefined,
        indexSnapshots: createSqliteIndexSnapshots(db),
        feedFiles: createLocalDiskFeedFiles(path.join(config.dataDir, "cache", "feeds"), {
          readChunkBytes: config.feed.readChunkBytes,
        }),
        leases: createSqliteLeases(db),
        identity: createLocalIdentity(db, {
          resetTokenTtlMs: 60 * 60 * 1000,
          sendResetMail: (email, url) => mailer.send(passwordResetMail(config.shopName, email, url)),
        }),
      };
    }
    case "firebase": {
      // parseConfig guarantees these for this backend.
      const projectId = config.firebase.projectId!;
      const store = createFirestoreStore(projectId);
      const bucket = storageSdk().getStorage(firebaseApp(projectId)).bucket(config.firebase.storageBucket!);
      return {
        mailer,
        payments: createPayments(config, store),
        store,
        // FIREBASE_STORAGE_EMULATOR_HOST, when set, is read by firebase-admin itself.
        media: createCloudStorageMedia(bucket),
        indexSnapshots: createFirebaseIndexSnapshots(bucket),
        feedFiles: createCloudStorageFeedFiles(bucket),
        leases: createFirestoreLeases(firestoreFor(projectId)),
        identity: createFirebaseIdentity({
          projectId,
          apiKey: config.firebase.apiKey!,
          emulatorHost: config.firebase.authEmulatorHost,
        }),
      };
    }
  }
}
