// Timings and limits the shop runs with. Once environment variables, now fixed: no shop owner
// tunes them, and a test that needs test-speed timings says so through HEMLINE_TEST_HOOKS
// (test-hook-switch.ts). configuration (config.server.ts) hands them to the services.

/** The least time between two background builds of one product feed, and how often each process checks (decision 0031). */
export const FEED_REBUILD_SECONDS = 300;
/** The lease of the one instance building a product feed: a dead builder is replaced this long after (decision 0034). */
export const FEED_LEASE_SECONDS = 60;
/**
 * How much of a kept product feed file one read takes when it is sent (embedded backend): larger, fewer reads and
 * socket writes per 1.7 GB feed; a slow client costs up to about twice this, so under a megabyte
 * (bench/results/2026-11-27-feed-4.md).
 */
export const FEED_READ_CHUNK_BYTES = 512 * 1024;
/** How often each instance sends webhook deliveries that are due; new events go at once. */
export const WEBHOOK_SWEEP_SECONDS = 5;
/** How often each instance looks for abandoned-checkout reminders and gift card e-mails due. */
export const REMINDER_SWEEP_SECONDS = 300;
/** Hours after a checkout's last change that its reminder is due: long enough not to nag a shopper still deciding. */
export const ABANDONED_AFTER_HOURS = 4;
/** Requests one admin API key may make per minute (all instances together): far above a sync job's need. */
export const API_RATE_LIMIT_PER_MINUTE = 120;
/**
 * Invoice numbers a process reserves at a time: 1 on the embedded store gives numbers without gaps;
 * Firestore takes about one sustained write a second per document, so 20 there (decision 0018).
 */
export const INVOICE_NUMBER_BLOCK = { embedded: 1, firebase: 20 } as const;
