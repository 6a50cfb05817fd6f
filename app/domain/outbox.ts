import type { Order } from "./commerce";
import type { Product } from "./product";
import type { WebhookEventType } from "./webhook";

// The transactional outbox: each change that webhooks report writes its events in the same
// transaction as the change itself (both adapters call these rules there), so a process that dies
// after the commit cannot lose them; any instance's relay turns them into deliveries afterwards.

/** What the event is about, as it was when the change committed. */
export type OutboxSubject =
  | { kind: "order"; order: Order }
  | { kind: "return"; order: Order; returnId: string }
  | { kind: "product"; product: Product };

export interface OutboxEvent {
  /** `${type}:${key}`: the key names the change, so writing the same change twice stores one event. */
  id: string;
  type: WebhookEventType;
  /** The change's key (an order and its history's length, a product and its version). */
  key: string;
  /** When the change committed (ISO). */
  at: string;
  subject: OutboxSubject;
}

const event = (type: WebhookEventType, key: string, at: string, subject: OutboxSubject): OutboxEvent => ({
  id: `${type}:${key}`,
  type,
  key,
  at,
  subject,
});

const ORDER_STATUS_EVENTS = { paid: "order.paid", shipped: "order.shipped", delivered: "order.delivered" } as const;

/** The events of an order going from `before` (null: just placed) to `after`. */
export function orderEvents(before: Order | null, after: Order, at: string): OutboxEvent[] {
  const events: OutboxEvent[] = [];
  const orderKey = `${after.id}:${after.history.length}:${after.refunds?.length ?? 0}`;
  const status = after.status as string;
  if (status !== before?.status && status in ORDER_STATUS_EVENTS)
    events.push(
      event(ORDER_STATUS_EVENTS[status as keyof typeof ORDER_STATUS_EVENTS], orderKey, at, {
        kind: "order",
        order: after,
      }),
    );
  const succeededBefore = new Set((before?.refunds ?? []).filter((r) => r.state === "succeeded").map((r) => r.id));
  if ((after.refunds ?? []).some((r) => r.state === "succeeded" && !succeededBefore.has(r.id)))
    events.push(event("order.refunded", orderKey, at, { kind: "order", order: after }));
  const requestedBefore = new Set((before?.returns ?? []).map((r) => r.id));
  for (const request of after.returns ?? []) {
    if (requestedBefore.has(request.id)) continue;
    events.push(
      event("return.requested", `${after.id}:${request.id}`, at, {
        kind: "return",
        order: after,
        returnId: request.id,
      }),
    );
  }
  return events;
}

/** product.stock_changed for each product whose stock a change wrote, as written (its new version). */
export const stockEvents = (written: readonly Product[], at: string): OutboxEvent[] =>
  written.map((p) => event("product.stock_changed", `${p.id}:${p.seq}`, at, { kind: "product", product: p }));

const stockOf = (p: Pick<Product, "variants">) =>
  p.variants
    .map((v) => `${v.size}\u0000${v.colour}\u0000${v.stock}`)
    .sort()
    .join("\u0001");

/** A product written whole (the back office, an import): product.updated, and stock_changed when its stock differs. */
export function productWrittenEvents(before: Product | null | undefined, after: Product, at: string): OutboxEvent[] {
  const events = [event("product.updated", `${after.id}:${after.seq}`, at, { kind: "product", product: after })];
  if (!before || stockOf(before) !== stockOf(after)) events.push(...stockEvents([after], at));
  return events;
}
