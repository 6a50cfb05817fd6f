import path from "node:path";
import type { Config } from "~/server/config.server";
import { storageSdk } from "~/server/firebase-sdk.server";
import { countMatchingAccounts, importAccounts } from "~/server/auth/firebase/account-import.server";
import { listLocalAccounts } from "~/server/auth/local/account-export.server";
import { createCloudStorageMedia } from "~/server/media/cloud-storage.server";
import { createLocalDiskMedia } from "~/server/media/local-disk.server";
import { firebaseApp } from "~/server/store/firestore/firebase-app.server";
import { createFirestoreStore } from "~/server/store/firestore/store.server";
import { openDatabase } from "~/server/store/sqlite/database.server";
import { createSqliteStoreOn } from "~/server/store/sqlite/store.server";
import { whileNotServed } from "~/server/backup/serving-lock.server";
import { migrateShop, type MigrationOptions, type MigrationReport } from "./migrate-shop.server";
import { retryAborted } from "./retry-aborted.server";

// The embedded shop (DATA_DIR) into the Firebase project the configuration names: the SQLite and
// local-disk adapters on one side, the Firestore, Cloud Storage and Firebase Auth ones on the other.

/**
 * Refuses while a shop serves DATA_DIR (an order placed during the copy would be left behind, as
 * a restore refuses), and runs the copy again when Firestore aborts it (see retry-aborted).
 */
export function migrateEmbeddedToFirebase(
  config: Config,
  options: Pick<MigrationOptions, "force" | "log" | "afterWrite"> & { abortedWaitsMs?: readonly number[] } = {},
): Promise<MigrationReport> {
  return whileNotServed(
    config.dataDir,
    () => retryAborted(() => copyOnce(config, options), { waitsMs: options.abortedWaitsMs, log: options.log }),
    "migrating",
  );
}

async function copyOnce(
  config: Config,
  options: Pick<MigrationOptions, "force" | "log" | "afterWrite">,
): Promise<MigrationReport> {
  const projectId = config.firebase.projectId;
  if (!projectId)
    throw new Error("FIREBASE_PROJECT_ID (or GCLOUD_PROJECT) must name the Firebase project to copy into.");
  const db = openDatabase(config.dataDir);
  const source = createSqliteStoreOn(db);
  const app = firebaseApp(projectId);
  const target = createFirestoreStore(projectId);
  const bucket = storageSdk().getStorage(app).bucket(config.firebase.storageBucket!);
  const accounts = listLocalAccounts(db);
  try {
    // The target's schema first, as a Firebase shop's start does, so the copy lands on the current shape.
    await target.upgrade(options.log ?? (() => {}));
    return await migrateShop({
      ...options,
      source: { store: source, media: createLocalDiskMedia(path.join(config.dataDir, "uploads")) },
      target: { store: target, media: createCloudStorageMedia(bucket) },
      accounts: {
        sourceCount: accounts.length,
        copy: () => importAccounts(app, accounts),
        targetCount: () => countMatchingAccounts(app, accounts),
      },
    });
  } finally {
    // The Firestore client is the project's shared one (firestoreFor): the caller's process ends it.
    await source.close();
  }
}
