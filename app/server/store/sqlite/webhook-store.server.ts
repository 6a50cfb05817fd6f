import type { OutboxEvent } from "~/domain/outbox";
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from "~/domain/webhook";
import type { WebhookStore } from "../port";
import type { SqliteDatabase } from "./database.server";

interface OutboxRow {
  id: string;
  type: string;
  event_key: string;
  at: string;
  subject: string;
}

/**
 * Writes outbox events with the statement of the caller's transaction (the order and product
 * stores call it inside theirs); an event already there is kept as it is.
 */
export function outboxWriter(db: SqliteDatabase): (events: readonly OutboxEvent[]) => void {
  const insert = db.prepare<[string, string, string, string, string]>(
    "INSERT OR IGNORE INTO webhook_outbox (id, type, event_key, at, subject) VALUES (?, ?, ?, ?, ?)",
  );
  return (events) => {
    for (const e of events) insert.run(e.id, e.type, e.key, e.at, JSON.stringify(e.subject));
  };
}

interface EndpointRow {
  id: string;
  url: string;
  events_json: string;
  secret: string;
  created_at: string;
  created_by: string;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  body: string;
  created_at: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  give_up_at: string;
  claim_owner: string | null;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
}

const endpointOf = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  events: JSON.parse(r.events_json) as WebhookEventType[],
  secret: r.secret,
  createdAt: r.created_at,
  createdBy: r.created_by,
});

const deliveryOf = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type as WebhookEventType,
  body: r.body,
  createdAt: r.created_at,
  status: r.status as WebhookDelivery["status"],
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  giveUpAt: r.give_up_at,
  claimOwner: r.claim_owner,
  lastAttemptAt: r.last_attempt_at,
  lastStatus: r.last_status,
  lastError: r.last_error,
  deliveredAt: r.delivered_at,
});

export function createSqliteWebhookStore(db: SqliteDatabase): WebhookStore {
  const insertEndpoint = db.prepare(
    `INSERT INTO webhook_endpoints (id, url, events_json, secret, created_at, created_by)
     VALUES (@id, @url, @events, @secret, @createdAt, @createdBy)`,
  );
  const endpointById = db.prepare<[string], EndpointRow>("SELECT * FROM webhook_endpoints WHERE id = ?");
  const endpoints = db.prepare<[], EndpointRow>("SELECT * FROM webhook_endpoints ORDER BY created_at, id");
  const deleteEndpoint = db.prepare("DELETE FROM webhook_endpoints WHERE id = ?");
  const insertDelivery = db.prepare(
    `INSERT OR IGNORE INTO webhook_deliveries (id, endpoint_id, event_id, event_type, body, created_at, status, attempts,
       next_attempt_at, give_up_at, claim_owner, last_attempt_at, last_status, last_error, delivered_at)
     VALUES (@id, @endpointId, @eventId, @eventType, @body, @createdAt, @status, @attempts,
       @nextAttemptAt, @giveUpAt, @claimOwner, @lastAttemptAt, @lastStatus, @lastError, @deliveredAt)`,
  );
  const enqueueAll = db.transaction((deliveries: readonly WebhookDelivery[]) => {
    for (const d of deliveries) insertDelivery.run(d);
  });
  const byId = db.prepare<[string], DeliveryRow>("SELECT * FROM webhook_deliveries WHERE id = ?");
  const due = db.prepare<[string, number], DeliveryRow>(
    `SELECT * FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= ? AND status = 'pending'
     ORDER BY next_attempt_at, id LIMIT ?`,
  );
  // One statement: of instances claiming at once, exactly one changes the row.
  const claim = db.prepare<{ id: string; owner: string; now: string; until: string }, DeliveryRow>(
    `UPDATE webhook_deliveries SET claim_owner = @owner, next_attempt_at = @until
     WHERE id = @id AND status = 'pending' AND next_attempt_at IS NOT NULL AND next_attempt_at <= @now
     RETURNING *`,
  );
  const finish = db.prepare(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = @at, last_status = @httpStatus,
       last_error = @error, status = @status, next_attempt_at = @retryAt, claim_owner = NULL,
       delivered_at = CASE WHEN @ok = 1 THEN @at ELSE delivered_at END
     WHERE id = @id AND claim_owner = @owner AND status = 'pending'`,
  );
  const requeue = db.prepare(
    `UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = @now, give_up_at = @giveUpAt,
       claim_owner = NULL WHERE id = @id`,
  );
  const forEndpoint = db.prepare<[string, number], DeliveryRow>(
    "SELECT * FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
  );
  const pendingEvents = db.prepare<[number], OutboxRow>("SELECT * FROM webhook_outbox ORDER BY at, id LIMIT ?");
  const dropEvent = db.prepare<[string]>("DELETE FROM webhook_outbox WHERE id = ?");
  const dropEvents = db.transaction((ids: readonly string[]) => {
    for (const id of ids) dropEvent.run(id);
  });
  return {
    async outbox(limit) {
      return pendingEvents.all(limit).map((r) => ({
        id: r.id,
        type: r.type as WebhookEventType,
        key: r.event_key,
        at: r.at,
        subject: JSON.parse(r.subject) as OutboxEvent["subject"],
      }));
    },
    async relayed(ids) {
      dropEvents.immediate(ids);
    },
    async createEndpoint(e) {
      insertEndpoint.run({ ...e, events: JSON.stringify(e.events) });
    },
    async getEndpoint(id) {
      const row = endpointById.get(id);
      return row ? endpointOf(row) : null;
    },
    async listEndpoints() {
      return endpoints.all().map(endpointOf);
    },
    async deleteEndpoint(id) {
      return deleteEndpoint.run(id).changes === 1;
    },
    async enqueue(deliveries) {
      enqueueAll.immediate(deliveries);
    },
    async get(id) {
      const row = byId.get(id);
      return row ? deliveryOf(row) : null;
    },
    async due(now, limit) {
      return due.all(now, limit).map(deliveryOf);
    },
    async claim(id, owner, now, leaseUntil) {
      const row = claim.get({ id, owner, now, until: leaseUntil });
      return row ? deliveryOf(row) : null;
    },
    async finish(id, owner, o) {
      const status = o.ok ? "delivered" : o.retryAt ? "pending" : "failed";
      const result = finish.run({
        id,
        owner,
        at: o.at,
        httpStatus: o.httpStatus,
        error: o.error,
        status,
        retryAt: o.ok ? null : o.retryAt,
        ok: o.ok ? 1 : 0,
      });
      return result.changes === 1;
    },
    async requeue(id, now, giveUpAt) {
      return requeue.run({ id, now, giveUpAt }).changes === 1;
    },
    async listForEndpoint(endpointId, limit) {
      return forEndpoint.all(endpointId, limit).map(deliveryOf);
    },
  };
}
