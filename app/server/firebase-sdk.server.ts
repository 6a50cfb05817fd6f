import { createRequire } from "node:module";
import type * as AppSdk from "firebase-admin/app";
import type * as AuthSdk from "firebase-admin/auth";
import type * as FirestoreSdk from "firebase-admin/firestore";
import type * as StorageSdk from "firebase-admin/storage";

// firebase-admin (~27 MB resident for app, Firestore, Storage and Auth) is loaded on first use, so
// only the Firebase backend pays for it: a static import would be one of the server build's
// top-level imports, loaded by every server at start, the embedded backend's too. Adapters import
// its types with `import type` (erased from the build) and its values through these functions.
const load = createRequire(import.meta.url);

let firestore: typeof FirestoreSdk | undefined;

export const appSdk = (): typeof AppSdk => load("firebase-admin/app");
export const authSdk = (): typeof AuthSdk => load("firebase-admin/auth");
export const storageSdk = (): typeof StorageSdk => load("firebase-admin/storage");
/** Kept once loaded: Timestamp and FieldValue are used on every write. */
export const firestoreSdk = (): typeof FirestoreSdk => (firestore ??= load("firebase-admin/firestore"));
