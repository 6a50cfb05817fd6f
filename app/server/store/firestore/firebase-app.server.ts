import type { App } from "firebase-admin/app";
import type { Firestore } from "firebase-admin/firestore";
import { appSdk, firestoreSdk } from "~/server/firebase-sdk.server";

/**
 * One firebase-admin app per project id. Credentials come from the standard Google application
 * default credentials; against the emulators (FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST)
 * none are needed.
 */
export function firebaseApp(projectId: string): App {
  const name = `hemline-${projectId}`;
  return (
    appSdk()
      .getApps()
      .find((a) => a.name === name) ?? appSdk().initializeApp({ projectId }, name)
  );
}

export function firestoreFor(projectId: string): Firestore {
  const app = firebaseApp(projectId);
  const db = firestoreSdk().getFirestore(app);
  return db;
}
