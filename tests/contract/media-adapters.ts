import crypto from "node:crypto";
import path from "node:path";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import { inject } from "vitest";
import { createCloudStorageMedia } from "~/server/media/cloud-storage.server";
import { createLocalDiskMedia } from "~/server/media/local-disk.server";
import type { MediaStore } from "~/server/media/port";
import { makeTempDir } from "../support/temp-dir";

// Every media adapter the contract suite runs against. Each entry makes a fresh, empty store.
export interface MediaAdapterUnderTest {
  name: string;
  create(): Promise<{
    media: MediaStore;
    /** Another adapter on the same disk or bucket, made as a second server instance makes its own. */
    reopen(): MediaStore;
    dispose(): Promise<void>;
  }>;
}

const PROJECT_ID = "demo-hemline";

/** A firebase-admin app of its own (its own Cloud Storage client), as in another process. */
function storageApp(): App {
  return initializeApp({ projectId: PROJECT_ID }, `media-test-${crypto.randomBytes(6).toString("hex")}`);
}

export const MEDIA_ADAPTERS: MediaAdapterUnderTest[] = [
  {
    name: "local disk",
    async create() {
      const temp = makeTempDir();
      const root = path.join(temp.dir, "uploads");
      return {
        media: createLocalDiskMedia(root),
        reopen: () => createLocalDiskMedia(root),
        async dispose() {
          temp.remove();
        },
      };
    },
  },
  {
    name: "cloud storage (emulator)",
    async create() {
      // Read by firebase-admin when it makes a Storage client.
      process.env.FIREBASE_STORAGE_EMULATOR_HOST = inject("storageEmulatorHost");
      // A bucket of its own per test: an empty store without a reset call.
      const bucket = `hemline-media-${crypto.randomBytes(5).toString("hex")}`;
      const apps = [storageApp()];
      return {
        media: createCloudStorageMedia(getStorage(apps[0]).bucket(bucket)),
        reopen() {
          apps.push(storageApp());
          return createCloudStorageMedia(getStorage(apps.at(-1)!).bucket(bucket));
        },
        async dispose() {
          await Promise.all(apps.map((app) => deleteApp(app)));
        },
      };
    },
  },
];
