import {
  DEFAULT_REMINDER_SETTINGS,
  normaliseEmail,
  type AbandonedCheckout,
  type AbandonedLine,
  type ReminderSettings,
} from "~/domain/abandoned-checkout";
import type { AbandonedCheckoutStore } from "../port";
import type { SqliteDatabase } from "./database.server";

interface Row {
  cart_id: string;
  email: string;
  lines_json: string;
  updated_at: string;
  converted_order_id: string | null;
  reminders_sent: number;
  last_sent_at: string | null;
  claim_owner: string | null;
  claim_until: string | null;
  recovered_order_id: string | null;
  recovered_total_minor: number | null;
  restored_into: string | null;
  opted_out: number;
}

const recordOf = (r: Row): AbandonedCheckout => ({
  cartId: r.cart_id,
  email: r.email,
  lines: JSON.parse(r.lines_json) as AbandonedLine[],
  updatedAt: r.updated_at,
  convertedOrderId: r.converted_order_id,
  remindersSent: r.reminders_sent as 0 | 1 | 2,
  lastSentAt: r.last_sent_at,
  claimOwner: r.claim_owner,
  claimUntil: r.claim_until,
  recovered:
    r.recovered_order_id === null ? null : { orderId: r.recovered_order_id, totalMinor: r.recovered_total_minor ?? 0 },
  restoredInto: r.restored_into,
  optedOut: r.opted_out === 1,
});

export function createSqliteAbandonedCheckoutStore(db: SqliteDatabase): AbandonedCheckoutStore {
  const getOne = db.prepare<[string], Row>("SELECT * FROM abandoned_checkouts WHERE cart_id = ?");
  // A converted record is a finished purchase: kept under "{cart}#{order}" (its figures stay
  // counted), and the cart's next checkout starts a fresh record.
  const archive = db.prepare<[string]>(
    `UPDATE abandoned_checkouts SET cart_id = cart_id || '#' || converted_order_id
     WHERE cart_id = ? AND converted_order_id IS NOT NULL`,
  );
  const write = db.prepare(
    `INSERT INTO abandoned_checkouts (cart_id, email, lines_json, updated_at) VALUES (@cartId, @email, @lines, @at)
     ON CONFLICT (cart_id) DO UPDATE SET email = excluded.email, lines_json = excluded.lines_json,
       updated_at = excluded.updated_at`,
  );
  const upsert = db.transaction((row: { cartId: string; email: string; lines: string; at: string }) => {
    archive.run(row.cartId);
    write.run(row);
  });
  const convert = db.prepare<[string, string]>(
    "UPDATE abandoned_checkouts SET converted_order_id = ? WHERE cart_id = ? AND converted_order_id IS NULL",
  );
  const due = db.prepare<[string, string | null, string | null, number], Row>(
    `SELECT * FROM abandoned_checkouts WHERE converted_order_id IS NULL AND opted_out = 0 AND (
       (reminders_sent = 0 AND updated_at <= ?) OR (? IS NOT NULL AND reminders_sent = 1 AND last_sent_at <= ?))
     ORDER BY updated_at LIMIT ?`,
  );
  // One statement: the check and the write cannot interleave with another process's.
  const claim = db.prepare(
    `UPDATE abandoned_checkouts SET claim_owner = @owner, claim_until = @until
     WHERE cart_id = @cartId AND converted_order_id IS NULL AND opted_out = 0 AND reminders_sent = @sent
       AND (claim_until IS NULL OR claim_until <= @now)`,
  );
  const markSent = db.prepare(
    `UPDATE abandoned_checkouts SET reminders_sent = @n, last_sent_at = @at, claim_owner = NULL, claim_until = NULL
     WHERE cart_id = @cartId AND claim_owner = @owner`,
  );
  const release = db.prepare<[string, string]>(
    "UPDATE abandoned_checkouts SET claim_owner = NULL, claim_until = NULL WHERE cart_id = ? AND claim_owner = ?",
  );
  const restored = db.prepare<[string, string]>("UPDATE abandoned_checkouts SET restored_into = ? WHERE cart_id = ?");
  const byRestored = db.prepare<[string], Row>(
    "SELECT * FROM abandoned_checkouts WHERE restored_into = ? ORDER BY updated_at DESC LIMIT 1",
  );
  const recover = db.prepare<[string, number, string]>(
    `UPDATE abandoned_checkouts SET recovered_order_id = ?, recovered_total_minor = ?
     WHERE cart_id = ? AND recovered_order_id IS NULL`,
  );
  const latest = db.prepare<[number], Row>("SELECT * FROM abandoned_checkouts ORDER BY updated_at DESC LIMIT ?");
  const counts = db.prepare<
    [],
    { recorded: number; sent: number | null; recovered: number | null; revenue: number | null }
  >(
    `SELECT COUNT(*) AS recorded, SUM(reminders_sent) AS sent,
       SUM(recovered_order_id IS NOT NULL) AS recovered, SUM(COALESCE(recovered_total_minor, 0)) AS revenue
     FROM abandoned_checkouts`,
  );
  const optOut = db.prepare<[string, string]>(
    "INSERT INTO reminder_opt_outs (email, opted_out_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING",
  );
  const closeFor = db.prepare<[string]>("UPDATE abandoned_checkouts SET opted_out = 1 WHERE email = ?");
  // The address's open records close with the opt-out, so they never clog the due list.
  const optOutAll = db.transaction((email: string, at: string) => {
    optOut.run(email, at);
    closeFor.run(email);
  });
  const optedOut = db.prepare<[string], { email: string }>("SELECT email FROM reminder_opt_outs WHERE email = ?");
  const allOptOuts = db.prepare<[], { email: string; opted_out_at: string }>(
    "SELECT email, opted_out_at FROM reminder_opt_outs ORDER BY email",
  );
  const importOne = db.prepare(
    `INSERT OR REPLACE INTO abandoned_checkouts (cart_id, email, lines_json, updated_at, converted_order_id,
       reminders_sent, last_sent_at, claim_owner, claim_until, recovered_order_id, recovered_total_minor,
       restored_into, opted_out)
     VALUES (@cartId, @email, @lines, @updatedAt, @convertedOrderId, @remindersSent, @lastSentAt, @claimOwner,
       @claimUntil, @recoveredOrderId, @recoveredTotalMinor, @restoredInto, @optedOut)`,
  );
  const readSettings = db.prepare<[], { settings_json: string }>("SELECT settings_json FROM reminder_settings");
  const writeSettings = db.prepare<[string]>(
    "INSERT INTO reminder_settings (id, settings_json) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET settings_json = excluded.settings_json",
  );
  // Closed without a reminder (most records: the order followed), or older than any use.
  const prune = db.prepare<[string, number]>(
    `DELETE FROM abandoned_checkouts WHERE cart_id IN (
       SELECT cart_id FROM abandoned_checkouts
       WHERE (reminders_sent = 0 AND (converted_order_id IS NOT NULL OR opted_out = 1)) OR updated_at < ?
       LIMIT ?)`,
  );
  return {
    async prune({ before, limit }) {
      return prune.run(before, limit).changes;
    },
    async upsert({ cartId, email, lines, at }) {
      upsert.immediate({ cartId, email: normaliseEmail(email), lines: JSON.stringify(lines), at });
    },
    async get(cartId) {
      const row = getOne.get(cartId);
      return row ? recordOf(row) : null;
    },
    async markConverted(cartId, orderId) {
      return convert.run(orderId, cartId).changes > 0;
    },
    async due({ firstBefore, secondBefore, limit }) {
      return due.all(firstBefore, secondBefore, secondBefore, limit).map(recordOf);
    },
    async claim(cartId, { owner, sent, now, until }) {
      return claim.run({ cartId, owner, sent, now, until }).changes === 1;
    },
    async markSent(cartId, { owner, n, at }) {
      markSent.run({ cartId, owner, n, at });
    },
    async release(cartId, owner) {
      release.run(cartId, owner);
    },
    async markRestored(cartId, intoCartId) {
      restored.run(intoCartId, cartId);
    },
    async restoredInto(intoCartId) {
      const row = byRestored.get(intoCartId);
      return row ? recordOf(row) : null;
    },
    async recordRecovery(cartId, { orderId, totalMinor }) {
      return recover.run(orderId, totalMinor, cartId).changes > 0;
    },
    async list(limit) {
      return latest.all(limit).map(recordOf);
    },
    async counts() {
      const c = counts.get()!;
      return {
        recorded: c.recorded,
        remindersSent: c.sent ?? 0,
        recovered: c.recovered ?? 0,
        recoveredMinor: c.revenue ?? 0,
      };
    },
    async optOut(email, at) {
      optOutAll.immediate(normaliseEmail(email), at);
    },
    async isOptedOut(email) {
      return optedOut.get(normaliseEmail(email)) !== undefined;
    },
    async optOuts() {
      return allOptOuts.all().map((r) => ({ email: r.email, optedOutAt: r.opted_out_at }));
    },
    async importRecord(r) {
      importOne.run({
        cartId: r.cartId,
        email: r.email,
        lines: JSON.stringify(r.lines),
        updatedAt: r.updatedAt,
        convertedOrderId: r.convertedOrderId,
        remindersSent: r.remindersSent,
        lastSentAt: r.lastSentAt,
        claimOwner: r.claimOwner,
        claimUntil: r.claimUntil,
        recoveredOrderId: r.recovered?.orderId ?? null,
        recoveredTotalMinor: r.recovered?.totalMinor ?? null,
        restoredInto: r.restoredInto,
        optedOut: r.optedOut ? 1 : 0,
      });
    },
    async getSettings() {
      const row = readSettings.get();
      return row
        ? { ...DEFAULT_REMINDER_SETTINGS, ...(JSON.parse(row.settings_json) as ReminderSettings) }
        : DEFAULT_REMINDER_SETTINGS;
    },
    async saveSettings(settings) {
      writeSettings.run(JSON.stringify(settings));
    },
  };
}
