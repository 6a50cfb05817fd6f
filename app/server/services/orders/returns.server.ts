import crypto from "node:crypto";
import type { Order } from "~/domain/commerce";
import {
  advanceReturn,
  closeReturnAtZero,
  returnsOf,
  returnValueMinor,
  startReturn,
  withinReturnsWindow,
} from "~/domain/return";
import type { ReturnRequest } from "~/domain/return-record";
import type { Mailer } from "../../mail/port";
import { returnStatusMail, type ReturnMailKind } from "../../mail/templates/return-status.server";
import type { Store } from "../../store/port";
import type { AuditSink } from "./admin-orders.server";
import { orderPath } from "./order-links.server";
import type { OrdersService } from "./orders.server";

// Returns the shopper starts, kept on the order (decision 0016): the shopper requests within the
// returns window counted from delivery; the back office approves or rejects, receives (choosing
// per line whether the units go back on sale), then refunds through the refund path. Every step
// is one atomic store revision, e-mails the shopper and (admin steps) is audited.

export type ReturnResult =
  | { ok: true; order: Order; request: ReturnRequest }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

export interface ReturnsDeps {
  store: Store;
  /** Refunds an approved return through the order's payment. */
  orders: OrdersService;
  secret: string;
  shopName: string;
  supportEmail: string;
  publicOrigin: string;
  returnsWindowDays: number;
  mailer: Mailer;
  /** The back office's steps (approve, receive, refund) are recorded in the audit log. */
  audit: AuditSink;
  now?: () => Date;
  /** Units went back on sale (back-in-stock alerts), when a return worth nothing is closed. */
  onStockReleased?: (productIds: string[]) => Promise<unknown>;
  /** A shopper started a return (webhooks); its failure never undoes the return. */
  onReturnRequested?: (order: Order, request: ReturnRequest) => Promise<unknown>;
}

export type ReturnsService = ReturnType<typeof createReturnsService>;

export function createReturnsService(deps: ReturnsDeps) {
  const { store, orders } = deps;
  const now = () => (deps.now ?? (() => new Date()))();

  async function mail(kind: ReturnMailKind, order: Order, request: ReturnRequest, refundedMinor?: number) {
    try {
      await deps.mailer.send(
        await returnStatusMail(kind, {
          shop: { shopName: deps.shopName, supportEmail: deps.supportEmail, origin: deps.publicOrigin },
          order,
          request,
          orderUrl: `${deps.publicOrigin}${orderPath(deps.secret, order.id, true)}`,
          refundedMinor,
        }),
      );
    } catch (error) {
      console.error(`Return ${request.number}: the ${kind} e-mail could not be sent`, error);
    }
  }

  async function audit(actor: string, order: Order, request: ReturnRequest, before: ReturnRequest | undefined) {
    try {
      await deps.audit({
        actor,
        entityType: "order",
        entityId: order.id,
        action: "status",
        summary: `Return ${request.number}: ${before?.status ?? "?"} → ${request.status}`,
        before: before ?? null,
        after: request,
      });
    } catch (error) {
      console.error(`Audit log: could not record return ${request.number}`, error);
    }
  }

  const find = (order: Order, id: string) => returnsOf(order).find((r) => r.id === id);

  /**
   * Close a received return worth €0 (free units, or an order already refunded in full): a
   * refund of nothing is recorded without asking the processor, its units go back on sale as
   * chosen on receipt, and the shopper is told, as for any other step.
   */
  async function close(orderId: string, returnId: string, actor: string): Promise<ReturnResult> {
    const before = await store.orders.get(orderId);
    const result = await store.orders.revise(orderId, (order) =>
      closeReturnAtZero(order, returnId, { refundId: crypto.randomUUID(), at: now().toISOString(), by: actor }),
    );
    if (result.kind === "not-found") return { ok: false, status: 404, message: "Order not found." };
    if (result.kind === "rejected") return { ok: false, status: 400, message: result.message };
    const request = find(result.order, returnId)!;
    await mail("closed", result.order, request, 0);
    await audit(actor, result.order, request, before ? find(before, returnId) : undefined);
    const restocked = request.lines.filter((l) => l.restock && l.quantity > 0);
    if (restocked.length > 0) {
      const ids = new Set(restocked.map((l) => result.order.lines.find((o) => o.sku === l.sku)!.productId));
      try {
        await deps.onStockReleased?.([...ids]);
      } catch (error) {
        console.error(`Return ${request.number}: back-in-stock alerts could not be sent`, error);
      }
    }
    return { ok: true, order: result.order, request };
  }

  return {
    windowDays: deps.returnsWindowDays,

    /** Orders with returns, newest first (the back office's list). */
    async listOrders(page: number, pageSize = 20) {
      const { orders: list, total } = await store.orders.list({
        withReturns: true,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      return { orders: list, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
    },

    /** Whether the shopper may start a return of this order now. */
    canStart: (order: Order) => withinReturnsWindow(order, deps.returnsWindowDays, now()),

    async request(
      orderId: string,
      input: { lines: Array<{ sku: string; quantity: number }>; reason: string },
    ): Promise<ReturnResult> {
      const id = crypto.randomUUID();
      const at = now().toISOString();
      const result = await store.orders.revise(orderId, (order) =>
        startReturn(order, { id, ...input, at }, deps.returnsWindowDays),
      );
      if (result.kind === "not-found") return { ok: false, status: 404, message: "Order not found." };
      if (result.kind === "rejected") return { ok: false, status: 400, message: result.message };
      const request = find(result.order, id)!;
      await mail("requested", result.order, request);
      await deps.onReturnRequested?.(result.order, request).catch((error: unknown) => {
        console.error(`Return ${request.number}: the return.requested event could not be recorded`, error);
      });
      return { ok: true, order: result.order, request };
    },

    async advance(
      orderId: string,
      returnId: string,
      to: "approved" | "rejected" | "received",
      actor: string,
      input: { message: string | null; restock?: Record<string, boolean> },
    ): Promise<ReturnResult> {
      const before = await store.orders.get(orderId);
      const result = await store.orders.revise(orderId, (order) =>
        advanceReturn(order, returnId, to, { ...input, at: now().toISOString() }),
      );
      if (result.kind === "not-found") return { ok: false, status: 404, message: "Order not found." };
      if (result.kind === "rejected") return { ok: false, status: 409, message: result.message };
      const request = find(result.order, returnId)!;
      await mail(to, result.order, request);
      await audit(actor, result.order, request, before ? find(before, returnId) : undefined);
      return { ok: true, order: result.order, request };
    },

    /**
     * Refund a received return: its units at the prices paid (or `amountMinor`), restocked as
     * chosen on receipt. A return worth nothing is closed instead (see close).
     */
    async refund(orderId: string, returnId: string, actor: string, amountMinor?: number): Promise<ReturnResult> {
      const order = await store.orders.get(orderId);
      const request = order ? find(order, returnId) : undefined;
      if (!order || !request) return { ok: false, status: 404, message: "Return not found." };
      const amount = amountMinor ?? returnValueMinor(order, request);
      if (amountMinor === undefined && amount === 0) return close(orderId, returnId, actor);
      const refunded = await orders.refund(
        orderId,
        {
          amountMinor: amount,
          reason: `Return ${request.number}`,
          lines: request.lines.map((l) => ({ sku: l.sku, quantity: l.quantity, restock: l.restock ?? false })),
          returnId,
        },
        actor,
      );
      if (!refunded.ok) return refunded;
      const after = find(refunded.order, returnId)!;
      await mail("refunded", refunded.order, after, amount);
      await audit(actor, refunded.order, after, request);
      return { ok: true, order: refunded.order, request: after };
    },

    close,
  };
}
