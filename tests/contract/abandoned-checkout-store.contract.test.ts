import { describe, expect, it } from "vitest";
import type { AbandonedLine } from "~/domain/abandoned-checkout";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// Abandoned checkouts on every backend: one record per cart, updated while open and started anew
// after an order; what is due; of instances claiming one reminder at once exactly one gets it,
// and a sent reminder cannot be claimed again; opt-outs, settings, recoveries and the figures.

const T0 = "2026-04-01T12:00:00.000Z";
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

const line = (overrides: Partial<AbandonedLine> = {}): AbandonedLine => ({
  productId: "linen-shirt",
  size: "M",
  colour: "Sage",
  quantity: 1,
  name: "Linen Shirt",
  unitPriceMinor: 4900,
  ...overrides,
});

describe.each(STORE_ADAPTERS)("AbandonedCheckoutStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("keeps one record per cart, updated while open, started anew after an order", async () => {
    const s = db.store.abandonedCheckouts;
    await s.upsert({ cartId: "guest:a", email: "Ann@Example.com ", lines: [line()], at: at(0) });
    await s.upsert({ cartId: "guest:a", email: "ann@example.com", lines: [line({ quantity: 2 })], at: at(5) });
    const open = await (await db.reopen()).abandonedCheckouts.get("guest:a");
    expect(open).toMatchObject({
      cartId: "guest:a",
      email: "ann@example.com",
      lines: [line({ quantity: 2 })],
      updatedAt: at(5),
      convertedOrderId: null,
      remindersSent: 0,
      recovered: null,
    });
    expect(await s.claim("guest:a", { owner: "x", sent: 0, now: at(300), until: at(310) })).toBe(true);
    await s.markSent("guest:a", { owner: "x", n: 1, at: at(300) });
    await s.upsert({ cartId: "guest:a", email: "ann@example.com", lines: [line()], at: at(320) });
    expect(await s.get("guest:a")).toMatchObject({ remindersSent: 1, lastSentAt: at(300) });
    expect(await s.markConverted("guest:a", "o1")).toBe(true);
    expect(await s.markConverted("guest:a", "o2")).toBe(false);
    expect(await s.get("guest:a")).toMatchObject({ convertedOrderId: "o1" });
    await s.upsert({ cartId: "guest:a", email: "ann@example.com", lines: [line()], at: at(400) });
    expect(await s.get("guest:a")).toMatchObject({ convertedOrderId: null, remindersSent: 0, lastSentAt: null });
    // The finished one is kept, so the figures still count its reminder.
    expect(await s.get("guest:a#o1")).toMatchObject({ convertedOrderId: "o1", remindersSent: 1 });
    expect(await s.counts()).toMatchObject({ recorded: 2, remindersSent: 1 });
    expect(await s.markConverted("guest:missing", "o3")).toBe(false);
  });

  it("finds open records due for a first or (when asked) a second reminder, oldest first", async () => {
    const s = db.store.abandonedCheckouts;
    await s.upsert({ cartId: "c-old", email: "a@example.com", lines: [line()], at: at(0) });
    await s.upsert({ cartId: "c-new", email: "b@example.com", lines: [line()], at: at(100) });
    await s.upsert({ cartId: "c-done", email: "c@example.com", lines: [line()], at: at(0) });
    await s.markConverted("c-done", "o1");
    await s.upsert({ cartId: "c-sent", email: "d@example.com", lines: [line()], at: at(1) });
    await s.claim("c-sent", { owner: "x", sent: 0, now: at(2), until: at(3) });
    await s.markSent("c-sent", { owner: "x", n: 1, at: at(10) });
    const ids = async (firstBefore: string, secondBefore: string | null, limit = 10) =>
      (await s.due({ firstBefore, secondBefore, limit })).map((r) => r.cartId);
    expect(await ids(at(50), null)).toEqual(["c-old"]);
    expect(await ids(at(200), null)).toEqual(["c-old", "c-new"]);
    expect(await ids(at(200), at(5))).toEqual(["c-old", "c-new"]);
    expect(await ids(at(200), at(10))).toEqual(["c-old", "c-sent", "c-new"]);
    expect(await ids(at(200), at(10), 1)).toEqual(["c-old"]);
  });

  it("of instances claiming one reminder at once exactly one wins; once sent it cannot be claimed again", async () => {
    await db.store.abandonedCheckouts.upsert({ cartId: "c1", email: "a@example.com", lines: [line()], at: at(0) });
    const other = await db.reopen();
    const claims = await Promise.all(
      ["a", "b", "c", "d"].map((owner, i) =>
        (i % 2 ? other : db.store).abandonedCheckouts.claim("c1", { owner, sent: 0, now: at(300), until: at(310) }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = ["a", "b", "c", "d"][claims.indexOf(true)];
    // A loser's markSent is ignored: only the holder records the send.
    const loser = winner === "a" ? "b" : "a";
    await db.store.abandonedCheckouts.markSent("c1", { owner: loser, n: 1, at: at(301) });
    expect(await db.store.abandonedCheckouts.get("c1")).toMatchObject({ remindersSent: 0, claimOwner: winner });
    await other.abandonedCheckouts.markSent("c1", { owner: winner, n: 1, at: at(301) });
    expect(await db.store.abandonedCheckouts.get("c1")).toMatchObject({
      remindersSent: 1,
      lastSentAt: at(301),
      claimOwner: null,
    });
    // A sweep that read the record before the send claims the first reminder in vain.
    expect(await db.store.abandonedCheckouts.claim("c1", { owner: "e", sent: 0, now: at(302), until: at(312) })).toBe(
      false,
    );
  });

  it("two instances recording and closing one cart at once: one record, converted once, archived once", async () => {
    const other = await db.reopen();
    const both = [db.store.abandonedCheckouts, other.abandonedCheckouts];
    // Ten rounds: each round races both instances on a cart of its own.
    for (let round = 0; round < 10; round++) {
      const cartId = `guest:race-${round}`;
      await Promise.all(
        both.map((s, i) =>
          s.upsert({ cartId, email: "ann@example.com", lines: [line({ quantity: i + 1 })], at: at(i) }),
        ),
      );
      const recorded = await db.store.abandonedCheckouts.get(cartId);
      expect([1, 2]).toContain(recorded?.lines[0]?.quantity);
      const closed = await Promise.all(both.map((s) => s.markConverted(cartId, `order-${round}`)));
      expect(closed.filter(Boolean)).toHaveLength(1);
      expect(await other.abandonedCheckouts.get(cartId)).toMatchObject({ convertedOrderId: `order-${round}` });
      // The cart's next checkout, recorded by both at once: the finished record is archived once.
      await Promise.all(both.map((s) => s.upsert({ cartId, email: "ann@example.com", lines: [line()], at: at(20) })));
      expect(await db.store.abandonedCheckouts.get(cartId)).toMatchObject({
        convertedOrderId: null,
        updatedAt: at(20),
      });
      expect(await db.store.abandonedCheckouts.get(`${cartId}#order-${round}`)).toMatchObject({
        convertedOrderId: `order-${round}`,
      });
    }
    expect((await db.store.abandonedCheckouts.counts()).recorded).toBe(20);
    // Closing a cart that has no record (a guest who did not ask for reminders) changes nothing, twice at once.
    expect(await Promise.all(both.map((s) => s.markConverted("guest:none", "order-x")))).toEqual([false, false]);
    expect(await db.store.abandonedCheckouts.get("guest:none")).toBeNull();
  }, 60_000);

  it("two instances recording a recovery at once count it once", async () => {
    const other = await db.reopen();
    await db.store.abandonedCheckouts.upsert({ cartId: "c1", email: "a@example.com", lines: [line()], at: at(0) });
    const results = await Promise.all(
      [db.store, other].map((s, i) =>
        s.abandonedCheckouts.recordRecovery("c1", { orderId: "o1", totalMinor: 700 + i }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await db.store.abandonedCheckouts.counts()).recovered).toBe(1);
  });

  it("prunes, in bounded batches, records closed without a reminder and records older than any use", async () => {
    const s = db.store.abandonedCheckouts;
    const add = (cartId: string, email: string, minutes: number) =>
      s.upsert({ cartId, email, lines: [line()], at: at(minutes) });
    // Kept: open and recent; converted after a reminder (counted in the figures); opted out after one.
    await add("open-recent", "a@example.com", 1000);
    await add("reminded-then-ordered", "b@example.com", 1000);
    await s.claim("reminded-then-ordered", { owner: "x", sent: 0, now: at(1001), until: at(1002) });
    await s.markSent("reminded-then-ordered", { owner: "x", n: 1, at: at(1001) });
    await s.markConverted("reminded-then-ordered", "o1");
    // Deleted: ordered without a reminder; opted out before any; open but older than `before`.
    await add("ordered", "c@example.com", 1000);
    await s.markConverted("ordered", "o2");
    await add("opted-out", "d@example.com", 1000);
    await s.optOut("d@example.com", at(1000));
    await add("old", "e@example.com", 10);

    expect(await s.prune({ before: at(500), limit: 2 })).toBe(2);
    expect(await s.prune({ before: at(500), limit: 2 })).toBe(1);
    expect(await s.prune({ before: at(500), limit: 2 })).toBe(0);
    const kept = (await s.list(10)).map((r) => r.cartId).sort();
    expect(kept).toEqual(["open-recent", "reminded-then-ordered"]);
    // The opt-out itself stays: the address still gets no reminder.
    expect(await s.isOptedOut("d@example.com")).toBe(true);
    // Older than `before` goes whatever its state.
    expect(await s.prune({ before: at(2000), limit: 10 })).toBe(2);
    expect(await s.list(10)).toEqual([]);
  });

  it("a claim held expires, a released one can be taken again, and a converted record cannot be claimed", async () => {
    const s = db.store.abandonedCheckouts;
    await s.upsert({ cartId: "c1", email: "a@example.com", lines: [line()], at: at(0) });
    expect(await s.claim("c1", { owner: "a", sent: 0, now: at(300), until: at(310) })).toBe(true);
    expect(await s.claim("c1", { owner: "b", sent: 0, now: at(305), until: at(315) })).toBe(false);
    expect(await s.claim("c1", { owner: "b", sent: 0, now: at(310), until: at(320) })).toBe(true);
    await s.release("c1", "b");
    expect(await s.claim("c1", { owner: "c", sent: 0, now: at(311), until: at(321) })).toBe(true);
    await s.release("c1", "c");
    await s.markConverted("c1", "o1");
    expect(await s.claim("c1", { owner: "d", sent: 0, now: at(312), until: at(322) })).toBe(false);
  });

  it("an opt-out closes the address's open records: no longer due, no longer claimable", async () => {
    const s = db.store.abandonedCheckouts;
    await s.upsert({ cartId: "c1", email: "ann@example.com", lines: [line()], at: at(0) });
    await s.upsert({ cartId: "c2", email: "bob@example.com", lines: [line()], at: at(0) });
    await s.optOut("ANN@example.com", at(1));
    expect((await s.due({ firstBefore: at(300), secondBefore: null, limit: 10 })).map((r) => r.cartId)).toEqual(["c2"]);
    expect(await s.claim("c1", { owner: "a", sent: 0, now: at(300), until: at(310) })).toBe(false);
    expect(await s.get("c1")).toMatchObject({ optedOut: true });
    expect(await s.get("c2")).toMatchObject({ optedOut: false });
  });

  it("copies records and opt-outs exactly to another store (moving a shop), and they behave the same there", async () => {
    const s = db.store.abandonedCheckouts;
    await s.upsert({ cartId: "c1", email: "a@example.com", lines: [line()], at: at(0) });
    await s.claim("c1", { owner: "x", sent: 0, now: at(300), until: at(310) });
    await s.markSent("c1", { owner: "x", n: 1, at: at(300) });
    await s.markRestored("c1", "guest:z");
    await s.recordRecovery("c1", { orderId: "o1", totalMinor: 700 });
    await s.upsert({ cartId: "c2", email: "b@example.com", lines: [line()], at: at(5) });
    await s.optOut("b@example.com", at(6));
    const records = await s.list(10);
    const optOuts = await s.optOuts();
    expect(optOuts).toEqual([{ email: "b@example.com", optedOutAt: at(6) }]);
    // Written back over themselves (as a second migration run would): unchanged.
    for (const r of records) await s.importRecord(r);
    expect(await s.list(10)).toEqual(records);
    expect(await s.counts()).toEqual({ recorded: 2, remindersSent: 1, recovered: 1, recoveredMinor: 700 });
    expect((await s.due({ firstBefore: at(1000), secondBefore: null, limit: 10 })).map((r) => r.cartId)).toEqual([]);
  });

  it("remembers opt-outs whatever the case, the settings, and counts recoveries once", async () => {
    const s = db.store.abandonedCheckouts;
    expect(await s.isOptedOut("ann@example.com")).toBe(false);
    await s.optOut("Ann@Example.com", at(0));
    await s.optOut("ann@example.com", at(1));
    expect(await (await db.reopen()).abandonedCheckouts.isOptedOut("ANN@example.com")).toBe(true);
    expect(await s.getSettings()).toEqual({ secondAfterHours: null, promotionCode: null });
    await s.saveSettings({ secondAfterHours: 24, promotionCode: "COMEBACK" });
    expect(await (await db.reopen()).abandonedCheckouts.getSettings()).toEqual({
      secondAfterHours: 24,
      promotionCode: "COMEBACK",
    });

    await s.upsert({ cartId: "guest:a", email: "a@example.com", lines: [line()], at: at(0) });
    await s.upsert({ cartId: "guest:b", email: "b@example.com", lines: [line()], at: at(1) });
    await s.claim("guest:a", { owner: "x", sent: 0, now: at(300), until: at(310) });
    await s.markSent("guest:a", { owner: "x", n: 1, at: at(300) });
    await s.markRestored("guest:a", "user:u1");
    expect((await s.restoredInto("user:u1"))?.cartId).toBe("guest:a");
    expect(await s.restoredInto("user:u2")).toBeNull();
    expect(await s.recordRecovery("guest:a", { orderId: "o1", totalMinor: 5395 })).toBe(true);
    expect(await s.recordRecovery("guest:a", { orderId: "o2", totalMinor: 100 })).toBe(false);
    expect(await s.counts()).toEqual({ recorded: 2, remindersSent: 1, recovered: 1, recoveredMinor: 5395 });
    expect((await s.list(10)).map((r) => r.cartId)).toEqual(["guest:b", "guest:a"]);
    expect((await s.list(10))[1]?.recovered).toEqual({ orderId: "o1", totalMinor: 5395 });
  });
});
