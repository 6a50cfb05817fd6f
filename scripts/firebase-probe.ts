import type { Config } from "~/server/config.server";
import { appSdk, firestoreSdk } from "~/server/firebase-sdk.server";
import type { FirebaseFindings } from "./production-check";

// `npm run check:production` on Firebase: does the project's Firestore answer a read, and are
// security rules released for Firestore and the bucket? The rules are read from the Firebase Rules
// API with the application default credentials; on the emulators nobody can tell.

const TIMEOUT_MS = 10_000;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what}: no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS).unref(),
    ),
  ]);
}

async function rulesReleases(config: Config): Promise<FirebaseFindings["rules"]> {
  if (config.firebase.firestoreEmulatorHost) return { unknown: "the emulators have no released rules to ask about" };
  const projectId = config.firebase.projectId!;
  try {
    const token = await within(appSdk().applicationDefault().getAccessToken(), "Google credentials");
    const response = await fetch(`https://firebaserules.googleapis.com/v1/projects/${projectId}/releases`, {
      headers: { Authorization: `Bearer ${token.access_token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return { unknown: `the Firebase Rules API answered ${response.status}` };
    const { releases = [] } = (await response.json()) as { releases?: Array<{ name: string }> };
    const names = new Set(releases.map((r) => r.name.split("/releases/")[1]));
    const wanted = ["cloud.firestore", `firebase.storage/${config.firebase.storageBucket}`];
    return { missing: wanted.filter((release) => !names.has(release)) };
  } catch (error) {
    return { unknown: error instanceof Error ? error.message : String(error) };
  }
}

export async function probeFirebase(config: Config): Promise<FirebaseFindings> {
  const { initializeApp, deleteApp } = appSdk();
  const app = initializeApp({ projectId: config.firebase.projectId }, `check-production-${Date.now()}`);
  try {
    let firestore: FirebaseFindings["firestore"] = { reachable: true };
    try {
      await within(firestoreSdk().getFirestore(app).collection("products").limit(1).get(), "Firestore");
    } catch (error) {
      firestore = { reachable: false, reason: error instanceof Error ? error.message.split("\n")[0] : String(error) };
    }
    return { firestore, rules: await rulesReleases(config) };
  } finally {
    await deleteApp(app).catch(() => undefined);
  }
}
