import type { TestProject } from "vitest/node";
import { startAuthEmulator } from "../../scripts/emulators/auth";
import { startFirestoreEmulator } from "../../scripts/emulators/firestore";
import { startStorageEmulator } from "../../scripts/emulators/storage";

export const AUTH_PROJECT_ID = "demo-hemline";

declare module "vitest" {
  export interface ProvidedContext {
    firestoreEmulatorHost: string;
    authEmulatorHost: string;
    storageEmulatorHost: string;
  }
}

// The contract suites run every port against every adapter, Firebase included: start Google's
// Firestore emulator and firebase-tools' Auth and Storage emulators for the run. A missing
// emulator fails the run with how to install it; nothing is skipped.
export default async function setup(project: TestProject) {
  // Off Google Cloud: the Google clients need not look for a metadata server (they warn on each try).
  process.env.METADATA_SERVER_DETECTION = "none";
  const [firestore, auth, storage] = await Promise.all([
    startFirestoreEmulator(),
    startAuthEmulator({ projectId: AUTH_PROJECT_ID }),
    startStorageEmulator({ projectId: AUTH_PROJECT_ID }),
  ]);
  project.provide("firestoreEmulatorHost", firestore.host);
  project.provide("authEmulatorHost", auth.host);
  project.provide("storageEmulatorHost", storage.host);
  return async () => {
    await Promise.all([firestore.stop(), auth.stop(), storage.stop()]);
  };
}
