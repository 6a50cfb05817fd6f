import crypto from "node:crypto";
import {
  isWebhookEvent,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from "~/domain/webhook";
import type { OutboxEvent, OutboxSubject } from "~/domain/outbox";
import type { Store } from "~/server/store/port";
import type { AuditRecord } from "../audit/audit.server";
import { PrivateAddressError, resolvePublic } from "./address-guard.server";
import { sendWebhook, type WebhookSender } from "./send.server";
import { SIGNATURE_HEADER, signatureHeader } from "./signature.server";

// Webhooks: endpoints an owner registers; events the stores write to their outbox in the same
// transaction as the change that makes them (decision 0040), relayed by whichever instance runs
// next into one delivery per subscribed endpoint (keyed by the event, so relaying an event twice
// stores it once); and delivery by whichever instance is alive: a claim with a lease, a signed
// POST, retries with exponential backoff for 24 hours. At least once: a process killed after a
// commit leaves its events in the outbox, and a receiver that answered but whose 2xx was lost gets
// the event again, with the same event id to drop it by.

const DAY_MS = 24 * 60 * 60 * 1000;
const LOG_SIZE = 50;
const BATCH = 20;
const RELAY_BATCH = 100;

/** An event's public id, derived from its type and key: the same change always has the same id. */
export const webhookEventId = (type: WebhookEventType, key: string) =>
  `evt_${crypto.createHash("sha256").update(`${type}:${key}`).digest("hex").slice(0, 32)}`;

export interface WebhooksDeps {
  store: Store;
  audit: (record: AuditRecord) => Promise<unknown>;
  /** The `data` of an event's body: the API's representation of what it is about. */
  render: (subject: OutboxSubject) => unknown;
  /** Counts each delivery attempt's outcome (the /metrics counter). */
  onAttempt?: (eventType: WebhookEventType, ok: boolean) => void;
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: endpoints on private, loopback or link-local addresses. */
  allowPrivateAddresses: boolean;
  clock?: () => Date;
  send?: WebhookSender;
  /** First retry after this; each next one waits twice as long, up to maxRetryMs. */
  firstRetryMs?: number;
  maxRetryMs?: number;
  /** How long an instance holds a delivery it is sending (longer than the request's time limit). */
  leaseMs?: number;
  timeoutMs?: number;
  /** This process, in claims. */
  instanceId?: string;
}

export type EndpointView = Omit<WebhookEndpoint, "secret">;
const viewOf = ({ secret: _secret, ...rest }: WebhookEndpoint): EndpointView => rest;

export type RegisterResult =
  | { ok: true; endpoint: EndpointView; secret: string }
  | { ok: false; errors: { url?: string; events?: string } };

/** The next attempt after `attempts` failures, or null when it would be past `giveUpAt`. */
export function nextRetry(
  now: Date,
  attempts: number,
  giveUpAt: string,
  firstMs: number,
  maxMs: number,
): string | null {
  const delay = Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs);
  const at = new Date(now.getTime() + delay).toISOString();
  return at > giveUpAt ? null : at;
}

export function createWebhooksService(deps: WebhooksDeps) {
  const { store } = deps;
  const clock = deps.clock ?? (() => new Date());
  const send = deps.send ?? sendWebhook;
  const firstRetryMs = deps.firstRetryMs ?? 30_000;
  const maxRetryMs = deps.maxRetryMs ?? 60 * 60_000;
  const leaseMs = deps.leaseMs ?? 60_000;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const instanceId = deps.instanceId ?? crypto.randomUUID();
  let running: Promise<number> | null = null;
  let again = false;

  async function checkUrl(raw: string): Promise<{ url: string } | { error: string }> {
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      return { error: "Enter the endpoint's full address, like https://example.com/hooks/hemline." };
    }
    if (url.protocol !== "https:" && url.protocol !== "http:")
      return { error: "The address must start with https://." };
    if (url.username || url.password) return { error: "Put no user name or password in the address." };
    if (url.href.length > 500) return { error: "The address can be at most 500 characters." };
    try {
      await resolvePublic(url.hostname, deps.allowPrivateAddresses);
    } catch (error) {
      if (error instanceof PrivateAddressError)
        return { error: `The shop does not send webhooks to its own network: ${error.message}.` };
      return { error: `${url.hostname} could not be found. Check the address.` };
    }
    return { url: url.href };
  }

  async function attempt(delivery: WebhookDelivery): Promise<void> {
    const claimedAt = clock();
    const claimed = await store.webhooks.claim(
      delivery.id,
      instanceId,
      claimedAt.toISOString(),
      new Date(claimedAt.getTime() + leaseMs).toISOString(),
    );
    if (!claimed) return; // Another instance has it, or it is no longer due.
    const endpoint = await store.webhooks.getEndpoint(claimed.endpointId);
    const result = endpoint
      ? await send(
          endpoint.url,
          claimed.body,
          {
            "Content-Type": "application/json",
            "User-Agent": "Hemline-Webhooks/1",
            "Hemline-Event-Id": claimed.eventId,
            "Hemline-Event-Type": claimed.eventType,
            [SIGNATURE_HEADER]: signatureHeader(endpoint.secret, claimed.body, Math.floor(clock().getTime() / 1000)),
          },
          { timeoutMs, allowPrivate: deps.allowPrivateAddresses },
        )
      : { httpStatus: null, error: "The endpoint was removed." };
    const at = clock();
    const ok = result.error === null;
    deps.onAttempt?.(claimed.eventType, ok);
    await store.webhooks.finish(claimed.id, instanceId, {
      at: at.toISOString(),
      ok,
      httpStatus: result.httpStatus,
      error: result.error,
      retryAt: ok || !endpoint ? null : nextRetry(at, claimed.attempts + 1, claimed.giveUpAt, firstRetryMs, maxRetryMs),
    });
  }

  /** One delivery per subscribed endpoint for each outbox event, then the events leave the outbox. */
  async function relay(): Promise<void> {
    for (;;) {
      const events = await store.webhooks.outbox(RELAY_BATCH);
      if (events.length === 0) return;
      const endpoints = await store.webhooks.listEndpoints();
      // Enqueued before the events are dropped: a relay cut short between the two is repeated, and
      // enqueuing again stores nothing new.
      await store.webhooks.enqueue(events.flatMap((event) => deliveriesOf(event, endpoints)));
      await store.webhooks.relayed(events.map((e) => e.id));
      if (events.length < RELAY_BATCH) return;
    }
  }

  function deliveriesOf(event: OutboxEvent, endpoints: readonly WebhookEndpoint[]): WebhookDelivery[] {
    const subscribed = endpoints.filter((e) => e.events.includes(event.type));
    if (subscribed.length === 0) return [];
    const eventId = webhookEventId(event.type, event.key);
    const body = JSON.stringify({
      id: eventId,
      type: event.type,
      createdAt: event.at,
      data: deps.render(event.subject),
    });
    const createdAt = clock();
    return subscribed.map((e) => ({
      id: crypto.createHash("sha256").update(`${eventId}:${e.id}`).digest("hex").slice(0, 40),
      endpointId: e.id,
      eventId,
      eventType: event.type,
      body,
      createdAt: createdAt.toISOString(),
      status: "pending",
      attempts: 0,
      nextAttemptAt: createdAt.toISOString(),
      giveUpAt: new Date(createdAt.getTime() + DAY_MS).toISOString(),
      claimOwner: null,
      lastAttemptAt: null,
      lastStatus: null,
      lastError: null,
      deliveredAt: null,
    }));
  }

  async function pass(): Promise<number> {
    await relay();
    let sent = 0;
    for (;;) {
      const due = await store.webhooks.due(clock().toISOString(), BATCH);
      // One endpoint that hangs does not hold the others up beyond the time limit.
      await Promise.all(
        due.map((d) =>
          attempt(d).catch((error) => console.error(`Webhook delivery ${d.id} could not be attempted`, error)),
        ),
      );
      sent += due.length;
      if (due.length < BATCH) return sent;
    }
  }

  /** Send every due delivery (one pass at a time per process; a call during one runs another after it). */
  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      do {
        again = false;
        sent += await pass();
      } while (again);
      return sent;
    })()
      .catch((error: unknown) => {
        console.error("Webhook deliveries could not be read; the next sweep tries again", error);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    events: WEBHOOK_EVENTS,

    async listEndpoints(): Promise<EndpointView[]> {
      return (await store.webhooks.listEndpoints()).map(viewOf);
    },

    async getEndpoint(id: string): Promise<EndpointView | null> {
      const endpoint = await store.webhooks.getEndpoint(id);
      return endpoint ? viewOf(endpoint) : null;
    },

    /** A new endpoint; its signing secret is in the answer and shown once. */
    async register(actor: string, input: { url: string; events: string[] }): Promise<RegisterResult> {
      const errors: { url?: string; events?: string } = {};
      const checked = input.url.trim() ? await checkUrl(input.url) : { error: "Enter the endpoint's address." };
      if ("error" in checked) errors.url = checked.error;
      const events = [...new Set(input.events)];
      if (events.length === 0) errors.events = "Choose at least one event.";
      else if (!events.every(isWebhookEvent)) errors.events = "Choose events from the list.";
      if (errors.url || errors.events || "error" in checked) return { ok: false, errors };
      const secret = `whsec_${crypto.randomBytes(32).toString("base64url")}`;
      const endpoint: WebhookEndpoint = {
        id: crypto.randomBytes(8).toString("hex"),
        url: checked.url,
        events: WEBHOOK_EVENTS.filter((e) => events.includes(e)),
        secret,
        createdAt: clock().toISOString(),
        createdBy: actor,
      };
      await store.webhooks.createEndpoint(endpoint);
      await deps.audit({
        actor,
        entityType: "webhook",
        entityId: endpoint.id,
        action: "create",
        summary: `Registered webhook endpoint ${endpoint.url} (${endpoint.events.join(", ")})`,
        after: viewOf(endpoint),
      });
      return { ok: true, endpoint: viewOf(endpoint), secret };
    },

    async remove(actor: string, id: string): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
      const endpoint = await store.webhooks.getEndpoint(id);
      if (!endpoint || !(await store.webhooks.deleteEndpoint(id)))
        return { ok: false, message: "There is no such endpoint." };
      await deps.audit({
        actor,
        entityType: "webhook",
        entityId: id,
        action: "delete",
        summary: `Removed webhook endpoint ${endpoint.url}`,
        before: viewOf(endpoint),
      });
      return { ok: true, url: endpoint.url };
    },

    /** The endpoint's latest deliveries, newest first (the back office's log). */
    log: (endpointId: string) => store.webhooks.listForEndpoint(endpointId, LOG_SIZE),

    /** "Send again": queue a delivery now with a new 24 h window, whatever became of it. */
    async resend(actor: string, deliveryId: string): Promise<{ ok: true } | { ok: false; message: string }> {
      const now = clock();
      const delivery = await store.webhooks.get(deliveryId);
      if (!delivery) return { ok: false, message: "There is no such delivery." };
      await store.webhooks.requeue(deliveryId, now.toISOString(), new Date(now.getTime() + DAY_MS).toISOString());
      await deps.audit({
        actor,
        entityType: "webhook",
        entityId: delivery.endpointId,
        action: "resend",
        summary: `Queued ${delivery.eventType} (event ${delivery.eventId}) to be sent again`,
      });
      void deliverDue();
      return { ok: true };
    },

    /**
     * Relay the outbox, then send every due delivery (one pass at a time per process; a call during
     * one runs another after it). Called after each change that may have written events, and by the sweep.
     */
    deliverDue,
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
