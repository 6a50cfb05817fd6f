import { createShippingService } from "~/server/services/shipping/shipping.server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AbandonedLine } from "~/domain/abandoned-checkout";
import type { ProductInput } from "~/domain/product";
import type { Mailer, MailMessage } from "~/server/mail/port";
import { metricsText } from "~/server/observability/metrics.server";
import { createAuditService } from "~/server/services/audit/audit.server";
import { createCartService, type CartService } from "~/server/services/cart/cart.server";
import { createPromotionsService } from "~/server/services/promotions/promotions.server";
import {
  createRemindersService,
  linesOfView,
  type RemindersService,
} from "~/server/services/reminders/reminders.server";
import { buildSeedGiftCard } from "~/server/seed/gift-card-product.server";
import type { Store } from "~/server/store/port";
import { STORE_ADAPTERS } from "../contract/adapters";
import { makeProduct } from "../support/product-factory";
import { makePromotion } from "../support/promotion-factory";

// Abandoned-checkout reminders on both backends: a checkout left for ABANDONED_AFTER_HOURS gets
// one e-mail (with List-Unsubscribe headers) whatever the number of instances sweeping; none after
// the order or an opt-out; a second only when the owner sets one; the restore link puts the cart
// back once, within 7 days, and the order placed from it counts as recovered.

const HOUR = 3_600_000;
const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };
const ORIGIN = "https://shop.test";

describe.each(STORE_ADAPTERS)("reminders on $name", (adapter) => {
  let store: Store;
  let dispose: () => Promise<void>;
  let reopen: () => Promise<Store>;
  let clock: Date;
  let sent: MailMessage[];
  let shirt: ProductInput;
  let cart: CartService;

  const service = (on: Store): RemindersService => {
    const mailer: Mailer = { kind: "outbox", send: async (m) => void sent.push(m) };
    const promotions = createPromotionsService({
      store: on,
      audit: createAuditService({ store: on }),
      now: () => clock,
    });
    const carts = createCartService({
      store: on,
      shipping: createShippingService({ store: on, rates: RATES }),
      now: () => clock,
    });
    return createRemindersService({
      store: on,
      mailer,
      secret: "test-secret-that-is-long-enough-0123456789",
      shopName: "Hemline",
      supportEmail: "help@hemline.test",
      publicOrigin: ORIGIN,
      abandonedAfterHours: 4,
      activeCode: (code) => promotions.activeCode(code),
      replaceCart: (cartId, lines) => carts.replace(cartId, lines),
      now: () => clock,
    });
  };
  const lines = (): AbandonedLine[] => [
    { productId: shirt.id, size: "M", colour: "Black", quantity: 2, name: shirt.name, unitPriceMinor: 3000 },
    { productId: shirt.id, size: "L", colour: "Sage", quantity: 1, name: shirt.name, unitPriceMinor: 3000 },
  ];
  const later = (hours: number) => {
    clock = new Date(clock.getTime() + hours * HOUR);
  };
  const linkIn = (message: MailMessage, path: string) => {
    const found = message.text.match(new RegExp(`${ORIGIN}${path}\\?token=[^\\s)\\]]+`));
    if (!found) throw new Error(`no ${path} link in: ${message.text}`);
    return new URL(found[0]).searchParams.get("token");
  };

  beforeEach(async () => {
    ({ store, dispose, reopen } = await adapter.create());
    clock = new Date("2026-06-01T09:00:00.000Z");
    sent = [];
    shirt = makeProduct({ name: "Linen Shirt", priceMinor: 3000 });
    await store.products.upsertMany([shirt]);
    cart = createCartService({ store, shipping: createShippingService({ store, rates: RATES }), now: () => clock });
  });
  afterEach(async () => {
    await dispose();
  });

  it("a checkout left 4 hours gets one e-mail with its lines, a restore link and List-Unsubscribe headers", async () => {
    const reminders = service(store);
    await reminders.recordCheckout({ cartId: "guest:a", email: "Ann@Example.com", lines: lines() });
    later(3.9);
    expect(await reminders.sendDue()).toEqual({ sent: 0, failed: 0 });
    later(0.2);
    expect(await reminders.sendDue()).toEqual({ sent: 1, failed: 0 });
    later(48);
    await reminders.sendDue();
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.to).toBe("ann@example.com");
    expect(mail.text).toContain("2 × Linen Shirt (Black, M)");
    expect(mail.text).toContain("1 × Linen Shirt (Sage, L)");
    expect(linkIn(mail, "/reminders/restore")).toBeTruthy();
    const unsubscribe = `${ORIGIN}/reminders/unsubscribe?token=${linkIn(mail, "/reminders/unsubscribe")}`;
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("two instances sweeping at once over one store send one e-mail", async () => {
    const one = service(store);
    const two = service(await reopen());
    await one.recordCheckout({ cartId: "guest:a", email: "ann@example.com", lines: lines() });
    later(5);
    const results = await Promise.all([one.sendDue(), two.sendDue(), one.sendDue(), two.sendDue()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it("sends nothing once the order is placed, nor to an address that opted out", async () => {
    const reminders = service(store);
    await reminders.recordCheckout({ cartId: "guest:a", email: "ann@example.com", lines: lines() });
    await reminders.recordCheckout({ cartId: "guest:b", email: "bob@example.com", lines: lines() });
    await reminders.orderPlaced("guest:a", { id: "order-1", totalMinor: 6495 });
    expect(await reminders.unsubscribe(reminders.unsubscribeToken("Bob@example.com"))).toBe(true);
    expect(await reminders.unsubscribe("forged.token")).toBe(false);
    later(5);
    expect(await reminders.sendDue()).toEqual({ sent: 0, failed: 0 });
    // A later checkout of an address that opted out is not even recorded.
    await reminders.recordCheckout({ cartId: "guest:c", email: "bob@example.com", lines: lines() });
    later(5);
    await reminders.sendDue();
    expect(sent).toHaveLength(0);
  });

  it("sends a second reminder only when the owner sets one, and never a third", async () => {
    const reminders = service(store);
    await reminders.recordCheckout({ cartId: "guest:a", email: "ann@example.com", lines: lines() });
    later(5);
    await reminders.sendDue();
    later(100);
    await reminders.sendDue();
    expect(sent).toHaveLength(1);
    await reminders.saveSettings({ secondAfterHours: 24, promotionCode: null }, "owner@hemline.test");
    await reminders.sendDue();
    expect(sent).toHaveLength(2);
    expect(sent[1].text).toContain("A last reminder");
    later(100);
    await reminders.sendDue();
    expect(sent).toHaveLength(2);
  });

  it("shows the owner's promotion code only while it is on", async () => {
    const reminders = service(store);
    const promo = makePromotion({ code: "COMEBACK10", endsAt: "2026-06-01T14:00:00.000Z" });
    await store.promotions.save(promo);
    await reminders.saveSettings({ secondAfterHours: 1, promotionCode: "comeback10" }, "owner@hemline.test");
    await reminders.recordCheckout({ cartId: "guest:a", email: "ann@example.com", lines: lines() });
    later(4.5);
    await reminders.sendDue();
    expect(sent[0].text).toContain("Use the code COMEBACK10");
    later(1.5); // the promotion ended at 14:00
    await reminders.sendDue();
    expect(sent).toHaveLength(2);
    expect(sent[1].text).not.toContain("COMEBACK10");
  });

  it("the restore link puts back what is on sale once, within 7 days; the order from it is a recovery", async () => {
    const reminders = service(store);
    // Sage L sells out after the checkout: it is left out, and the shopper is told.
    await store.products.upsertMany([
      {
        ...shirt,
        variants: shirt.variants.map((v) => (v.colour === "Sage" && v.size === "L" ? { ...v, stock: 0 } : v)),
      },
    ]);
    await reminders.recordCheckout({ cartId: "guest:a", email: "ann@example.com", lines: lines() });
    later(5);
    await reminders.sendDue();
    const token = linkIn(sent[0], "/reminders/restore");
    await cart.add("guest:other", { productId: shirt.id, size: "S", colour: "Sage", quantity: 1 });
    expect(await reminders.restore(token, "guest:other")).toEqual({ kind: "restored", kept: 1, left: 1 });
    const restored = await cart.view("guest:other");
    expect(restored.lines.map((l) => [l.size, l.colour, l.quantity])).toEqual([["M", "Black", 2]]);
    expect(await reminders.restore(token, "guest:third")).toEqual({ kind: "used" });
    expect(await reminders.restore(`${token}x`, "guest:third")).toEqual({ kind: "invalid" });
    expect(await reminders.restore(null, "guest:third")).toEqual({ kind: "invalid" });

    await reminders.orderPlaced("guest:other", { id: "order-9", totalMinor: 6495 });
    const { counts, latest } = await reminders.overview();
    expect(counts).toEqual({ recorded: 1, remindersSent: 1, recovered: 1, recoveredMinor: 6495 });
    expect(latest[0]).toMatchObject({ cartId: "guest:a", recovered: { orderId: "order-9", totalMinor: 6495 } });
  });

  it("a restored gift card line keeps its recipient and message; a send date gone by meanwhile becomes 'when paid'", async () => {
    const card = buildSeedGiftCard();
    await store.products.upsertMany([card]);
    const reminders = service(store);
    const forAna = (sendOn: string) => ({
      recipientName: "Ana",
      recipientEmail: "ana@example.com",
      message: "For you",
      sendOn,
    });
    await cart.add("guest:a", {
      productId: card.id,
      size: "€50",
      colour: "Gift",
      quantity: 1,
      giftCard: forAna("2026-06-01"),
    });
    await cart.add("guest:a", {
      productId: card.id,
      size: "€25",
      colour: "Gift",
      quantity: 1,
      giftCard: forAna("2026-12-24"),
    });
    await reminders.recordCheckout({
      cartId: "guest:a",
      email: "ann@example.com",
      lines: linesOfView(await cart.view("guest:a")),
    });
    later(26);
    await reminders.sendDue();
    const token = linkIn(sent[0], "/reminders/restore");
    expect(await reminders.restore(token, "guest:other")).toEqual({ kind: "restored", kept: 2, left: 0 });
    const restored = await cart.view("guest:other");
    expect(restored.lines.map((l) => [l.size, l.giftCard])).toEqual([
      ["€50", { ...forAna("2026-06-01"), sendOn: null }],
      ["€25", forAna("2026-12-24")],
    ]);
  });

  it("checkout reloaded with the same cart writes its record once; a changed cart or address writes again", async () => {
    let writes = 0;
    const counted: Store = {
      ...store,
      abandonedCheckouts: {
        ...store.abandonedCheckouts,
        upsert: (input) => {
          writes += 1;
          return store.abandonedCheckouts.upsert(input);
        },
      },
    };
    const reminders = service(counted);
    expect(await reminders.recordCheckout({ cartId: "user:u1", email: "ann@example.com", lines: lines() })).toBe(
      "recorded",
    );
    later(1);
    // The same cart in another order of lines, the address in capitals: nothing changed.
    const again = { cartId: "user:u1", email: "ANN@example.com", lines: [...lines()].reverse() };
    expect(await reminders.recordCheckout(again)).toBe("unchanged");
    expect(await service(await reopen()).recordCheckout(again)).toBe("unchanged");
    expect(writes).toBe(1);
    // Unchanged since its first showing: the reminder is due 4 hours after that, not after the reload.
    expect((await store.abandonedCheckouts.get("user:u1"))?.updatedAt).toBe("2026-06-01T09:00:00.000Z");
    const more = lines().map((l, i) => (i === 0 ? { ...l, quantity: 3 } : l));
    expect(await reminders.recordCheckout({ cartId: "user:u1", email: "ann@example.com", lines: more })).toBe(
      "recorded",
    );
    expect(await reminders.recordCheckout({ cartId: "user:u1", email: "ann@other.example", lines: more })).toBe(
      "recorded",
    );
    expect(writes).toBe(3);
    // After the order, the same cart's next checkout is a new purchase: written.
    await reminders.orderPlaced("user:u1", { id: "order-1", totalMinor: 100 });
    expect(await reminders.recordCheckout({ cartId: "user:u1", email: "ann@other.example", lines: more })).toBe(
      "recorded",
    );
    expect(writes).toBe(4);
  });

  it("two instances closing one checkout's record at once: converted once, no reminder, nothing thrown", async () => {
    const one = service(store);
    const two = service(await reopen());
    await one.recordCheckout({ cartId: "guest:a", email: "ann@example.com", lines: lines() });
    await Promise.all([
      one.orderPlaced("guest:a", { id: "order-1", totalMinor: 6495 }),
      two.orderPlaced("guest:a", { id: "order-1", totalMinor: 6495 }),
      one.orderPlaced("guest:none", { id: "order-2", totalMinor: 6495 }),
      two.orderPlaced("guest:none", { id: "order-2", totalMinor: 6495 }),
    ]);
    expect(await store.abandonedCheckouts.get("guest:a")).toMatchObject({ convertedOrderId: "order-1" });
    expect(await store.abandonedCheckouts.get("guest:none")).toBeNull();
    later(5);
    expect(await two.sendDue()).toEqual({ sent: 0, failed: 0 });
  });

  it("a store that fails never fails the checkout or the order: logged and counted instead", async () => {
    const broken: Store = {
      ...store,
      abandonedCheckouts: {
        ...store.abandonedCheckouts,
        get: () => Promise.reject(new Error("3 INVALID_ARGUMENT: Transaction is invalid or closed.")),
        markConverted: () => Promise.reject(new Error("3 INVALID_ARGUMENT: Transaction is invalid or closed.")),
        prune: () => Promise.reject(new Error("no answer")),
      },
    };
    const reminders = service(broken);
    const failures = async (operation: string) =>
      Number(
        new RegExp(`^hemline_abandoned_checkout_record_failures_total\\{operation="${operation}"\\} (\\d+)`, "m").exec(
          await metricsText(),
        )?.[1] ?? 0,
      );
    const before = { record: await failures("record"), close: await failures("close"), prune: await failures("prune") };
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await reminders.recordCheckout({ cartId: "guest:a", email: "ann@example.com", lines: lines() })).toBe(
        "failed",
      );
      await expect(reminders.orderPlaced("guest:a", { id: "order-1", totalMinor: 1 })).resolves.toBeUndefined();
      expect(await reminders.prune()).toBe(0);
      expect(quiet).toHaveBeenCalledTimes(3);
    } finally {
      quiet.mockRestore();
    }
    expect(await failures("record")).toBe(before.record + 1);
    expect(await failures("close")).toBe(before.close + 1);
    expect(await failures("prune")).toBe(before.prune + 1);
  });

  it("the sweep prunes records closed without a reminder and those past any use, keeping the others", async () => {
    const reminders = service(store);
    await reminders.recordCheckout({ cartId: "guest:ordered", email: "a@example.com", lines: lines() });
    await reminders.orderPlaced("guest:ordered", { id: "order-1", totalMinor: 1 });
    await reminders.recordCheckout({ cartId: "guest:left", email: "b@example.com", lines: lines() });
    later(5);
    await reminders.sendDue();
    expect(await reminders.prune()).toBe(1);
    expect(await store.abandonedCheckouts.get("guest:left")).not.toBeNull();
    // Kept 4 hours (the reminder's delay) + 7 days (its link's life) + 7 days to spare after its last change.
    later(4 + 14 * 24 - 5);
    expect(await reminders.prune()).toBe(0);
    later(0.1);
    expect(await reminders.prune()).toBe(1);
    expect(await store.abandonedCheckouts.list(10)).toEqual([]);
  });

  it("a restore link stops working after 7 days", async () => {
    const reminders = service(store);
    await reminders.recordCheckout({ cartId: "guest:a", email: "ann@example.com", lines: lines() });
    later(5);
    await reminders.sendDue();
    const token = linkIn(sent[0], "/reminders/restore");
    later(7 * 24 + 0.1);
    expect(await reminders.restore(token, "guest:a")).toEqual({ kind: "expired" });
    expect((await cart.view("guest:a")).lines).toHaveLength(0);
  });
});
