import { getApps, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";

/**
 * One firebase-admin app per project id. Credentials come from the standard Google application
 * default credentials; against the emulators (FIRESTORE_EMULATOR_HOST, FIREBASE_AUTH_EMULATOR_HOST)
 * none are needed.
 */
export function firebaseApp(projectId: string): App {
  const name = `hemline-${projectId}`;
  return getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
}

export function firestoreFor(projectId: string): Firestore {
  const app = firebaseApp(projectId);
  const db = getFirestore(app);
  return db;
}
