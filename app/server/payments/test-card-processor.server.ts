import crypto from "node:crypto";
import type { CardFormProcessor, ChargeResult } from "./port";
import { DECLINE_MESSAGES, TEST_CARDS, brandOf, passesLuhn } from "./test-cards";

/**
 * The built-in processor of the embedded backend and of demos: no money moves. Stripe's test
 * numbers behave as in Stripe's test mode; any other number is declined, as Stripe declines a
 * real card in test mode. The same idempotency key always gets the same answer.
 */
export function createTestCardProcessor(): CardFormProcessor {
  const answered = new Map<string, ChargeResult>();
  return {
    id: "test-card",
    kind: "card-form",
    label: "Built-in test card processor (no money moves)",
    async charge({ card, idempotencyKey }) {
      const previous = answered.get(idempotencyKey);
      if (previous) return previous;
      const last4 = card.number.slice(-4);
      const brand = brandOf(card.number);
      const result = ((): ChargeResult => {
        if (!passesLuhn(card.number)) return { ok: false, code: "incorrect_number", message: DECLINE_MESSAGES.incorrect_number, brand, last4 };
        const now = new Date();
        const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
        if (expired) return { ok: false, code: "expired_card", message: DECLINE_MESSAGES.expired_card, brand, last4 };
        const known = TEST_CARDS.find((c) => c.number === card.number);
        if (!known) {
          return { ok: false, code: "card_declined", message: `${DECLINE_MESSAGES.card_declined} Use a test card such as 4242 4242 4242 4242: no real card is charged here.`, brand, last4 };
        }
        if (known.outcome !== "succeeds") return { ok: false, code: known.outcome, message: DECLINE_MESSAGES[known.outcome], brand: known.brand, last4 };
        return { ok: true, reference: `tc_${crypto.randomBytes(12).toString("hex")}`, brand: known.brand, last4 };
      })();
      answered.set(idempotencyKey, result);
      // A bounded memory: the idempotency window only has to cover double submissions.
      if (answered.size > 10_000) answered.delete(answered.keys().next().value!);
      return result;
    },
  };
}
