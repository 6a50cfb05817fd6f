import crypto from "node:crypto";
import type { Order } from "~/domain/commerce";
import {
  defaultRestock,
  dropRefund,
  refundableMinor,
  refundableQuantity,
  reserveRefund,
  settleRefund,
} from "~/domain/refund";
import type { Refund, RefundLine } from "~/domain/refund-record";
import { formatMoneyInText } from "~/domain/money";
import type { RefundingProcessor } from "../../payments/port";
import type { Store } from "../../store/port";
import { refundsMade } from "~/server/observability/metrics.server";
import { refundedEntryId, splitRefund } from "~/domain/gift-card";
import { giftCardsToVoid } from "./refund-gift-cards.server";

// Money given back on an order. Three steps, each one atomic store revision:
// 1. hold the amount and quantities on the order (a pending refund), checked against what remains;
// 2. ask the processor (with the refund's id as idempotency key);
// 3. refused → drop the pending refund (nothing recorded); refunded → the refund succeeds, its
//    restocked units go back on sale and the order becomes refunded or partially refunded.
// Holding first means two admins refunding at once can never send more than was paid.
// An order paid partly by gift card: the refund goes back on the gift card first, up to what the card paid
// (ledger "refunded"), and only the rest to the card processor.

export interface RefundRequest {
  amountMinor: number;
  reason: string;
  lines: RefundLine[];
  /** The return this refund settles. */
  returnId?: string | null;
}

export type RefundResult =
  | { ok: true; order: Order; refund: Refund }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

export interface RefundsOptions {
  payments: RefundingProcessor;
  now?: () => Date;
  /** The customer's e-mail for the status the refund reached. */
  mailStatus?: (order: Order) => Promise<unknown>;
  /** Units went back on sale (back-in-stock alerts). */
  onStockReleased?: (productIds: string[]) => Promise<unknown>;
}

export type RefundsService = ReturnType<typeof createRefundsService>;

/** A refund of everything that remains: the old one-click "refunded" status change. */
export function fullRefundRequest(order: Order, reason: string): RefundRequest {
  const restock = defaultRestock(order);
  return {
    amountMinor: refundableMinor(order),
    reason,
    lines: order.lines
      .map((l) => ({ sku: l.sku, quantity: refundableQuantity(order, l), restock }))
      .filter((l) => l.quantity > 0),
  };
}

export function createRefundsService(store: Store, options: RefundsOptions) {
  const now = () => (options.now ?? (() => new Date()))().toISOString();

  return {
    async refund(orderId: string, request: RefundRequest, actor: string): Promise<RefundResult> {
      // Gift cards the order bought go back only unspent, and are voided with the refund.
      const before = await store.orders.get(orderId);
      const giftCardPlan = before
        ? await giftCardsToVoid(store, before, request.lines)
        : { ok: true as const, cardIds: [] };
      if (!giftCardPlan.ok) return { ok: false, status: 409, message: giftCardPlan.message };
      const refund: Refund = {
        id: crypto.randomUUID(),
        amountMinor: request.amountMinor,
        reason: request.reason.trim(),
        lines: request.lines,
        state: "pending",
        reference: null,
        returnId: request.returnId ?? null,
        at: now(),
        by: actor,
      };
      // The gift card that paid part of the order gets its part back first (splitRefund), decided against the
      // order as it is at commit time, so two refunds at once never put more back on the card than it paid.
      const held = await store.orders.revise(orderId, (order) => {
        const onCard = (order.refunds ?? []).reduce((sum, r) => sum + (r.giftCardMinor ?? 0), 0);
        const split = splitRefund(refund.amountMinor, order.giftCardMinor ?? 0, onCard);
        return reserveRefund(
          order,
          split.toGiftCardMinor > 0 ? { ...refund, giftCardMinor: split.toGiftCardMinor } : refund,
        );
      });
      if (held.kind === "not-found") return { ok: false, status: 404, message: "Order not found." };
      if (held.kind === "rejected") return { ok: false, status: 400, message: held.message };

      const toGiftCardMinor = held.order.refunds?.find((r) => r.id === refund.id)?.giftCardMinor ?? 0;
      const toProcessorMinor = refund.amountMinor - toGiftCardMinor;
      const giftCardId = held.order.giftCard?.id ?? null;
      if (toGiftCardMinor > 0) {
        const card = giftCardId ? await store.giftCards.get(giftCardId) : null;
        if (!card || card.status !== "active") {
          await store.orders.revise(orderId, (order) => dropRefund(order, refund.id));
          return {
            ok: false,
            status: 409,
            message:
              "The gift card that paid this order is voided, so nothing can go back on it. Nothing was refunded.",
          };
        }
      }

      let outcome: Awaited<ReturnType<RefundingProcessor["refund"]>>;
      try {
        outcome =
          toProcessorMinor > 0
            ? await options.payments.refund(held.order.payment, toProcessorMinor, `refund-${refund.id}`)
            : { ok: true, reference: `gift-card-${held.order.giftCard?.last4 ?? ""}` };
      } catch (error) {
        console.error(`Order ${held.order.number}: the refund could not reach the processor`, error);
        outcome = {
          ok: false,
          message: "The payment processor could not be reached. Nothing was refunded; try again.",
        };
      }
      if (!outcome.ok) {
        await store.orders.revise(orderId, (order) => dropRefund(order, refund.id));
        return { ok: false, status: 502, message: `The refund was refused: ${outcome.message}` };
      }

      const reference = outcome.reference;
      for (const cardId of giftCardPlan.cardIds) await store.giftCards.void(cardId, now());
      if (toGiftCardMinor > 0 && giftCardId) {
        // Keyed by the refund: a retried refund puts nothing back twice.
        await store.giftCards.credit(giftCardId, {
          id: refundedEntryId(refund.id),
          kind: "refunded",
          amountMinor: toGiftCardMinor,
          orderId,
          at: now(),
        });
      }
      const note = [`Refunded ${formatMoneyInText(refund.amountMinor, held.order.currency)}`, refund.reason || null]
        .filter(Boolean)
        .join(": ");
      const settled = await store.orders.revise(orderId, (order) =>
        settleRefund(order, refund.id, reference, { status: null, at: now(), note, by: actor }),
      );
      if (settled.kind !== "ok") {
        // The processor refunded; the record stays pending and says so on the order page.
        console.error(`Order ${orderId}: refund ${refund.id} (${reference}) was made but could not be recorded`);
        return { ok: false, status: 409, message: "The refund was made but could not be recorded. Reload the order." };
      }
      refundsMade.inc();
      const recorded = settled.order.refunds!.find((r) => r.id === refund.id)!;
      await options.mailStatus?.(settled.order);
      const restocked = recorded.lines.filter((l) => l.restock && l.quantity > 0);
      if (restocked.length > 0) {
        const ids = new Set(restocked.map((l) => settled.order.lines.find((o) => o.sku === l.sku)!.productId));
        await options.onStockReleased?.([...ids]);
      }
      return { ok: true, order: settled.order, refund: recorded };
    },
  };
}
