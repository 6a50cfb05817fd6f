import type { TestProject } from "vitest/node";
import { startAuthEmulator } from "../../scripts/emulators/auth";
import { startFirestoreEmulator, type RunningEmulator } from "../../scripts/emulators/firestore";
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
  const started = await Promise.allSettled([
    startFirestoreEmulator(),
    startAuthEmulator({ projectId: AUTH_PROJECT_ID }),
    startStorageEmulator({ projectId: AUTH_PROJECT_ID }),
  ]);
  const failed = started.find((s) => s.status === "rejected");
  if (failed) {
    // One did not start (say firestore.rules does not compile): stop the others, or they outlive the run.
    await Promise.all(started.map((s) => (s.status === "fulfilled" ? s.value.stop() : undefined)));
    throw failed.reason;
  }
  const [firestore, auth, storage] = started.map((s) => (s as PromiseFulfilledResult<RunningEmulator>).value);
  await warmUp(firestore.host);
  project.provide("firestoreEmulatorHost", firestore.host);
  project.provide("authEmulatorHost", auth.host);
  project.provide("storageEmulatorHost", storage.host);
  return async () => {
    await Promise.all([firestore.stop(), auth.stop(), storage.stop()]);
  };
}

/**
 * A fresh emulator (a JVM) answers its first writes, queries and transactions slowly while it
 * compiles them, slower than the adapters' 5 s "Firestore not available" limit on a loaded
 * machine. A few rounds on a throwaway project first, so the suites measure the shop, not the JIT.
 */
async function warmUp(host: string) {
  const base = `http://${host}/v1/projects/demo-warm-up/databases/(default)/documents`;
  const post = (url: string, body: unknown) =>
    fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer owner" },
      body: JSON.stringify(body),
    });
  for (let round = 0; round < 10; round++) {
    const doc = `${base}/warm/w${round}`;
    await post(`${base}:commit`, {
      writes: [
        { update: { name: doc.slice(doc.indexOf("projects/")), fields: { n: { integerValue: String(round) } } } },
      ],
    });
    await fetch(doc, { headers: { Authorization: "Bearer owner" } });
    await post(`${base}:runQuery`, {
      structuredQuery: {
        from: [{ collectionId: "warm" }],
        where: {
          fieldFilter: { field: { fieldPath: "n" }, op: "GREATER_THAN_OR_EQUAL", value: { integerValue: "0" } },
        },
      },
    });
    const begun = (await (await post(`${base}:beginTransaction`, {})).json()) as { transaction?: string };
    if (begun.transaction) await post(`${base}:commit`, { transaction: begun.transaction, writes: [] });
  }
}
