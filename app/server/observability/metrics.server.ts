import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

// What an operator alerts on (docs/operations.md names the levels), in Prometheus' text format at
// /metrics. One registry per process: each instance is scraped on its own, as Prometheus and
// Cloud Monitoring's managed collection expect, so nothing here needs sharing between instances.
// prom-client is not bundled into the build, so scripts/server.mjs and the build's routes count
// into the same registry.

export const registry = new Registry();
// Event-loop lag, heap, resident memory, GC and handles, as prom-client names them.
collectDefaultMetrics({ register: registry, prefix: "hemline_" });

export const httpRequests = new Counter({
  name: "hemline_http_requests_total",
  help: "Requests answered, by Remix route id (or static/other) and status",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: "hemline_http_request_duration_seconds",
  help: "Time from request to the response's last byte, by route id",
  labelNames: ["route", "method"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const renderCacheEarlyHits = new Counter({
  name: "hemline_render_cache_early_hits_total",
  help: "Kept pages sent to anonymous visitors before Remix (no routing, no loaders), by Remix route id; also counted as hits",
  labelNames: ["route"] as const,
  registers: [registry],
});

export const renderCacheLookups = new Counter({
  name: "hemline_render_cache_lookups_total",
  help: "Pages that could be served from the render cache, by result (hit or miss) and Remix route id",
  labelNames: ["result", "route"] as const,
  registers: [registry],
});

export const remindersSent = new Counter({
  name: "hemline_abandoned_checkout_reminders_total",
  help: "Abandoned-checkout reminders, by result (sent or failed)",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const reminderRecordFailures = new Counter({
  name: "hemline_abandoned_checkout_record_failures_total",
  help: "Abandoned-checkout records that could not be written (record at checkout, close after the order, prune); the page or order went on",
  labelNames: ["operation"] as const,
  registers: [registry],
});

export const closedTransactionRetries = new Counter({
  name: "hemline_firestore_closed_transaction_retries_total",
  help: "Firestore transactions run again because the database had closed them before they committed",
  registers: [registry],
});

export const ordersPlaced = new Counter({
  name: "hemline_orders_placed_total",
  help: "Orders placed (stock taken, awaiting or past payment)",
  registers: [registry],
});

export const paymentsReceived = new Counter({
  name: "hemline_payments_total",
  help: "Orders whose payment was recorded (by card, on the processor's page, or wholly by gift card), by the order's currency",
  labelNames: ["currency"] as const,
  registers: [registry],
});

export const revenue = new Counter({
  name: "hemline_revenue_total",
  help: "Totals of the orders counted in hemline_payments_total, in units of their currency (49.9 for 49.90 EUR), by currency",
  labelNames: ["currency"] as const,
  registers: [registry],
});

export const paymentsDeclined = new Counter({
  name: "hemline_payments_declined_total",
  help: "Payments the processor declined",
  registers: [registry],
});

export const giftCardRedemptions = new Counter({
  name: "hemline_gift_card_redemptions_total",
  help: "Gift-card redemptions at checkout: outcome redeemed, or refused (not-found, voided, insufficient-balance, rate-limited, wrong-currency)",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const refundsMade = new Counter({
  name: "hemline_refunds_total",
  help: "Refunds recorded",
  registers: [registry],
});

export const mailMessages = new Counter({
  name: "hemline_mail_total",
  help: "E-mails handed to the mail port, by result (sent or failed)",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const paymentsRecovered = new Counter({
  name: "hemline_payments_recovered_total",
  help: "Payment outcomes learnt from the processor after the shop missed them (a process died mid-payment, a late webhook), by outcome",
  labelNames: ["outcome"] as const,
  registers: [registry],
});

export const webhookFailures = new Counter({
  name: "hemline_webhook_failures_total",
  help: "Incoming payment webhooks refused or failed (bad signature, unknown order, store error)",
  labelNames: ["reason"] as const,
  registers: [registry],
});

export const webhookDeliveries = new Counter({
  name: "hemline_webhook_deliveries_total",
  help: "Outgoing webhook delivery attempts to the owner's endpoints, by event type and result (ok or failed)",
  labelNames: ["event", "result"] as const,
  registers: [registry],
});

/** Where backups are counted (the embedded store's own count, every process's): set where backups run. */
let backupCounts: (() => Record<"ok" | "failed", number>) | null = null;
export const countBackupsFrom = (source: typeof backupCounts) => {
  backupCounts = source;
};

export const backups = new Counter({
  name: "hemline_backups_total",
  help: "Backups of the embedded store by any process (the schedule, npm run backup), by result (ok or failed)",
  labelNames: ["result"] as const,
  registers: [registry],
  collect() {
    if (!backupCounts) return;
    const counts = backupCounts();
    this.reset();
    for (const result of ["ok", "failed"] as const) this.inc({ result }, counts[result]);
  },
});

export const serverErrors = new Counter({
  name: "hemline_server_errors_total",
  help: "Errors logged by loaders, actions and renders (500s)",
  registers: [registry],
});

export const productFeedBuilds = new Counter({
  name: "hemline_product_feed_builds_total",
  help: "Background builds of the Google product feed, by result (ok or failed; a failed build leaves the previous feed served)",
  labelNames: ["result"] as const,
  registers: [registry],
});

export const productFeedLastBuilt = new Gauge({
  name: "hemline_product_feed_last_built_timestamp_seconds",
  help: "When this process last finished building a product feed (Unix time)",
  registers: [registry],
});

export function metricsText(): Promise<string> {
  return registry.metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
