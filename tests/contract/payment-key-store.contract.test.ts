import { describe, expect, it } from "vitest";
import { createTestCardProcessor } from "~/server/payments/test-card-processor.server";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// Payment idempotency keys are shared by every server instance: the first answer stored for a key
// is every instance's answer until it expires, however many ask at once.

const NOW = "2026-03-01T10:00:00.000Z";
const LATER = "2026-03-02T10:00:00.000Z";
const window = { now: NOW, expiresAt: LATER };

describe.each(STORE_ADAPTERS)("PaymentKeyStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("keeps the first value of a key, and a second instance reads it", async () => {
    const first = { ok: true, reference: "tc_1", brand: "Visa", last4: "4242" };
    expect(await db.store.paymentKeys.remember("order/1:1", first, window)).toEqual(first);
    const other = await db.reopen();
    expect(await other.paymentKeys.remember("order/1:1", { ok: false, code: "card_declined" }, window)).toEqual(first);
    expect(await other.paymentKeys.remember("order/1:2", { ok: false, code: "card_declined" }, window)).toEqual({
      ok: false,
      code: "card_declined",
    });
  });

  it("of concurrent values for one key on several instances, one is stored and every caller gets it", async () => {
    const stores = [db.store, await db.reopen(), await db.reopen()];
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => stores[i % 3].paymentKeys.remember("race", { attempt: i }, window)),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await db.store.paymentKeys.remember("race", { attempt: 99 }, window)).toEqual(answers[0]);
  });

  it("replaces a value once it has expired", async () => {
    await db.store.paymentKeys.remember("k", { v: 1 }, window);
    expect(
      await db.store.paymentKeys.remember(
        "k",
        { v: 2 },
        { now: "2026-03-02T09:59:59.000Z", expiresAt: "2026-03-03T00:00:00.000Z" },
      ),
    ).toEqual({ v: 1 });
    expect(
      await db.store.paymentKeys.remember("k", { v: 3 }, { now: LATER, expiresAt: "2026-03-03T10:00:00.000Z" }),
    ).toEqual({ v: 3 });
    expect(
      await (
        await db.reopen()
      ).paymentKeys.remember("k", { v: 4 }, { now: LATER, expiresAt: "2026-03-03T10:00:00.000Z" }),
    ).toEqual({ v: 3 });
  });

  it("recalls a key's unexpired value on any instance, and nothing for a key never stored or expired", async () => {
    const value = { ok: true, reference: "tc_9", brand: "Visa", last4: "4242" };
    expect(await db.store.paymentKeys.recall("order/9:1", { now: NOW })).toBeNull();
    await db.store.paymentKeys.remember("order/9:1", value, window);
    const other = await db.reopen();
    expect(await other.paymentKeys.recall("order/9:1", { now: NOW })).toEqual(value);
    expect(await other.paymentKeys.recall("order/9:2", { now: NOW })).toBeNull();
    expect(await other.paymentKeys.recall("order/9:1", { now: LATER })).toBeNull();
    // Reading never stores: the key is still free for its first answer.
    expect(await other.paymentKeys.remember("order/9:2", { v: 1 }, window)).toEqual({ v: 1 });
  });

  it("two test card processors on two instances charge a key once: the same answer to both", async () => {
    const other = await db.reopen();
    const a = createTestCardProcessor({ keys: db.store.paymentKeys });
    const b = createTestCardProcessor({ keys: other.paymentKeys });
    const input = {
      amountMinor: 2500,
      currency: "EUR",
      card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" },
      description: "Order HM-1",
      idempotencyKey: "order-1:1",
    };
    const [fromA, fromB] = await Promise.all([a.charge(input), b.charge(input)]);
    expect(fromA).toMatchObject({ ok: true });
    expect(fromB).toEqual(fromA);
    expect(await b.charge(input)).toEqual(fromA);
  });
});
