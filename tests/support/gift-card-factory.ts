import crypto from "node:crypto";
import type { GiftCard, GiftCardLedgerEntry } from "~/domain/gift-card";
import { normaliseGiftCardCode } from "~/domain/gift-card";
import type { ProductInput } from "~/domain/product";
import { GIFT_CARD_UNITS, giftCardAmountLabel, type GiftCardAmount } from "~/domain/gift-card-product";
import { buildSeedGiftCard } from "~/server/seed/gift-card-product.server";
import { generateGiftCardCode, hashGiftCardCode } from "~/server/services/gift-cards/gift-card-code.server";

/** A fresh active card (EUR unless `overrides.currency` says otherwise) of `amountMinor` with its "issued" entry, and the code that opens it. */
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
    currency: card.currency,
    orderId: null,
    at,
  };
  return { card, issued, code };
}

/** The seeded gift card product sold at these amounts instead (one variant per currency and amount). */
export function giftCardProductWith(amounts: readonly GiftCardAmount[]): ProductInput {
  const base = buildSeedGiftCard();
  const sizes = amounts.map((a) => giftCardAmountLabel(a.minor, a.currency));
  return {
    ...base,
    sizes,
    variants: amounts.map((a, i) => ({
      size: sizes[i],
      colour: base.colours[0].name,
      sku: `GIFT-${a.currency}-${a.minor}`,
      stock: GIFT_CARD_UNITS,
      giftCardMinor: a.minor,
      giftCardCurrency: a.currency,
    })),
  };
}
