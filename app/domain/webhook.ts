// Webhooks: endpoints an owner registers, the events they receive, and the outbox of deliveries
// (one per event and endpoint) that any instance of the shop sends, at least once.

export const WEBHOOK_EVENTS = [
  "order.paid",
  "order.shipped",
  "order.delivered",
  "order.refunded",
  "return.requested",
  "product.stock_changed",
  "product.updated",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  /** The signing secret ("whsec_…"): the shop signs with it, so it is kept (shown to the owner once). */
  secret: string;
  createdAt: string;
  createdBy: string;
}

/** pending: waiting for its next attempt (or being sent); delivered: a 2xx came back; failed: gave up after 24 h. */
export type DeliveryStatus = "pending" | "delivered" | "failed";

export interface WebhookDelivery {
  /** Derived from the event id and the endpoint: enqueuing the same event twice stores it once. */
  id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  /** The JSON sent, fixed at the event: every attempt sends the same bytes. */
  body: string;
  createdAt: string;
  status: DeliveryStatus;
  /** Attempts since it was (re)queued. */
  attempts: number;
  /**
   * When it may next be sent: the next retry, or the end of the lease of the instance sending it
   * now (so a claim whose instance died becomes due again). Null once delivered or failed.
   */
  nextAttemptAt: string | null;
  /** After this, a failed attempt is the last (24 h after it was queued or sent again). */
  giveUpAt: string;
  /** The instance sending it now, while its lease lasts. */
  claimOwner: string | null;
  lastAttemptAt: string | null;
  /** The HTTP status of the last answer; null when none came (timeout, refused connection). */
  lastStatus: number | null;
  lastError: string | null;
  deliveredAt: string | null;
}

/** What one attempt came to, as the store records it. */
export interface DeliveryOutcome {
  at: string;
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  /** The next attempt's time when it is to be retried; null when delivered or given up. */
  retryAt: string | null;
}
