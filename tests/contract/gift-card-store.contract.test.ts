import { describe, expect, it } from "vitest";
import type { ProductInput } from "~/domain/product";
import { makeGiftCard } from "../support/gift-card-factory";
import { lineFor, makeOrder } from "../support/order-factory";
import { makeProduct } from "../support/product-factory";
import { STORE_ADAPTERS, useFreshStore } from "./adapters";

// Gift cards on every adapter: found by their code's hash only, a ledger entry with every balance change, and
// redemptions that never take a card below 0, however many race for it and from however many instances.

const AT = "2026-11-02T10:00:00.000Z";

describe.each(STORE_ADAPTERS)("GiftCardStore contract: $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("creates a card found by its code hash; a second card with the same hash is refused", async () => {
    const { store } = db;
    const { card, issued } = makeGiftCard(5000);
    expect(await store.giftCards.create(card, issued)).toEqual({ ok: true });
    expect(await store.giftCards.get(card.id)).toEqual(card);
    expect(await store.giftCards.findByCodeHash(card.codeHash)).toEqual(card);
    expect(await store.giftCards.findByCodeHash("0".repeat(64))).toBeNull();
    expect(await store.giftCards.ledger(card.id)).toEqual([issued]);

    const twin = makeGiftCard(1000, { codeHash: card.codeHash });
    expect(await store.giftCards.create(twin.card, twin.issued)).toEqual({ ok: false, reason: "code-taken" });
    expect(await store.giftCards.get(twin.card.id)).toBeNull();
    expect((await store.giftCards.list()).map((c) => c.id)).toEqual([card.id]);
  });

  it("redeems, refuses more than the balance, credits a refund and a top-up, and writes each once", async () => {
    const { store } = db;
    const { card, issued } = makeGiftCard(5000);
    await store.giftCards.create(card, issued);

    const spent = await store.giftCards.redeem(card.id, 3000, "order-1", AT);
    expect(spent).toMatchObject({
      ok: true,
      card: { balanceMinor: 2000 },
      entry: { kind: "redeemed", amountMinor: 3000 },
    });
    // The same order again (a replayed placement): nothing more is taken.
    expect(await store.giftCards.redeem(card.id, 3000, "order-1", AT)).toMatchObject({
      ok: true,
      entry: { id: "redeemed:order-1" },
    });
    expect(await store.giftCards.redeem(card.id, 2001, "order-2", AT)).toEqual({
      ok: false,
      reason: "insufficient-balance",
      balanceMinor: 2000,
    });
    expect(await store.giftCards.redeem("no-such-card", 100, "order-3", AT)).toMatchObject({
      ok: false,
      reason: "not-found",
    });

    const refund = { id: "refunded:r1", kind: "refunded" as const, amountMinor: 1000, orderId: "order-1", at: AT };
    expect(await store.giftCards.credit(card.id, refund)).toMatchObject({ ok: true, card: { balanceMinor: 3000 } });
    expect(await store.giftCards.credit(card.id, refund)).toMatchObject({ ok: true, card: { balanceMinor: 3000 } });
    const topUp = { id: "topped_up:t1", kind: "topped_up" as const, amountMinor: 500, orderId: null, at: AT };
    expect(await store.giftCards.credit(card.id, topUp)).toMatchObject({ ok: true, card: { balanceMinor: 3500 } });

    const ledger = await store.giftCards.ledger(card.id);
    expect(ledger.map((e) => [e.kind, e.amountMinor, e.balanceAfterMinor, e.currency])).toEqual([
      ["issued", 5000, 5000, "EUR"],
      ["redeemed", 3000, 2000, "EUR"],
      ["refunded", 1000, 3000, "EUR"],
      ["topped_up", 500, 3500, "EUR"],
    ]);
    expect((await store.giftCards.get(card.id))!.balanceMinor).toBe(3500);
  });

  it("a voided card cannot be redeemed or credited and no longer counts in the outstanding balance", async () => {
    const { store } = db;
    const a = makeGiftCard(5000);
    const b = makeGiftCard(2500);
    await store.giftCards.create(a.card, a.issued);
    await store.giftCards.create(b.card, b.issued);
    await store.giftCards.redeem(a.card.id, 1000, "order-1", AT);
    expect(await store.giftCards.outstanding()).toEqual([{ currency: "EUR", balanceMinor: 6500 }]);

    expect(await store.giftCards.void(b.card.id, AT)).toMatchObject({ status: "voided", balanceMinor: 2500 });
    expect(await store.giftCards.redeem(b.card.id, 100, "order-2", AT)).toEqual({
      ok: false,
      reason: "voided",
      balanceMinor: 2500,
    });
    const topUp = { id: "topped_up:t1", kind: "topped_up" as const, amountMinor: 500, orderId: null, at: AT };
    expect(await store.giftCards.credit(b.card.id, topUp)).toEqual({ ok: false, reason: "voided" });
    expect(await store.giftCards.outstanding()).toEqual([{ currency: "EUR", balanceMinor: 4000 }]);
    expect((await store.giftCards.ledger(b.card.id)).map((e) => e.kind)).toEqual(["issued", "voided"]);
  });

  it("10 concurrent redemptions from two instances that together exceed the balance: never more than the balance is spent", async () => {
    const { store } = db;
    const other = await db.reopen();
    const { card, issued } = makeGiftCard(5000, { currency: "GBP" });
    await store.giftCards.create(card, issued);

    // 10 orders of £7 each (£70) against a £50 card: at most 7 can be paid, and the card ends at £1 with 7.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? store : other).giftCards.redeem(card.id, 700, `order-${i}`, AT),
      ),
    );
    const taken = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok);
    expect(taken).toHaveLength(7);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r).toMatchObject({ ok: false, reason: "insufficient-balance", balanceMinor: 100 });

    const after = (await store.giftCards.get(card.id))!;
    expect(after.balanceMinor).toBe(100);
    const ledger = await store.giftCards.ledger(card.id);
    const redeemed = ledger.filter((e) => e.kind === "redeemed");
    expect(redeemed).toHaveLength(7);
    expect(redeemed.reduce((sum, e) => sum + e.amountMinor, 0)).toBe(4900);
    // The entries' running balance agrees with the card's, in ledger order.
    expect(redeemed.map((e) => e.balanceAfterMinor)).toEqual([4300, 3600, 2900, 2200, 1500, 800, 100]);
    expect(new Set(ledger.map((e) => e.currency))).toEqual(new Set(["GBP"]));
  }, 120_000);

  it("10 orders placed at once, each paying €7 with one €50 card: 7 are placed and take it, 3 write nothing", async () => {
    const { store } = db;
    const products: ProductInput[] = Array.from({ length: 10 }, () => {
      const p = makeProduct();
      return { ...p, variants: p.variants.map((v) => ({ ...v, stock: 1 })) };
    });
    await store.products.upsertMany(products);
    const { card, issued } = makeGiftCard(5000);
    await store.giftCards.create(card, issued);
    const orders = products.map((p) => makeOrder([lineFor(p, "M", "Black", 1)]));
    const results = await Promise.all(
      orders.map((order) =>
        store.orders.place(order, { cartId: null, giftCardRedemption: { cardId: card.id, amountMinor: 700 } }),
      ),
    );
    expect(results.filter((r) => r.kind === "placed")).toHaveLength(7);
    const refused = results.filter((r) => r.kind === "gift-card-refused");
    expect(refused).toHaveLength(3);
    for (const r of refused)
      expect(r).toEqual({ kind: "gift-card-refused", reason: "insufficient-balance", balanceMinor: 100 });
    expect((await store.giftCards.get(card.id))!.balanceMinor).toBe(100);
    const placedIds = new Set(results.flatMap((r) => (r.kind === "placed" ? [r.order.id] : [])));
    const redeemed = (await store.giftCards.ledger(card.id)).filter((e) => e.kind === "redeemed");
    expect(new Set(redeemed.map((e) => e.orderId))).toEqual(placedIds);
    // A refused order took no stock and was not written.
    const stored = await Promise.all(orders.map((o) => store.orders.get(o.id)));
    expect(stored.filter(Boolean)).toHaveLength(7);
  }, 120_000);

  it("issues a bought card once: concurrent creations of one id make one card with one entry", async () => {
    const { store } = db;
    // Two "paid" handlings at once (a webhook delivered twice, two instances): each makes its own code.
    const attempts = Array.from({ length: 6 }, () => makeGiftCard(5000, { id: "order-o1-0-0" }));
    const answers = await Promise.all(attempts.map((a) => store.giftCards.create(a.card, a.issued)));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.filter((a) => !a.ok)).toEqual(Array(5).fill({ ok: false, reason: "exists" }));
    const winner = attempts[answers.findIndex((a) => a.ok)];
    expect(await store.giftCards.list()).toEqual([winner.card]);
    expect(await store.giftCards.ledger("order-o1-0-0")).toEqual([winner.issued]);
    // A losing code opens nothing.
    for (const loser of attempts.filter((a) => a !== winner))
      expect(await store.giftCards.findByCodeHash(loser.card.codeHash)).toBeNull();
  }, 60_000);

  it("answers the scheduled e-mails due by a day, and lets exactly one of concurrent claims take each", async () => {
    const { store } = db;
    const delivery = {
      sendOn: "2026-12-24",
      to: "ana@example.com",
      recipientName: "Ana",
      fromName: "Bo",
      buyerEmail: "bo@example.com",
      message: "Merry Christmas",
      orderNumber: "HM-TEST0001",
      sealedCode: "v1.sealed",
    };
    const later = makeGiftCard(5000, { delivery });
    const sooner = makeGiftCard(2500, { delivery: { ...delivery, sendOn: "2026-12-01" } });
    const none = makeGiftCard(1000);
    for (const c of [later, sooner, none]) await store.giftCards.create(c.card, c.issued);

    expect(await store.giftCards.dueDeliveries("2026-11-30", 10)).toEqual([]);
    expect((await store.giftCards.dueDeliveries("2026-12-01", 10)).map((c) => c.id)).toEqual([sooner.card.id]);
    expect((await store.giftCards.dueDeliveries("2026-12-24", 10)).map((c) => c.id)).toEqual([
      sooner.card.id,
      later.card.id,
    ]);
    expect(await store.giftCards.dueDeliveries("2026-12-24", 1)).toHaveLength(1);

    const claims = await Promise.all(Array.from({ length: 5 }, () => store.giftCards.takeDelivery(later.card.id)));
    expect(claims.filter(Boolean)).toEqual([delivery]);
    expect((await store.giftCards.dueDeliveries("2026-12-31", 10)).map((c) => c.id)).toEqual([sooner.card.id]);
    expect((await store.giftCards.get(later.card.id))?.delivery ?? null).toBeNull();
    expect(await store.giftCards.takeDelivery(none.card.id)).toBeNull();

    // A send that failed goes back, due again.
    await store.giftCards.putBackDelivery(later.card.id, delivery);
    expect((await store.giftCards.dueDeliveries("2026-12-24", 10)).map((c) => c.id)).toEqual([
      sooner.card.id,
      later.card.id,
    ]);
    // The balance and ledger are untouched by all this.
    expect(await store.giftCards.get(later.card.id)).toMatchObject({ balanceMinor: 5000, delivery });
  }, 60_000);

  it("a card in GBP keeps GBP through redemption, refund, top-up and void; the outstanding balance is per currency", async () => {
    const { store } = db;
    const pounds = makeGiftCard(5000, { currency: "GBP" });
    const francs = makeGiftCard(3000, { currency: "CHF" });
    const euros = makeGiftCard(2000);
    for (const c of [pounds, francs, euros]) await store.giftCards.create(c.card, c.issued);
    expect(await store.giftCards.get(pounds.card.id)).toMatchObject({ currency: "GBP", balanceMinor: 5000 });

    await store.giftCards.redeem(pounds.card.id, 1500, "order-1", AT);
    await store.giftCards.credit(pounds.card.id, {
      id: "refunded:r1",
      kind: "refunded",
      amountMinor: 500,
      orderId: "order-1",
      at: AT,
    });
    await store.giftCards.credit(francs.card.id, {
      id: "topped_up:t1",
      kind: "topped_up",
      amountMinor: 1000,
      orderId: null,
      at: AT,
    });
    expect(await store.giftCards.outstanding()).toEqual([
      { currency: "CHF", balanceMinor: 4000 },
      { currency: "EUR", balanceMinor: 2000 },
      { currency: "GBP", balanceMinor: 4000 },
    ]);
    await store.giftCards.void(pounds.card.id, AT);
    expect(
      (await store.giftCards.ledger(pounds.card.id)).map((e) => [e.kind, e.balanceAfterMinor, e.currency]),
    ).toEqual([
      ["issued", 5000, "GBP"],
      ["redeemed", 3500, "GBP"],
      ["refunded", 4000, "GBP"],
      ["voided", 4000, "GBP"],
    ]);
    expect((await store.giftCards.ledger(francs.card.id)).map((e) => e.currency)).toEqual(["CHF", "CHF"]);
    expect(await store.giftCards.outstanding()).toEqual([
      { currency: "CHF", balanceMinor: 4000 },
      { currency: "EUR", balanceMinor: 2000 },
    ]);
  });

  it("a card and entries stored before cards had currencies read as EUR everywhere", async () => {
    const { store } = db;
    const { card, issued } = makeGiftCard(4000);
    // As an older release wrote them: no currency at all.
    const { currency: _c, ...oldCard } = card;
    const { currency: _e, ...oldEntry } = issued;
    await store.giftCards.restore([oldCard as typeof card], [oldEntry as typeof issued]);

    expect(await store.giftCards.get(card.id)).toEqual(card);
    expect(await store.giftCards.findByCodeHash(card.codeHash)).toEqual(card);
    expect(await store.giftCards.list()).toEqual([card]);
    expect(await store.giftCards.ledger(card.id)).toEqual([issued]);
    expect(await store.giftCards.allEntries()).toEqual([issued]);
    expect(await store.giftCards.outstanding()).toEqual([{ currency: "EUR", balanceMinor: 4000 }]);
    expect(await store.giftCards.redeem(card.id, 1000, "order-1", AT)).toMatchObject({
      ok: true,
      card: { currency: "EUR", balanceMinor: 3000 },
      entry: { currency: "EUR" },
    });
  });

  it("restores cards and ledgers as they were (backups, moving backends)", async () => {
    const { store } = db;
    const { card, issued } = makeGiftCard(5000, { currency: "CHF" });
    await store.giftCards.create(card, issued);
    await store.giftCards.redeem(card.id, 1200, "order-1", AT);
    const cards = await store.giftCards.list();
    const entries = await store.giftCards.allEntries();
    expect(entries.map((e) => [e.kind, e.currency])).toEqual([
      ["issued", "CHF"],
      ["redeemed", "CHF"],
    ]);

    const target = await adapter.create();
    try {
      await target.store.giftCards.restore(cards, entries);
      expect(await target.store.giftCards.list()).toEqual(cards);
      expect(await target.store.giftCards.allEntries()).toEqual(entries);
      expect(await target.store.giftCards.findByCodeHash(card.codeHash)).toEqual(cards[0]);
      expect(await target.store.giftCards.outstanding()).toEqual([{ currency: "CHF", balanceMinor: 3800 }]);
      // The restored card goes on from its restored balance.
      expect(await target.store.giftCards.redeem(card.id, 3900, "order-2", AT)).toMatchObject({
        ok: false,
        balanceMinor: 3800,
      });
    } finally {
      await target.dispose();
    }
  });
});
