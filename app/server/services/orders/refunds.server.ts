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
import { formatMoneyInText } from "~/lib/money";
import type { RefundingProcessor } from "../../payments/port";
import type { Store } from "../../store/port";
import { refundsMade } from "~/server/observability/metrics.server";

// Money given back on an order. Three steps, each one atomic store revision:
// 1. hold the amount and quantities on the order (a pending refund), checked against what remains;
// 2. ask the processor (with the refund's id as idempotency key);
// 3. refused → drop the pending refund (nothing recorded); refunded → the refund succeeds, its
//    restocked units go back on sale and the order becomes refunded or partially refunded.
// Holding first means two admins refunding at once can never send more than was paid.

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
      const held = await store.orders.revise(orderId, (order) => reserveRefund(order, refund));
      if (held.kind === "not-found") return { ok: false, status: 404, message: "Order not found." };
      if (held.kind === "rejected") return { ok: false, status: 400, message: held.message };

      let outcome: Awaited<ReturnType<RefundingProcessor["refund"]>>;
      try {
        outcome = await options.payments.refund(held.order.payment, refund.amountMinor, `refund-${refund.id}`);
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
      const note = [`Refunded ${formatMoneyInText(refund.amountMinor)}`, refund.reason || null]
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
