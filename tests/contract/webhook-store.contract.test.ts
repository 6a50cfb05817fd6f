import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { WebhookDelivery, WebhookEndpoint } from "~/domain/webhook";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// The webhook outbox on every backend: an event enqueued twice is stored once; of instances
// claiming a due delivery at once exactly one gets it; a claim is a lease that comes due again
// when its holder dies; only the holder records the attempt; "send again" queues it anew.

const T0 = "2026-04-01T12:00:00.000Z";
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const endpoint = (overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: crypto.randomBytes(6).toString("hex"),
  url: "https://receiver.example/hooks",
  events: ["order.paid", "product.updated"],
  secret: "whsec_test",
  createdAt: T0,
  createdBy: "owner@hemline.test",
  ...overrides,
});

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: crypto.randomBytes(8).toString("hex"),
  endpointId: "e1",
  eventId: crypto.randomUUID(),
  eventType: "order.paid",
  body: '{"id":"evt"}',
  createdAt: T0,
  status: "pending",
  attempts: 0,
  nextAttemptAt: T0,
  giveUpAt: at(86_400),
  claimOwner: null,
  lastAttemptAt: null,
  lastStatus: null,
  lastError: null,
  deliveredAt: null,
  ...overrides,
});

describe.each(STORE_ADAPTERS)("WebhookStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("keeps endpoints, oldest first, until deleted", async () => {
    const first = endpoint({ createdAt: at(0) });
    const second = endpoint({ createdAt: at(10), events: ["return.requested"] });
    await db.store.webhooks.createEndpoint(second);
    await db.store.webhooks.createEndpoint(first);
    const other = await db.reopen();
    expect(await other.webhooks.listEndpoints()).toEqual([first, second]);
    expect(await other.webhooks.getEndpoint(second.id)).toEqual(second);
    expect(await other.webhooks.deleteEndpoint(first.id)).toBe(true);
    expect(await other.webhooks.deleteEndpoint(first.id)).toBe(false);
    expect(await db.store.webhooks.listEndpoints()).toEqual([second]);
  });

  it("stores a delivery enqueued twice once, and finds what is due, earliest first", async () => {
    const early = delivery({ nextAttemptAt: at(0) });
    const later = delivery({ nextAttemptAt: at(30) });
    await db.store.webhooks.enqueue([early, later]);
    await db.store.webhooks.enqueue([{ ...early, body: "changed" }]);
    expect(await db.store.webhooks.get(early.id)).toEqual(early);
    expect((await db.store.webhooks.due(at(5), 10)).map((d) => d.id)).toEqual([early.id]);
    expect((await db.store.webhooks.due(at(60), 10)).map((d) => d.id)).toEqual([early.id, later.id]);
    expect(await db.store.webhooks.due(at(60), 1)).toHaveLength(1);
  });

  it("of instances claiming at once, exactly one gets the delivery; its lease comes due again", async () => {
    const queued = delivery();
    await db.store.webhooks.enqueue([queued]);
    const other = await db.reopen();
    const claims = await Promise.all(
      ["a", "b", "c", "d"].map((owner, i) =>
        (i % 2 ? other : db.store).webhooks.claim(queued.id, owner, at(1), at(61)),
      ),
    );
    const winners = claims.filter((c) => c !== null);
    expect(winners).toHaveLength(1);
    expect(winners[0]).toMatchObject({ nextAttemptAt: at(61) });
    expect(await db.store.webhooks.due(at(30), 10)).toEqual([]);
    // The holder died: after the lease another instance takes it.
    expect((await db.store.webhooks.due(at(61), 10)).map((d) => d.id)).toEqual([queued.id]);
    expect(await other.webhooks.claim(queued.id, "e", at(62), at(122))).toMatchObject({ claimOwner: "e" });
    // The first holder's late answer is not recorded.
    expect(
      await db.store.webhooks.finish(queued.id, winners[0]!.claimOwner!, {
        at: at(63),
        ok: true,
        httpStatus: 200,
        error: null,
        retryAt: null,
      }),
    ).toBe(false);
  });

  it("records attempts: a retry, then the success; a delivered one is never due or claimed again", async () => {
    const queued = delivery({ endpointId: "e2" });
    await db.store.webhooks.enqueue([queued]);
    await db.store.webhooks.claim(queued.id, "a", at(0), at(60));
    expect(
      await db.store.webhooks.finish(queued.id, "a", {
        at: at(1),
        ok: false,
        httpStatus: 500,
        error: "HTTP 500",
        retryAt: at(31),
      }),
    ).toBe(true);
    expect(await db.store.webhooks.get(queued.id)).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatus: 500,
      lastError: "HTTP 500",
      nextAttemptAt: at(31),
      claimOwner: null,
    });
    expect(await db.store.webhooks.claim(queued.id, "b", at(10), at(70))).toBeNull();
    await db.store.webhooks.claim(queued.id, "b", at(31), at(91));
    await db.store.webhooks.finish(queued.id, "b", {
      at: at(32),
      ok: true,
      httpStatus: 204,
      error: null,
      retryAt: null,
    });
    expect(await db.store.webhooks.get(queued.id)).toMatchObject({
      status: "delivered",
      attempts: 2,
      deliveredAt: at(32),
      nextAttemptAt: null,
    });
    expect(await db.store.webhooks.due(at(1000), 10)).toEqual([]);
    expect(await db.store.webhooks.claim(queued.id, "c", at(1000), at(1060))).toBeNull();
    // Sent again from the back office: pending now, with a new window.
    expect(await db.store.webhooks.requeue(queued.id, at(2000), at(2000 + 86_400))).toBe(true);
    expect(await db.store.webhooks.get(queued.id)).toMatchObject({
      status: "pending",
      attempts: 0,
      nextAttemptAt: at(2000),
    });
    expect(await db.store.webhooks.requeue("missing", at(2000), at(3000))).toBe(false);
  });

  it("gives up when told, and lists an endpoint's deliveries newest first", async () => {
    const old = delivery({ endpointId: "e3", createdAt: at(0) });
    const recent = delivery({ endpointId: "e3", createdAt: at(100) });
    await db.store.webhooks.enqueue([old, recent, delivery({ endpointId: "other" })]);
    await db.store.webhooks.claim(old.id, "a", at(0), at(60));
    await db.store.webhooks.finish(old.id, "a", {
      at: at(1),
      ok: false,
      httpStatus: null,
      error: "timeout",
      retryAt: null,
    });
    expect(await db.store.webhooks.get(old.id)).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect((await db.store.webhooks.listForEndpoint("e3", 10)).map((d) => d.id)).toEqual([recent.id, old.id]);
    expect(await db.store.webhooks.listForEndpoint("e3", 1)).toHaveLength(1);
  });
});
