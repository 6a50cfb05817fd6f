import crypto from "node:crypto";
import {
  alreadyRecorded,
  dueBefore,
  dueReminder,
  isExpired,
  normaliseEmail,
  pruneBefore,
  restoreExpiry,
  type AbandonedLine,
  type ReminderSettings,
} from "~/domain/abandoned-checkout";
import type { Mailer } from "../../mail/port";
import { BASE_ORDER_MARKET, type Order } from "~/domain/commerce";
import { toBaseMinor } from "~/domain/market";
import { reminderMail } from "../../mail/templates/reminders.server";
import { reminderRecordFailures, remindersSent } from "../../observability/metrics.server";
import type { Store } from "../../store/port";
import type { AuditService } from "../audit/audit.server";
import type { CartView } from "../cart/cart.server";

// Abandoned-checkout reminders. Rules: a checkout with an e-mail (signed in, or a guest who ticked
// the box) and no order gets one e-mail after `abandonedAfterHours`, a second only when the owner
// set one; never after the order, never to an address that opted out. Each reminder is claimed in
// the store before it is sent, so however many instances sweep, one sends it. Its restore link is
// signed, lives 7 days and works once (a once-claim in the store).

export interface RemindersOptions {
  store: Store;
  mailer: Mailer;
  secret: string;
  shopName: string;
  supportEmail: string;
  publicOrigin: string;
  abandonedAfterHours: number;
  /** The promotion code as the shop spells it while it is on, else null. */
  activeCode: (code: string) => Promise<string | null>;
  /** Puts lines back into a cart (only what is on sale); how many could not be put back whole. */
  replaceCart: (cartId: string, lines: readonly AbandonedLine[]) => Promise<{ kept: number; left: number }>;
  audit?: AuditService["record"];
  now?: () => Date;
}

export type RestoreResult =
  | { kind: "restored"; kept: number; left: number }
  | { kind: "invalid" }
  | { kind: "expired" }
  | { kind: "used" };

/** How long one instance holds a reminder it is sending before another may try. */
const CLAIM_MS = 5 * 60_000;
const BATCH = 50;
/** Records deleted per sweep at most, so a sweep stays short however many wait. */
const PRUNE_BATCH = 200;

const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const unb64 = (s: string) => Buffer.from(s, "base64url").toString("utf8");

export type RemindersService = ReturnType<typeof createRemindersService>;

/** The cart as checkout showed it: the lines a reminder lists (names and prices as shown). */
export const linesOfView = (view: Pick<CartView, "lines">): AbandonedLine[] =>
  view.lines.map((l) => ({
    productId: l.productId,
    size: l.size,
    colour: l.colour,
    quantity: l.quantity,
    name: l.name,
    unitPriceMinor: l.unitPriceMinor,
    // Only on gift card lines: a Firestore array element may hold no undefined field.
    ...(l.giftCard ? { giftCard: l.giftCard } : {}),
  }));

export function createRemindersService(options: RemindersOptions) {
  const { store } = options;
  const reminders = store.abandonedCheckouts;
  const now = () => options.now?.() ?? new Date();
  // Each service object is one claimant: two instances (or two objects in a test) never share it.
  const owner = crypto.randomBytes(8).toString("hex");

  const mac = (purpose: string, subject: string, expiresAtMs: number | null) =>
    crypto
      .createHmac("sha256", options.secret)
      .update(JSON.stringify([purpose, subject, expiresAtMs]))
      .digest("base64url");
  const macOk = (given: string, expected: string) => {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  };

  /** restore: `{cartId}.{expiry ms}.{mac}` (cart id base64url). */
  const restoreToken = (cartId: string, expiresAtMs: number) =>
    `${b64(cartId)}.${expiresAtMs}.${mac("reminder-restore", cartId, expiresAtMs)}`;
  const readRestoreToken = (token: string | null) => {
    const [id, expiry, sig] = (token ?? "").split(".");
    if (!id || !expiry || !sig || !/^\d{1,15}$/.test(expiry)) return null;
    const cartId = unb64(id);
    return macOk(sig, mac("reminder-restore", cartId, Number(expiry))) ? { cartId, expiresAtMs: Number(expiry) } : null;
  };
  // An unsubscribe link never expires: mail clients keep the List-Unsubscribe address.
  const unsubscribeToken = (email: string) => `${b64(email)}.${mac("reminder-unsubscribe", email, null)}`;
  const readUnsubscribeToken = (token: string | null) => {
    const [id, sig] = (token ?? "").split(".");
    if (!id || !sig) return null;
    const email = unb64(id);
    return macOk(sig, mac("reminder-unsubscribe", email, null)) ? email : null;
  };

  async function send(cartId: string, n: 1 | 2, settings: ReminderSettings): Promise<void> {
    const record = await reminders.get(cartId);
    if (!record) return;
    const sentAt = now();
    const code = settings.promotionCode ? await options.activeCode(settings.promotionCode) : null;
    await options.mailer.send(
      await reminderMail({
        shop: { shopName: options.shopName, supportEmail: options.supportEmail, origin: options.publicOrigin },
        to: record.email,
        lines: record.lines,
        restoreUrl: `${options.publicOrigin}/reminders/restore?token=${restoreToken(cartId, restoreExpiry(sentAt).getTime())}`,
        unsubscribeUrl: `${options.publicOrigin}/reminders/unsubscribe?token=${unsubscribeToken(record.email)}`,
        promotionCode: code,
        n,
      }),
    );
  }

  return {
    restoreToken,
    unsubscribeToken,

    /**
     * A checkout with an e-mail: recorded (or updated) for a reminder, unless the address opted out.
     * Written only when the record does not already say this checkout (the same address and lines):
     * a shopper reloading checkout costs one read. Never throws: a failure is logged and counted,
     * and the page goes on without it.
     */
    async recordCheckout(input: {
      cartId: string;
      email: string;
      lines: AbandonedLine[];
    }): Promise<"recorded" | "unchanged" | "skipped" | "failed"> {
      if (input.lines.length === 0) return "skipped";
      const email = normaliseEmail(input.email);
      try {
        if (alreadyRecorded(await reminders.get(input.cartId), email, input.lines)) return "unchanged";
        if (await reminders.isOptedOut(email)) return "skipped";
        await reminders.upsert({ cartId: input.cartId, email, lines: input.lines, at: now().toISOString() });
        return "recorded";
      } catch (error) {
        reminderRecordFailures.inc({ operation: "record" });
        console.error(`Cart ${input.cartId}: the checkout could not be recorded for a reminder`, error);
        return "failed";
      }
    },

    /**
     * The order was placed from `cartId`: no reminder after it; an order from a restored cart is a
     * recovery. Idempotent (two instances answering one checkout both call it). Never throws: the
     * order stands whatever happens here; a failure is logged and counted.
     */
    async orderPlaced(
      cartId: string,
      /** Without its currency: an order in euros at rate 1. */
      order: Pick<Order, "id" | "totalMinor"> & Partial<Pick<Order, "currency" | "rateMicros">>,
    ): Promise<void> {
      try {
        await reminders.markConverted(cartId, order.id);
        const restored = await reminders.restoredInto(cartId);
        if (restored)
          // Recovered revenue is reported in euros: the order's total at its own rate.
          await reminders.recordRecovery(restored.cartId, {
            orderId: order.id,
            totalMinor: toBaseMinor(order.totalMinor, {
              currency: order.currency ?? BASE_ORDER_MARKET.currency,
              rateMicros: order.rateMicros ?? BASE_ORDER_MARKET.rateMicros,
            }),
          });
      } catch (error) {
        reminderRecordFailures.inc({ operation: "close" });
        console.error(`Cart ${cartId}: the reminder record was not closed after order ${order.id}`, error);
      }
    },

    /** Delete records that serve no more (see AbandonedCheckoutStore.prune), one bounded batch. */
    async prune(): Promise<number> {
      try {
        const settings = await reminders.getSettings();
        const before = pruneBefore(now(), {
          abandonedAfterHours: options.abandonedAfterHours,
          secondAfterHours: settings.secondAfterHours,
        });
        return await reminders.prune({ before, limit: PRUNE_BATCH });
      } catch (error) {
        reminderRecordFailures.inc({ operation: "prune" });
        console.error("Abandoned-checkout records could not be pruned; the next sweep tries again", error);
        return 0;
      }
    },

    /** Send every reminder due now that no other instance is sending. */
    async sendDue(): Promise<{ sent: number; failed: number }> {
      const at = now();
      const settings = await reminders.getSettings();
      const rules = { abandonedAfterHours: options.abandonedAfterHours, secondAfterHours: settings.secondAfterHours };
      const due = await reminders.due({
        firstBefore: dueBefore(at, rules.abandonedAfterHours),
        secondBefore: rules.secondAfterHours === null ? null : dueBefore(at, rules.secondAfterHours),
        limit: BATCH,
      });
      let sent = 0;
      let failed = 0;
      for (const record of due) {
        const n = dueReminder(record, at, rules);
        if (n === null || record.optedOut) continue;
        const claimed = await reminders.claim(record.cartId, {
          owner,
          sent: record.remindersSent,
          now: at.toISOString(),
          until: new Date(at.getTime() + CLAIM_MS).toISOString(),
        });
        if (!claimed) continue;
        try {
          // Read again under the claim: an opt-out since the list was read stops it.
          if (await reminders.isOptedOut(record.email)) {
            await reminders.release(record.cartId, owner);
            continue;
          }
          await send(record.cartId, n, settings);
          await reminders.markSent(record.cartId, { owner, n, at: now().toISOString() });
          remindersSent.inc({ result: "sent" });
          sent += 1;
        } catch (error) {
          remindersSent.inc({ result: "failed" });
          failed += 1;
          console.error(`Reminder for cart ${record.cartId} could not be sent; the next sweep retries`, error);
          await reminders.release(record.cartId, owner).catch(() => undefined);
        }
      }
      return { sent, failed };
    },

    /** Whether a restore link is ours and unexpired (whether it was used shows only on restoring). */
    checkRestore(token: string | null): "ok" | "invalid" | "expired" {
      const read = readRestoreToken(token);
      if (!read) return "invalid";
      return isExpired(read.expiresAtMs, now()) ? "expired" : "ok";
    },

    /**
     * The restore link: puts the e-mailed lines into `intoCartId` (what is still on sale), once.
     * The record remembers the cart, so the order placed from it counts as recovered.
     */
    async restore(token: string | null, intoCartId: string): Promise<RestoreResult> {
      const read = readRestoreToken(token);
      if (!read) return { kind: "invalid" };
      if (isExpired(read.expiresAtMs, now())) return { kind: "expired" };
      const record = await reminders.get(read.cartId);
      if (!record) return { kind: "invalid" };
      const key = `reminder-restore:${read.cartId}:${read.expiresAtMs}`;
      // A restore that died half-way may be taken again after a minute.
      const claim = await store.once.claim(key, { now: now(), staleMs: 60_000 });
      if (claim !== "claimed") return { kind: "used" };
      const { kept, left } = await options.replaceCart(intoCartId, record.lines);
      await reminders.markRestored(read.cartId, intoCartId);
      await store.once.finish(key);
      return { kind: "restored", kept, left };
    },

    /** The address an unsubscribe link is for, or null when the link is not one of ours. */
    unsubscribeAddress(token: string | null): string | null {
      return readUnsubscribeToken(token);
    },

    /** Stop reminders to the link's address; false when the link is not one of ours. */
    async unsubscribe(token: string | null): Promise<boolean> {
      const email = readUnsubscribeToken(token);
      if (!email) return false;
      await reminders.optOut(email, now().toISOString());
      return true;
    },

    /** The back office's page: the figures, the latest records and the settings. */
    async overview() {
      const [counts, latest, settings] = await Promise.all([
        reminders.counts(),
        reminders.list(50),
        reminders.getSettings(),
      ]);
      return { counts, latest, settings, abandonedAfterHours: options.abandonedAfterHours };
    },

    async saveSettings(settings: ReminderSettings, actor: string): Promise<void> {
      const before = await reminders.getSettings();
      const second = settings.secondAfterHours === null ? "off" : `after ${settings.secondAfterHours} h`;
      await reminders.saveSettings(settings);
      await options.audit?.({
        actor,
        entityType: "reminders",
        entityId: "settings",
        action: "update",
        summary: `Reminders: second ${second}, code ${settings.promotionCode ?? "none"}`,
        before,
        after: settings,
      });
    },
  };
}
