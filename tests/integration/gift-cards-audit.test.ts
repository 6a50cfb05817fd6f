import { describe, expect, it } from "vitest";
import { createAuditService } from "~/server/services/audit/audit.server";
import { createGiftCardsService } from "~/server/services/gift-cards/gift-cards.server";
import { STORE_ADAPTERS, useFreshStore } from "../contract/adapters";

// A gift card is money the shop owes: who issued, topped up or voided one is in the audit log,
// with the card's last four characters and balance, and never its code or the code's hash.

describe.each(STORE_ADAPTERS)("gift cards in the audit log on $name", (adapter) => {
  const db = useFreshStore(adapter);

  it("records the back office's issue, top-up and void with their actor; a refused top-up records nothing", async () => {
    const audit = createAuditService({ store: db.store });
    const giftCards = createGiftCardsService({
      store: db.store,
      mail: {
        mailer: { kind: "outbox", send: async () => undefined },
        shopName: "Hemline",
        publicOrigin: "http://localhost",
      },
      audit: (record) => audit.record(record),
    });
    const { card, code } = await giftCards.issue({
      amountMinor: 5000,
      recipientEmail: null,
      message: null,
      source: { kind: "admin", staffUid: "u-owner" },
      actor: "owner@hemline.test",
    });
    await giftCards.topUp(card.id, 1250, "manager@hemline.test");
    await giftCards.void(card.id, "owner@hemline.test");
    expect((await giftCards.topUp(card.id, 100, "manager@hemline.test")).ok).toBe(false);

    const { entries } = await audit.list({ entityType: "gift-card", entityId: card.id });
    expect(entries.map((e) => [e.actor, e.action, e.summary]).reverse()).toEqual([
      ["owner@hemline.test", "create", `Issued the gift card ending ${card.last4} for €50`],
      ["manager@hemline.test", "top-up", `Topped up the gift card ending ${card.last4} by €12.50`],
      ["owner@hemline.test", "void", `Voided the gift card ending ${card.last4}`],
    ]);
    expect(entries[0].after).toMatchObject({ status: "voided", balanceMinor: 6250 });
    const written = JSON.stringify(entries);
    expect(written).not.toContain(card.codeHash);
    expect(written).not.toContain(code);
  });
});
