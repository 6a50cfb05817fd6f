import crypto from "node:crypto";
import type { GiftCard, GiftCardLedgerEntry } from "~/domain/gift-card";
import { normaliseGiftCardCode } from "~/domain/gift-card";
import { generateGiftCardCode, hashGiftCardCode } from "~/server/services/gift-cards/gift-card-code.server";

/** A fresh active EUR card of `amountMinor` with its "issued" entry, and the code that opens it. */
export function makeGiftCard(
  amountMinor = 5000,
  overrides: Partial<GiftCard> = {},
): { card: GiftCard; issued: GiftCardLedgerEntry; code: string } {
  const code = generateGiftCardCode();
  const normalised = normaliseGiftCardCode(code)!;
  const at = "2026-11-01T00:00:00.000Z";
  const card: GiftCard = {
    id: crypto.randomUUID(),
    codeHash: hashGiftCardCode(normalised),
    last4: normalised.slice(-4),
    currency: "EUR",
    initialMinor: amountMinor,
    balanceMinor: amountMinor,
    status: "active",
    recipientEmail: null,
    message: null,
    source: { kind: "admin", staffUid: null },
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
  const issued: GiftCardLedgerEntry = {
    id: "issued",
    cardId: card.id,
    kind: "issued",
    amountMinor,
    balanceAfterMinor: amountMinor,
    currency: "EUR",
    orderId: null,
    at,
  };
  return { card, issued, code };
}
