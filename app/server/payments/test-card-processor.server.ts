import crypto from "node:crypto";
import type { PaymentKeyStore } from "../store/port";
import type { CardFormProcessor, ChargeResult, RefundOutcome } from "./port";
import { DECLINE_MESSAGES, TEST_CARDS, brandOf, passesLuhn } from "./test-cards";

/** How long an idempotency key keeps its answer: Stripe keeps them for 24 hours. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The built-in processor of the embedded backend and of demos: no money moves. Stripe's test
 * numbers behave as in Stripe's test mode; any other number is declined, as Stripe declines a
 * real card in test mode. The same idempotency key always gets the same answer, on every
 * instance: the first answer is kept in the store (`keys`), and a concurrent second charge with
 * the key gets that answer instead of its own.
 */
export function createTestCardProcessor(options: { keys: PaymentKeyStore; clock?: () => number }): CardFormProcessor {
  const clock = options.clock ?? Date.now;
  return {
    id: "test-card",
    kind: "card-form",
    label: "Built-in test card processor (no money moves)",
    async charge({ amountMinor, currency, card, idempotencyKey }) {
      const last4 = card.number.slice(-4);
      const brand = brandOf(card.number);
      const result = ((): ChargeResult => {
        if (!passesLuhn(card.number))
          return { ok: false, code: "incorrect_number", message: DECLINE_MESSAGES.incorrect_number, brand, last4 };
        const now = new Date();
        const expired =
          card.expYear < now.getUTCFullYear() ||
          (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
        if (expired) return { ok: false, code: "expired_card", message: DECLINE_MESSAGES.expired_card, brand, last4 };
        const known = TEST_CARDS.find((c) => c.number === card.number);
        if (!known) {
          return {
            ok: false,
            code: "card_declined",
            message: `${DECLINE_MESSAGES.card_declined} Use a test card such as 4242 4242 4242 4242: no real card is charged here.`,
            brand,
            last4,
          };
        }
        if (known.outcome !== "succeeds")
          return {
            ok: false,
            code: known.outcome,
            message: DECLINE_MESSAGES[known.outcome],
            brand: known.brand,
            last4,
          };
        return {
          ok: true,
          reference: `tc_${crypto.randomBytes(12).toString("hex")}`,
          brand: known.brand,
          last4,
          // Recorded as a processor records a charge: the amount and currency the order was charged in.
          charged: { amountMinor, currency },
        };
      })();
      // Deciding has no side effect here, so "charge once" is "keep the first answer": every
      // caller with this key, on any instance, gets the stored one.
      const now = clock();
      return (await options.keys.remember(`test-card:${idempotencyKey}`, result, {
        now: new Date(now).toISOString(),
        expiresAt: new Date(now + IDEMPOTENCY_WINDOW_MS).toISOString(),
      })) as ChargeResult;
    },
    async checkPayment({ idempotencyKey }) {
      // The answer a charge with this key got is in the store, whoever asked and whether or not they lived to record it.
      const stored = (await options.keys.recall(`test-card:${idempotencyKey}`, {
        now: new Date(clock()).toISOString(),
      })) as ChargeResult | null;
      if (!stored) return { state: "unknown" };
      return stored.ok
        ? { state: "succeeded", reference: stored.reference, brand: stored.brand, last4: stored.last4 }
        : { state: "failed", message: stored.message, brand: stored.brand, last4: stored.last4 };
    },
    async refund(payment, amountMinor, idempotencyKey) {
      // No money moves: the refund is recorded (by its key, like a charge) and answered.
      const result: RefundOutcome =
        payment.processor !== "test-card"
          ? { ok: false, message: "This payment was not taken by the test card processor, so it cannot refund it." }
          : !Number.isInteger(amountMinor) || amountMinor <= 0
            ? { ok: false, message: "The refund amount must be greater than zero." }
            : { ok: true, reference: `re_tc_${crypto.randomBytes(12).toString("hex")}` };
      const now = clock();
      return (await options.keys.remember(`test-card-refund:${idempotencyKey}`, result, {
        now: new Date(now).toISOString(),
        expiresAt: new Date(now + IDEMPOTENCY_WINDOW_MS).toISOString(),
      })) as RefundOutcome;
    },
  };
}
