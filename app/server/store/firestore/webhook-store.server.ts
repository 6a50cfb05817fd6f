import type { DocumentData, Firestore, Transaction } from "firebase-admin/firestore";
import type { OutboxEvent } from "~/domain/outbox";
import type { WebhookDelivery, WebhookEndpoint } from "~/domain/webhook";
import type { WebhookStore } from "../port";
import { available, availableTransaction, healthProbe } from "./availability.server";

// webhookEndpoints/{id}; webhookDeliveries/{id}: one document per event and endpoint, written when
// the event happens (no document shared by every event). `nextAttemptAt` is null once delivered or
// failed, so the due query (a range on one field) finds only pending ones; claims are transactions.

const endpointOf = (d: DocumentData): WebhookEndpoint => ({
  id: d.id,
  url: d.url,
  events: d.events,
  secret: d.secret,
  createdAt: d.createdAt,
  createdBy: d.createdBy,
});

const deliveryOf = (d: DocumentData): WebhookDelivery => ({
  id: d.id,
  endpointId: d.endpointId,
  eventId: d.eventId,
  eventType: d.eventType,
  body: d.body,
  createdAt: d.createdAt,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt ?? null,
  giveUpAt: d.giveUpAt,
  claimOwner: d.claimOwner ?? null,
  lastAttemptAt: d.lastAttemptAt ?? null,
  lastStatus: d.lastStatus ?? null,
  lastError: d.lastError ?? null,
  deliveredAt: d.deliveredAt ?? null,
});

/** webhookOutbox/{event id}: one document per event, written by the transaction of its change. */
const OUTBOX = "webhookOutbox";
// An event id names an order or a product and a version; "/" is the one character a document id cannot hold.
const outboxDocId = (id: string) => id.replaceAll("/", "%2F");

/** Writes outbox events in the caller's transaction (the order and product stores call it inside theirs). */
export function writeOutbox(db: Firestore, tx: Transaction, events: readonly OutboxEvent[]): void {
  const outbox = db.collection(OUTBOX);
  // The subject as JSON: an order or product as it was, without Firestore's rules on undefined fields.
  for (const e of events)
    tx.set(outbox.doc(outboxDocId(e.id)), {
      id: e.id,
      type: e.type,
      key: e.key,
      at: e.at,
      subject: JSON.stringify(e.subject),
    });
}

export function createFirestoreWebhookStore(db: Firestore): WebhookStore {
  const outbox = db.collection(OUTBOX);
  const endpoints = db.collection("webhookEndpoints");
  const deliveries = db.collection("webhookDeliveries");
  const probe = healthProbe(db);
  const tx = <T>(work: (t: FirebaseFirestore.Transaction) => Promise<T>) =>
    availableTransaction(probe, () => db.runTransaction(work));
  return {
    async outbox(limit) {
      const snap = await available(() => outbox.orderBy("at").limit(limit).get());
      return snap.docs.map((d) => {
        const data = d.data();
        return {
          id: data.id,
          type: data.type,
          key: data.key,
          at: data.at,
          subject: JSON.parse(data.subject) as OutboxEvent["subject"],
        };
      });
    },
    async relayed(ids) {
      if (ids.length === 0) return;
      const batch = db.batch();
      for (const id of ids) batch.delete(outbox.doc(outboxDocId(id)));
      await available(() => batch.commit());
    },
    async createEndpoint(e) {
      await available(() => endpoints.doc(e.id).create(e));
    },
    async getEndpoint(id) {
      const snap = await available(() => endpoints.doc(id).get());
      return snap.exists ? endpointOf(snap.data()!) : null;
    },
    async listEndpoints() {
      const snap = await available(() => endpoints.get());
      return snap.docs
        .map((d) => endpointOf(d.data()))
        .sort((a, b) =>
          a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt),
        );
    },
    async deleteEndpoint(id) {
      const ref = endpoints.doc(id);
      return tx(async (t) => {
        const snap = await t.get(ref);
        if (!snap.exists) return false;
        t.delete(ref);
        return true;
      });
    },
    async enqueue(list) {
      if (list.length === 0) return;
      const refs = list.map((d) => deliveries.doc(d.id));
      // Created only where absent: an event enqueued again (a retried step) is stored once.
      await tx(async (t) => {
        const snaps = await t.getAll(...refs);
        snaps.forEach((snap, i) => {
          if (!snap.exists) t.create(refs[i]!, list[i]!);
        });
      });
    },
    async get(id) {
      const snap = await available(() => deliveries.doc(id).get());
      return snap.exists ? deliveryOf(snap.data()!) : null;
    },
    async due(now, limit) {
      const snap = await available(() =>
        deliveries.where("nextAttemptAt", "<=", now).orderBy("nextAttemptAt").limit(limit).get(),
      );
      return snap.docs.map((d) => deliveryOf(d.data())).filter((d) => d.status === "pending");
    },
    async claim(id, owner, now, leaseUntil) {
      const ref = deliveries.doc(id);
      return tx(async (t) => {
        const snap = await t.get(ref);
        if (!snap.exists) return null;
        const d = deliveryOf(snap.data()!);
        if (d.status !== "pending" || d.nextAttemptAt === null || d.nextAttemptAt > now) return null;
        t.update(ref, { claimOwner: owner, nextAttemptAt: leaseUntil });
        return { ...d, claimOwner: owner, nextAttemptAt: leaseUntil };
      });
    },
    async finish(id, owner, o) {
      const ref = deliveries.doc(id);
      return tx(async (t) => {
        const snap = await t.get(ref);
        if (!snap.exists) return false;
        const d = deliveryOf(snap.data()!);
        if (d.claimOwner !== owner || d.status !== "pending") return false;
        t.update(ref, {
          attempts: d.attempts + 1,
          lastAttemptAt: o.at,
          lastStatus: o.httpStatus,
          lastError: o.error,
          status: o.ok ? "delivered" : o.retryAt ? "pending" : "failed",
          nextAttemptAt: o.ok ? null : o.retryAt,
          claimOwner: null,
          deliveredAt: o.ok ? o.at : d.deliveredAt,
        });
        return true;
      });
    },
    async requeue(id, now, giveUpAt) {
      const ref = deliveries.doc(id);
      return tx(async (t) => {
        const snap = await t.get(ref);
        if (!snap.exists) return false;
        t.update(ref, { status: "pending", attempts: 0, nextAttemptAt: now, giveUpAt, claimOwner: null });
        return true;
      });
    },
    async listForEndpoint(endpointId, limit) {
      // Needs the composite index (endpointId, createdAt desc) in firestore.indexes.json.
      const snap = await available(() =>
        deliveries.where("endpointId", "==", endpointId).orderBy("createdAt", "desc").limit(limit).get(),
      );
      return snap.docs.map((d) => deliveryOf(d.data()));
    },
  };
}
