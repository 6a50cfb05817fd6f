// Variables a shop may still set from before they became constants or test hooks (issue 40): not
// read any more, so an operator who sets one is told where the figure lives now, rather than
// wondering why a change has no effect. docs/configuration.md, "No longer variables", says the same.

const WHERE: Record<string, string> = {
  SHIPPING_STANDARD_CENTS: "delivery prices are edited at /admin/shipping (the first start seeds FIRST_START_SHIPPING)",
  SHIPPING_EXPRESS_CENTS: "delivery prices are edited at /admin/shipping (the first start seeds FIRST_START_SHIPPING)",
  FREE_SHIPPING_FROM_CENTS: "free-delivery thresholds are edited at /admin/shipping",
  FEED_REBUILD_SECONDS: "a constant in app/server/tuning.server.ts",
  FEED_LEASE_SECONDS: "a constant in app/server/tuning.server.ts",
  FEED_READ_CHUNK_KB: "a constant in app/server/tuning.server.ts",
  INVOICE_NUMBER_BLOCK: "a constant in app/server/tuning.server.ts",
  API_RATE_LIMIT_PER_MINUTE: "a constant in app/server/tuning.server.ts",
  WEBHOOK_SWEEP_SECONDS: "a constant in app/server/tuning.server.ts",
  REMINDER_SWEEP_SECONDS: "a constant in app/server/tuning.server.ts",
  ABANDONED_AFTER_HOURS: "a constant in app/server/tuning.server.ts",
  FIRESTORE_TIMEOUT_MS: "a constant of the Firestore adapter (DEFAULT_FIRESTORE_TIMEOUT_MS)",
  TEST_HOOKS: "an entry of HEMLINE_TEST_HOOKS (tests only)",
  HEMLINE_KILL_AT: "an entry of HEMLINE_TEST_HOOKS (tests only)",
  HEMLINE_TEST_STRIPE_API: "an entry of HEMLINE_TEST_HOOKS (tests only)",
};

/** One warning per retired variable that `env` still sets. */
export function retiredVariableWarnings(env: Record<string, string | undefined>): string[] {
  return Object.entries(WHERE)
    .filter(([name]) => env[name] !== undefined && env[name] !== "")
    .map(([name, where]) => `${name} is no longer read: ${where} (docs/configuration.md, "No longer variables").`);
}
