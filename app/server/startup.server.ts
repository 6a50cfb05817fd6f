import { startBackupSchedule } from "./backup/schedule.server";
import { retiredVariableWarnings } from "./retired-variables";
import { holdServingLock } from "./backup/serving-lock.server";
import { getContext, type AppContext } from "./context.server";
import { cookieSecurity } from "./http/cookie-security.server";
import { seedIfEmpty } from "./seed/seed.server";
import { numberPastInvoices } from "./services/orders/invoice-numbers.server";
import { FirestoreUnavailableError } from "./store/unavailable";
import type { Store } from "./store/port";

// What a serving process does once before its first request: say how it is configured, bring the
// store up to date (migrations, upgrades of older Firestore data, the demo seed when empty) and
// build the catalogue index. Exported by entry.server, so `node scripts/start.mjs` runs it from the
// production build without a TypeScript runner.

const RETRY_PREPARE_MS = 15_000;

/** True when done, false when the database did not answer. */
async function prepareStore(store: Store): Promise<boolean> {
  try {
    await store.upgrade(console.log);
    await seedIfEmpty(store);
    await numberPastInvoices(store, console.log);
    return true;
  } catch (error) {
    if (!(error instanceof FirestoreUnavailableError)) throw error;
    return false;
  }
}

/** Retries until the store is prepared, one attempt at a time (one may outlast the interval). */
function prepareInBackground(store: Store): void {
  setTimeout(() => {
    prepareStore(store).then(
      (done) => (done ? console.log("Firestore answers again: the store is prepared.") : prepareInBackground(store)),
      (error) => {
        console.error("Preparing the store failed:", error);
        prepareInBackground(store);
      },
    );
  }, RETRY_PREPARE_MS).unref();
}

/** Prepares the store and the catalogue, and gives the shop (its services) the server hands each request. */
export async function prepareToServe(): Promise<AppContext> {
  const shop = getContext();
  const { config, backend, catalog } = shop;
  for (const warning of retiredVariableWarnings(process.env)) console.warn(warning);
  if (config.env === "production" && !config.publicUrl) {
    // Refusing to start would break the zero-configuration `npm install && npm start`; the
    // fallback is safe (never taken from a request's Host), so say what it is.
    console.warn(
      `PUBLIC_URL is not set: links in e-mails, canonical URLs and the sitemap use http://localhost:${config.port} ` +
        `(a request's Host header is believed only for localhost or 127.0.0.1 on port ${config.port}). ` +
        "Set PUBLIC_URL to the shop's public address, e.g. PUBLIC_URL=https://shop.example.com.",
    );
  }
  // Secure cookies never come back over plain HTTP (every form would have "expired"): say what was decided.
  const cookies = cookieSecurity(config);
  console.log(
    `Cookies are ${cookies.secure ? "Secure (sent over HTTPS only)" : "not Secure (they work over plain HTTP)"}: ${cookies.reason}.`,
  );

  if (!(await prepareStore(backend.store))) {
    // A backend that cannot be initialised logs a warning; the shop still starts. Pages that need
    // the database say 'Firestore not available' (503) until it answers.
    console.warn(
      `Warning: Firestore not available at start (${process.env.FIRESTORE_EMULATOR_HOST ?? `project ${config.firebase.projectId}`}). ` +
        `Serving anyway: pages that need the database answer 503 until it is back; preparing the store is retried every ${RETRY_PREPARE_MS / 1000} s.`,
    );
    prepareInBackground(backend.store);
  }
  if (config.backend === "embedded") {
    // `npm run restore` refuses to run over a DATA_DIR that a shop serves (backup/serving-lock).
    holdServingLock(config.dataDir);
    if (startBackupSchedule(config))
      console.log(
        `Backups every ${config.backup.everyMs / 60_000} min into ${config.backup.dir}, keeping the last ${config.backup.keep}.`,
      );
  }
  // Built before the first shopper's request, not during it.
  catalog.start().catch((error) => console.error("Could not build the catalogue index at start:", error));
  return shop;
}
