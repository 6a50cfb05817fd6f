// Abandoned-checkout reminders: a checkout that gave an e-mail and placed no order gets one
// reminder after `abandonedAfterHours`, and a second only when the owner turned it on. These are
// the pure rules (what is due, which reminder, how long a link lives); the service applies them.

import { giftCardDetailsKey, type GiftCardLineDetails } from "./gift-card-product";

/** One line as the shopper saw it at checkout (the price is what the page showed, for the e-mail). */
export interface AbandonedLine {
  productId: string;
  size: string;
  colour: string;
  quantity: number;
  name: string;
  unitPriceMinor: number;
  /** A gift card line's recipient, message and send date, put back with it on restoring. */
  giftCard?: GiftCardLineDetails;
}

/** One record per cart: the latest checkout of that cart with an e-mail. */
export interface AbandonedCheckout {
  cartId: string;
  email: string;
  lines: AbandonedLine[];
  updatedAt: string;
  convertedOrderId: string | null;
  remindersSent: 0 | 1 | 2;
  lastSentAt: string | null;
  claimOwner: string | null;
  claimUntil: string | null;
  /** The order placed from this record's restore link, with its total. */
  recovered: { orderId: string; totalMinor: number } | null;
  /** The cart the restore link filled: an order placed from it counts as recovered. */
  restoredInto: string | null;
  /** Its address opted out of reminders: none is sent. */
  optedOut: boolean;
}

export interface ReminderSettings {
  /** Hours after the first reminder the second goes; null: no second reminder. */
  secondAfterHours: number | null;
  /** A promotion code shown in the e-mail while it is active; null: none. */
  promotionCode: string | null;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = { secondAfterHours: null, promotionCode: null };

/** The back office's figures. */
export interface ReminderCounts {
  recorded: number;
  remindersSent: number;
  recovered: number;
  recoveredMinor: number;
}

/** A restore link lives a week. */
export const RESTORE_LINK_DAYS = 7;
const HOUR_MS = 3_600_000;

/** Which reminder is due for `record` at `now` (1 or 2), or null when none is. */
export function dueReminder(
  record: Pick<AbandonedCheckout, "convertedOrderId" | "remindersSent" | "updatedAt" | "lastSentAt" | "lines">,
  now: Date,
  rules: { abandonedAfterHours: number; secondAfterHours: number | null },
): 1 | 2 | null {
  if (record.convertedOrderId !== null || record.lines.length === 0) return null;
  if (record.remindersSent === 0) {
    return Date.parse(record.updatedAt) + rules.abandonedAfterHours * HOUR_MS <= now.getTime() ? 1 : null;
  }
  if (record.remindersSent === 1 && rules.secondAfterHours !== null && record.lastSentAt !== null) {
    return Date.parse(record.lastSentAt) + rules.secondAfterHours * HOUR_MS <= now.getTime() ? 2 : null;
  }
  return null;
}

/** The moment before which a record's last change (first) or last reminder (second) makes it due. */
export function dueBefore(now: Date, hours: number): string {
  return new Date(now.getTime() - hours * HOUR_MS).toISOString();
}

/** When a restore link made at `sentAt` stops working. */
export function restoreExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + RESTORE_LINK_DAYS * 24 * HOUR_MS);
}

export function isExpired(expiresAtMs: number, now: Date): boolean {
  return now.getTime() >= expiresAtMs;
}

/** E-mail addresses are compared in lower case, trimmed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * What a record says of a checkout: its address and its lines (names and prices as shown), in a
 * fixed order. The same fingerprint again means nothing changed, so nothing is written.
 */
export function checkoutFingerprint(email: string, lines: readonly AbandonedLine[]): string {
  const canonical = lines
    .map((l) => [l.productId, l.size, l.colour, l.quantity, l.name, l.unitPriceMinor, giftCardDetailsKey(l.giftCard)])
    .sort((a, b) => (a.join("\u0000") < b.join("\u0000") ? -1 : 1));
  return JSON.stringify([normaliseEmail(email), canonical]);
}

/** An open record that already says exactly this checkout: recording it again would change nothing. */
export function alreadyRecorded(
  record: Pick<AbandonedCheckout, "email" | "lines" | "convertedOrderId" | "optedOut"> | null,
  email: string,
  lines: readonly AbandonedLine[],
): boolean {
  return (
    record !== null &&
    record.convertedOrderId === null &&
    !record.optedOut &&
    checkoutFingerprint(record.email, record.lines) === checkoutFingerprint(email, lines)
  );
}

/** Kept after the last possible use (its last restore link expired), before a record is pruned. */
export const PRUNE_MARGIN_DAYS = 7;

/**
 * Records last changed before this moment are pruned: their first reminder (after
 * `abandonedAfterHours`), their second (after `secondAfterHours`) and its restore link (7 days)
 * are all behind them, with PRUNE_MARGIN_DAYS to spare for a sweep that was late.
 */
export function pruneBefore(
  now: Date,
  rules: { abandonedAfterHours: number; secondAfterHours: number | null },
): string {
  const hours =
    rules.abandonedAfterHours + (rules.secondAfterHours ?? 0) + (RESTORE_LINK_DAYS + PRUNE_MARGIN_DAYS) * 24;
  return new Date(now.getTime() - hours * HOUR_MS).toISOString();
}
