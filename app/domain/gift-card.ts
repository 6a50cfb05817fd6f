// Gift cards: a code worth an amount, spent at checkout and credited back when an order paid by it is
// refunded. Shared by the services and every store adapter. Money is integer minor units of the card's
// own currency: every card and ledger entry names it, and a card pays only orders in it.

import { BASE_CURRENCY, type CurrencyCode } from "./money";

export type GiftCardCurrency = CurrencyCode;
/** What a card or entry written before cards had other currencies holds: they were all euros. */
export const LEGACY_GIFT_CARD_CURRENCY: GiftCardCurrency = BASE_CURRENCY;

/** A card or ledger entry as an adapter read it, with the currency it holds (absent on old data: euros). */
export function withCurrency<T extends { currency?: GiftCardCurrency | null }>(
  stored: T,
): T & { currency: GiftCardCurrency } {
  return { ...stored, currency: stored.currency ?? LEGACY_GIFT_CARD_CURRENCY };
}

/** What active cards hold in one currency (the liability report lists one per currency). */
export interface OutstandingBalance {
  currency: GiftCardCurrency;
  balanceMinor: number;
}

export type GiftCardStatus = "active" | "voided";

/** How the card came to be: issued by staff in the back office, or bought as a line of an order. */
export type GiftCardSource =
  | { kind: "admin"; staffUid: string | null }
  | { kind: "order"; orderId: string; lineKey: string };

export interface GiftCard {
  id: string;
  /** SHA-256 of the normalised code (hex): the code itself is never stored. */
  codeHash: string;
  /** The code's last 4 characters, to tell cards apart on screens and orders. */
  last4: string;
  currency: GiftCardCurrency;
  /** What it was issued for. */
  initialMinor: number;
  /** What is left to spend; never below 0. */
  balanceMinor: number;
  status: GiftCardStatus;
  recipientEmail: string | null;
  message: string | null;
  source: GiftCardSource;
  /** A bought card whose code e-mail waits for its send date; null or absent once sent (or never scheduled). */
  delivery?: GiftCardDelivery | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What a scheduled code e-mail needs on its day, without the code in clear: the code sealed with
 * GIFT_CARD_CODE_KEY (AES-256-GCM), opened only to send it.
 */
export interface GiftCardDelivery {
  /** "YYYY-MM-DD" (UTC): the day it is sent. */
  sendOn: string;
  /** The recipient's address (or the buyer's when they named no recipient). */
  to: string;
  recipientName: string | null;
  /** Who it is from: the buyer's name on the order. */
  fromName: string;
  /** The buyer's address, told when it has gone. */
  buyerEmail: string;
  message: string | null;
  orderNumber: string;
  sealedCode: string;
}

/** A bought card's id: one per order, line and unit, so handling the payment twice issues nothing twice. */
export const boughtCardId = (orderId: string, lineIndex: number, unit: number) =>
  `order-${orderId}-${lineIndex}-${unit}`;

/** issued/topped_up/refunded add to the balance, redeemed takes from it, voided records the void (amount 0). */
export type GiftCardLedgerKind = "issued" | "topped_up" | "redeemed" | "refunded" | "voided";

export interface GiftCardLedgerEntry {
  /** Unique per card and event: a replayed request writes nothing twice (e.g. `redeemed:{orderId}`). */
  id: string;
  cardId: string;
  kind: GiftCardLedgerKind;
  /** Always ≥ 0; the kind says which way it moved the balance. */
  amountMinor: number;
  balanceAfterMinor: number;
  currency: GiftCardCurrency;
  orderId: string | null;
  at: string;
}

/** Ledger entry ids: one redemption per order and card, one entry per refund. */
export const redeemedEntryId = (orderId: string) => `redeemed:${orderId}`;
export const refundedEntryId = (refundId: string) => `refunded:${refundId}`;

// Codes: 16 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 8/B), shown in
// groups of 4. 25^16 ≈ 2^74 codes: guessing one is hopeless, all the more behind a rate limit.
export const GIFT_CARD_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const GIFT_CARD_CODE_LENGTH = 16;

export function formatGiftCardCode(normalised: string): string {
  return normalised.match(/.{1,4}/g)?.join("-") ?? normalised;
}

/**
 * A code as typed (any case, spaces or dashes anywhere) in its canonical form, or null when it cannot be
 * a code (wrong length or a character outside the alphabet): refused before any lookup.
 */
export function normaliseGiftCardCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s\-–—]/g, "");
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of code) if (!GIFT_CARD_ALPHABET.includes(ch)) return null;
  return code;
}

export const lastFourOf = (normalised: string) => normalised.slice(-4);

/** How much of an order's total a card pays (up to its balance), and the rest to pay by card. */
export function splitTotal(totalMinor: number, balanceMinor: number): { giftCardMinor: number; restMinor: number } {
  const giftCardMinor = Math.max(0, Math.min(totalMinor, balanceMinor));
  return { giftCardMinor, restMinor: totalMinor - giftCardMinor };
}

/**
 * A refund of an order paid partly by gift card: the gift-card part goes back on the card first (up to what the
 * card paid and was not credited back yet), the rest to the card processor.
 */
export function splitRefund(
  refundMinor: number,
  giftCardPaidMinor: number,
  giftCardRefundedMinor: number,
): { toGiftCardMinor: number; toProcessorMinor: number } {
  const open = Math.max(0, giftCardPaidMinor - giftCardRefundedMinor);
  const toGiftCardMinor = Math.max(0, Math.min(refundMinor, open));
  return { toGiftCardMinor, toProcessorMinor: refundMinor - toGiftCardMinor };
}

/** Whether a ledger kind adds to the balance. */
export const creditsBalance = (kind: GiftCardLedgerKind) =>
  kind === "issued" || kind === "topped_up" || kind === "refunded";
