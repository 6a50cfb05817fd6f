import type { Order, OrderStatus } from "~/domain/commerce";
import type { Store } from "../../store/port";
import type { OrdersService, StatusChangeResult } from "./orders.server";
import { formatMoneyInText } from "~/domain/money";
import { defaultRestock } from "~/domain/refund";
import { fullRefundRequest, type RefundRequest, type RefundResult } from "./refunds.server";
import { ADMIN_TRANSITIONS, stockEffect } from "~/domain/order-status-rules";

// The back office's view of orders: the filtered, paged list, and status changes and notes
// that go through the orders service (its status rules decide what is allowed and what is
// restocked) and are then written to the audit log.

export const ADMIN_ORDERS_PAGE_SIZE = 20;

/**
 * One admin change, in the shape of the audit log's record (the audit service being built for
 * the back office takes { actor, entityType, entityId, action, summary, before, after }).
 */
export interface AdminChange {
  /** The admin's e-mail. */
  actor: string;
  entityType: "order";
  entityId: string;
  action: "status" | "note" | "refund";
  summary: string;
  before: unknown;
  after: unknown;
}

/** Where admin changes are recorded; the audit log service is passed in where the app is wired (context.server.ts). */
export type AuditSink = (change: AdminChange) => Promise<unknown>;

export interface AdminOrderFilter {
  status: OrderStatus | null;
  query: string;
  /** ISO timestamps: inclusive from, exclusive to. */
  from: string | null;
  to: string | null;
  page: number;
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;

/** What the back office's order list and status changes need. */
export interface AdminOrdersDeps {
  store: Store;
  /** Status changes, refunds and their e-mails go through the orders service. */
  orders: OrdersService;
  /** Every accepted change and note is recorded here (the audit log). */
  audit: AuditSink;
}

export function createAdminOrdersService(deps: AdminOrdersDeps) {
  const { store, orders } = deps;
  async function record(change: AdminChange) {
    try {
      await deps.audit(change);
    } catch (error) {
      // The change itself is committed; a failed audit write is reported, not turned into a failed change.
      console.error(`Audit log: could not record ${change.action} on order ${change.entityId}`, error);
    }
  }

  return {
    async list(filter: AdminOrderFilter) {
      const { orders: page, total } = await store.orders.list({
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.query ? { query: filter.query } : {}),
        ...(filter.from ? { from: filter.from } : {}),
        ...(filter.to ? { to: filter.to } : {}),
        limit: ADMIN_ORDERS_PAGE_SIZE,
        offset: (filter.page - 1) * ADMIN_ORDERS_PAGE_SIZE,
      });
      return {
        orders: page,
        total,
        page: filter.page,
        pageCount: Math.max(1, Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE)),
      };
    },

    get: (id: string) => store.orders.get(id),

    /** The statuses an admin may move an order to from `from`, and whether each puts its units back on sale. */
    transitionsFrom(from: OrderStatus, history: Order["history"] = []): Array<{ to: OrderStatus; restocks: boolean }> {
      // A full refund puts units back on sale only before they were shipped.
      const shipped = from === "shipped" || from === "delivered" || !defaultRestock({ history });
      return ADMIN_TRANSITIONS[from].map((to) => ({
        to,
        restocks: to === "refunded" ? !shipped : stockEffect(from, to) === "release",
      }));
    },

    /** A refund of part or all of the order, through the processor, audited. */
    async refund(id: string, request: RefundRequest, actor: string): Promise<RefundResult> {
      const before = await store.orders.get(id);
      const result = await orders.refund(id, request, actor);
      if (result.ok) {
        const { refund, order } = result;
        await record({
          actor,
          entityType: "order",
          entityId: id,
          action: "refund",
          summary: `Order ${order.number}: refunded ${formatMoneyInText(refund.amountMinor, order.currency)}${
            refund.reason ? ` (${refund.reason})` : ""
          } → ${order.status.replace("_", " ")}`,
          before: before ? { status: before.status, refunds: before.refunds ?? [] } : null,
          after: { status: order.status, refunds: order.refunds ?? [] },
        });
      }
      return result;
    },

    async changeStatus(
      id: string,
      to: OrderStatus,
      actor: string,
      details: { trackingNumber?: string | null; note?: string | null },
    ): Promise<StatusChangeResult> {
      const before = await store.orders.get(id);
      // "Refunded" is a refund of everything that remains, audited as a refund.
      if (to === "refunded" && before && ADMIN_TRANSITIONS[before.status].includes(to)) {
        const refunded = await this.refund(id, fullRefundRequest(before, details.note?.trim() ?? ""), actor);
        return refunded.ok ? { ok: true, order: refunded.order } : refunded;
      }
      const result = await orders.changeStatus(id, to, actor, details);
      if (result.ok) {
        const tracking =
          result.order.trackingNumber && to === "shipped" ? ` (tracking ${result.order.trackingNumber})` : "";
        await record({
          actor,
          entityType: "order",
          entityId: id,
          action: "status",
          summary: `Order ${result.order.number}: ${before?.status ?? "?"} → ${to}${tracking}`,
          before: before
            ? { status: before.status, trackingNumber: before.trackingNumber, payment: before.payment.state }
            : null,
          after: {
            status: result.order.status,
            trackingNumber: result.order.trackingNumber,
            payment: result.order.payment.state,
          },
        });
      }
      return result;
    },

    async addNote(id: string, note: string, actor: string) {
      const order = await orders.addNote(id, note, actor);
      if (order)
        await record({
          actor,
          entityType: "order",
          entityId: id,
          action: "note",
          summary: `Order ${order.number}: note added`,
          before: null,
          after: { note },
        });
      return order;
    },
  };
}
