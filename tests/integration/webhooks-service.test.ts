import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  nextRetry,
  createWebhooksService,
  webhookEventId,
  type WebhooksService,
} from "~/server/services/webhooks/webhooks.server";
import { outboxSubjectJson } from "~/server/api/representations.server";
import { isPrivateAddress } from "~/server/services/webhooks/address-guard.server";
import { signatureHeader, verifySignature } from "~/server/services/webhooks/signature.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";
import { startReceiver } from "../support/webhook-receiver";

// Webhooks on both backends, delivered over HTTP to a local receiver that verifies signatures:
// events a store wrote to its outbox with a change (here: products saved) relayed and sent;
// retried with backoff until a 2xx, then never again; given up after 24 hours; "send again";
// two instances on one store send each event once; private addresses refused unless allowed.

const OWNER = "owner@hemline.test";
const HOUR = 3600_000;

describe.each(STORE_ADAPTERS)("webhooks: $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let reopen: () => Promise<Store>;
  let clock: Date;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const service = (on: Store, allowPrivateAddresses = true): WebhooksService =>
    createWebhooksService({
      store: on,
      audit: async () => {},
      allowPrivateAddresses,
      render: outboxSubjectJson,
      clock: () => clock,
      timeoutMs: 5000,
    });

  /** A product saved: its store writes product.updated (and stock_changed) to the outbox; the event's id. */
  async function change(on: Store, id: string, stock = 5): Promise<string> {
    const saved = await on.products.save(
      makeProduct({ id, variants: [{ size: "M", colour: "Black", sku: `${id}-M`.toUpperCase(), stock }] }),
    );
    return webhookEventId("product.updated", `${saved.id}:${saved.seq}`);
  }

  beforeEach(async () => {
    ({ store, dispose, reopen } = await adapter.create());
    clock = new Date("2026-06-01T09:00:00.000Z");
  });
  afterEach(async () => {
    await receiver?.close();
    await dispose();
  });

  async function register(webhooks: WebhooksService, events = ["product.updated", "order.shipped"]) {
    const made = await webhooks.register(OWNER, { url: receiver.url, events });
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    receiver.useSecret(made.secret);
    return made;
  }

  it("signs each delivery like Stripe, with the event id and type in headers, and shows the secret once", async () => {
    receiver = await startReceiver();
    const webhooks = service(store);
    const made = await register(webhooks);
    expect(made.secret).toMatch(/^whsec_/);
    expect(JSON.stringify(await webhooks.listEndpoints())).not.toContain(made.secret);
    // The save writes product.updated and product.stock_changed; only the first is subscribed to.
    const eventId = await change(store, "p1");
    await webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got).toMatchObject({ signed: true, eventId, eventType: "product.updated", status: 200 });
    expect(got!.body).toMatchObject({ id: eventId, type: "product.updated", data: { id: "p1", status: "active" } });
    const [logged] = await webhooks.log(made.endpoint.id);
    expect(logged).toMatchObject({ status: "delivered", attempts: 1, lastStatus: 200, eventId });
    // Relayed once: the outbox is empty and the next pass sends nothing again.
    expect(await store.webhooks.outbox(10)).toEqual([]);
    await webhooks.deliverDue();
    expect(receiver.received).toHaveLength(1);
  });

  it("gives a receiver that fails three times the event exactly once more, after backoff", async () => {
    receiver = await startReceiver({ answer: (n) => (n < 3 ? 500 : 200) });
    const webhooks = service(store);
    const made = await register(webhooks);
    await change(store, "p2");
    await webhooks.deliverDue();
    const waits: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const [pending] = await webhooks.log(made.endpoint.id);
      expect(pending).toMatchObject({ status: "pending", attempts: i + 1, lastStatus: 500 });
      // Not before its time: nothing is sent a second early.
      waits.push(Date.parse(pending!.nextAttemptAt!) - clock.getTime());
      clock = new Date(Date.parse(pending!.nextAttemptAt!) - 1000);
      await webhooks.deliverDue();
      expect(receiver.received).toHaveLength(i + 1);
      clock = new Date(Date.parse(pending!.nextAttemptAt!));
      await webhooks.deliverDue();
    }
    expect(waits).toEqual([30_000, 60_000, 120_000]);
    expect(receiver.received.map((r) => r.status)).toEqual([500, 500, 500, 200]);
    expect(new Set(receiver.received.map((r) => r.eventId)).size).toBe(1);
    clock = new Date(clock.getTime() + 48 * HOUR);
    await webhooks.deliverDue();
    expect(receiver.received).toHaveLength(4);
    expect((await webhooks.log(made.endpoint.id))[0]).toMatchObject({ status: "delivered", attempts: 4 });
  });

  it("gives up after 24 hours of failures, and sends again when the owner asks", async () => {
    let failing = true;
    receiver = await startReceiver({ answer: () => (failing ? 503 : 200) });
    const webhooks = service(store);
    const made = await register(webhooks);
    await change(store, "p3");
    const start = clock.getTime();
    for (let i = 0; i < 60; i += 1) {
      await webhooks.deliverDue();
      const [d] = await webhooks.log(made.endpoint.id);
      if (d!.status !== "pending") break;
      clock = new Date(Date.parse(d!.nextAttemptAt!));
    }
    const [failed] = await webhooks.log(made.endpoint.id);
    expect(failed).toMatchObject({ status: "failed", lastStatus: 503, lastError: "HTTP 503", nextAttemptAt: null });
    expect(Date.parse(failed!.lastAttemptAt!) - start).toBeLessThanOrEqual(24 * HOUR);
    expect(Date.parse(failed!.lastAttemptAt!) - start).toBeGreaterThan(20 * HOUR);
    const tries = receiver.received.length;
    failing = false;
    expect(await webhooks.resend(OWNER, failed!.id)).toEqual({ ok: true });
    await webhooks.deliverDue();
    expect(receiver.received).toHaveLength(tries + 1);
    expect((await webhooks.log(made.endpoint.id))[0]).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("two instances on one store send each of many events once", async () => {
    receiver = await startReceiver();
    const one = service(store);
    const other = await reopen();
    const two = service(other);
    await register(one);
    const ids = await Promise.all(Array.from({ length: 12 }, (_, i) => change(i % 2 ? other : store, `p-${i}`)));
    await Promise.all([one.deliverDue(), two.deliverDue(), one.deliverDue(), two.deliverDue()]);
    expect(receiver.received.every((r) => r.signed)).toBe(true);
    const got = receiver.received.map((r) => r.eventId).sort();
    expect(got).toEqual([...ids].sort());
  });

  it("refuses endpoints on private, loopback or link-local addresses unless allowed", async () => {
    receiver = await startReceiver();
    const strict = service(store, false);
    for (const url of [
      receiver.url,
      "http://localhost:8080/x",
      "http://169.254.169.254/latest/meta-data",
      "http://10.1.2.3/",
      "http://[::1]/",
      "http://[fe80::1]/",
    ]) {
      const result = await strict.register(OWNER, { url, events: ["product.updated"] });
      expect(result, url).toMatchObject({ ok: false, errors: { url: expect.stringContaining("own network") } });
    }
    expect(await strict.register(OWNER, { url: "ftp://example.com/x", events: ["order.paid"] })).toMatchObject({
      ok: false,
    });
    expect(await strict.register(OWNER, { url: "https://example.com/x", events: ["order.sold"] })).toMatchObject({
      ok: false,
      errors: { events: expect.any(String) },
    });
    // Registered while allowed, then sent by an instance that does not allow it: refused at connection.
    const made = await register(service(store, true));
    await change(store, "p9");
    await strict.deliverDue();
    expect(receiver.received).toHaveLength(0);
    expect((await strict.log(made.endpoint.id))[0]?.lastError).toContain("private");
  });
});

describe("webhook rules", () => {
  it("backs off exponentially up to an hour, and stops at the 24-hour mark", () => {
    const now = new Date("2026-06-01T00:00:00.000Z");
    const end = "2026-06-02T00:00:00.000Z";
    const delays = [1, 2, 3, 8, 12].map((n) => Date.parse(nextRetry(now, n, end, 30_000, HOUR)!) - now.getTime());
    // The 8th would wait 64 minutes: an hour at most.
    expect(delays).toEqual([30_000, 60_000, 120_000, HOUR, HOUR]);
    expect(nextRetry(new Date("2026-06-01T23:59:50.000Z"), 1, end, 30_000, HOUR)).toBeNull();
  });

  it("verifies a signature only with the right secret, body and a recent time", () => {
    const header = signatureHeader("whsec_a", '{"x":1}', 1_800_000_000);
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature("whsec_a", '{"x":1}', header, { nowSeconds: 1_800_000_010 })).toBe(true);
    expect(verifySignature("whsec_b", '{"x":1}', header, { nowSeconds: 1_800_000_010 })).toBe(false);
    expect(verifySignature("whsec_a", '{"x":2}', header, { nowSeconds: 1_800_000_010 })).toBe(false);
    expect(verifySignature("whsec_a", '{"x":1}', header, { nowSeconds: 1_800_001_000 })).toBe(false);
  });

  it("knows private addresses from public ones", () => {
    for (const a of [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111"]) expect(isPrivateAddress(a), a).toBe(false);
  });
});
