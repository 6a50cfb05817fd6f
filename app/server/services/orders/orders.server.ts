import type { Mailer } from "../../mail/port";
import type { PaymentChecker, PaymentEvent, RefundingProcessor } from "../../payments/port";
import type { Order, OrderStatus, OrderTransition, PaymentRecord } from "~/domain/commerce";
import type { Store } from "../../store/port";
import { orderStatusMail, type OrderMailKind } from "../../mail/templates/order-status.server";
import { orderConfirmationMail } from "./emails.server";
import { createRefundsService, fullRefundRequest, type RefundRequest, type RefundResult } from "./refunds.server";
import { orderPath, verifyOrderAccessKey } from "./order-links.server";
import { createInvoiceNumbers } from "./invoice-numbers.server";
import { paidAt } from "~/domain/invoice";
import { ADMIN_TRANSITIONS, REFUND_STATUSES, adminSourcesOf, stockEffect } from "~/domain/order-status-rules";
import { cardAttemptOf, chargeKeyOf } from "./payment-attempts.server";
import { paymentsReceived, paymentsRecovered, revenue } from "~/server/observability/metrics.server";
import { minorToUnits } from "~/domain/money";
import { countPaidOrder } from "../look/pair-counts.server";

// Orders after placement: who may see one, the customer's history, payment outcomes and the
// back office's status changes. Every status change goes through the store's atomic transition,
// with the stock effect decided here by status-rules, once for both backends.

export const ORDERS_PAGE_SIZE = 10;

export interface OrdersDeps {
  store: Store;
  secret: string;
  shopName: string;
  mailer: Mailer;
  now?: () => Date;
  /** An order still awaiting payment after this long releases its stock (default 30 minutes). */
  pendingPaymentExpiryMs?: number;
  /** Signs the status e-mails; default support@hemline.example. */
  supportEmail?: string;
  /** The returns window (RETURNS_WINDOW_DAYS) the delivered e-mail states; without it, no figure. */
  returnsWindowDays?: number;
  /** The shop's public origin for links in e-mails sent without a request (a back-office change, the expiry sweep). */
  publicOrigin?: string;
  /** The carrier's page for a tracking number (the shipped e-mail links to it). */
  trackingUrl?: (trackingNumber: string) => string;
  /**
   * Gives refunds back; without it an order cannot be refunded. With `checkPayment`, it is asked
   * about orders whose payment outcome the shop missed (a process that died mid-payment).
   */
  payments?: RefundingProcessor & Partial<PaymentChecker> & { readonly id?: string };
  /** Called after a change put an order's stock back on sale (back-in-stock alerts). */
  onStockReleased?: (productIds: string[]) => Promise<unknown>;
  /**
   * Called once per change by the caller that made it (like the customer's e-mail): an order paid,
   * shipped, delivered or refunded (webhooks). Its failure never undoes the change.
   */
  onOrderEvent?: (
    type: "order.paid" | "order.shipped" | "order.delivered" | "order.refunded",
    order: Order,
  ) => Promise<unknown>;
  /**
   * Issues the gift cards an order bought (each once, however often it is called), when it is paid;
   * called again for an order already paid when its payment is reported again, so a process that died
   * between the two finishes the job. Its failure never undoes the payment.
   */
  issueGiftCards?: (order: Order) => Promise<unknown>;
  /** Invoice numbers each process reserves at a time (INVOICE_NUMBER_BLOCK); default 1, gap-free. */
  invoiceBlockSize?: number;
}

/** Without a carrier of our own: a tracker that looks a number up across carriers. */
export const DEFAULT_TRACKING_URL = (n: string) => `https://parcelsapp.com/en/tracking/${encodeURIComponent(n)}`;

/** Statuses that e-mail the customer when an order reaches them (paid sends the confirmation). */
const MAILED_STATUSES: ReadonlySet<OrderStatus> = new Set<OrderStatus>([
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "partially_refunded",
  "payment_failed",
]);

/** What the order page and the timeline say of an order whose payment never came. */
export const PAYMENT_EXPIRED_MESSAGE =
  "The payment was not completed in time, so the items went back on sale. You can pay again below while they are in stock.";

/** The timeline's note on a payment the shop learnt of from the processor, not when it was made. */
export const RECOVERED_PAYMENT_NOTE = "Payment confirmed with the processor after an interruption";

/** Card orders awaiting payment longer than this are asked about at the processor by every sweep. */
const RECONCILE_AFTER_MS = 60_000;

/** When the order last started waiting for its payment (placed, or a payment retried). */
export function pendingSince(order: Order): string {
  const restarts = order.history.filter((e) => e.status === "pending_payment");
  return restarts.at(-1)?.at ?? order.createdAt;
}

export type StatusChangeResult =
  | { ok: true; order: Order }
  | { ok: false; status: 400 | 404 | 409 | 502; message: string };

export type OrdersService = ReturnType<typeof createOrdersService>;

export function createOrdersService(deps: OrdersDeps) {
  const { store } = deps;
  const now = () => (deps.now ?? (() => new Date()))().toISOString();
  const expiryMs = deps.pendingPaymentExpiryMs ?? 30 * 60_000;
  const invoiceNumbers = createInvoiceNumbers(store.invoiceNumbers, {
    blockSize: deps.invoiceBlockSize ?? 1,
    now: deps.now,
  });

  const announce = async (type: Parameters<NonNullable<OrdersDeps["onOrderEvent"]>>[0], order: Order) => {
    try {
      await deps.onOrderEvent?.(type, order);
    } catch (error) {
      console.error(`Order ${order.number}: the ${type} event could not be recorded`, error);
    }
  };

  /** Move an order to paid with its invoice number, in one transition; a number it did not use is given back. */
  async function pay(id: string, change: Omit<OrderTransition, "to">) {
    // The money is taken: a counter that does not answer must not keep the order from being paid.
    // It then gets its number when its invoice is first asked for (invoiceFor).
    const invoiceNumber = await invoiceNumbers.take().catch((error: unknown) => {
      console.error(`Order ${id}: no invoice number at payment; one is given when the invoice is opened`, error);
      return undefined;
    });
    const result = await store.orders.transition(id, {
      ...change,
      to: "paid",
      patch: invoiceNumber ? { ...change.patch, invoiceNumber } : change.patch,
    });
    if (result.kind !== "ok" && invoiceNumber) invoiceNumbers.giveBack(invoiceNumber);
    if (result.kind === "ok") {
      // Only the caller whose transition made it counts its pairs (the count is claimed by order id too).
      await countPaidOrder(store.pairs, result.order);
      await issueGiftCards(result.order);
      await announce("order.paid", result.order);
    }
    return result;
  }
  async function issueGiftCards(order: Order) {
    if (!order.lines.some((l) => l.giftCard)) return;
    try {
      await deps.issueGiftCards?.(order);
    } catch (error) {
      console.error(
        `Order ${order.number}: its gift cards could not be issued; they are when its payment is next reported`,
        error,
      );
    }
  }
  const isExpired = (order: Order) =>
    order.status === "pending_payment" && Date.parse(pendingSince(order)) <= Date.parse(now()) - expiryMs;

  /**
   * The customer's e-mail for the status an order just reached. Called only by the caller whose
   * transition made the change, so each step is e-mailed once however many instances race.
   * Mail failing never undoes the change.
   */
  const statusMail = (kind: OrderMailKind, order: Order, origin: string) =>
    orderStatusMail(kind, {
      shop: { shopName: deps.shopName, supportEmail: deps.supportEmail ?? "support@hemline.example", origin },
      order,
      returnsWindowDays: deps.returnsWindowDays ?? null,
      orderUrl: `${origin}${orderPath(deps.secret, order.id, true)}`,
      trackingUrl: order.trackingNumber ? (deps.trackingUrl ?? DEFAULT_TRACKING_URL)(order.trackingNumber) : null,
    });

  async function mailStatus(order: Order): Promise<void> {
    if (!MAILED_STATUSES.has(order.status)) return;
    try {
      await deps.mailer.send(
        await statusMail(order.status as OrderMailKind, order, deps.publicOrigin ?? "http://localhost:3000"),
      );
    } catch (error) {
      console.error(`Order ${order.number}: the ${order.status} e-mail could not be sent`, error);
    }
  }

  /** To "payment failed", giving the stock back; only from "pending payment", so it happens once. */
  const failPayment = async (order: Order, payment: PaymentRecord) => {
    const result = await store.orders.transition(order.id, {
      from: ["pending_payment"],
      to: "payment_failed",
      event: { status: "payment_failed", at: now(), note: payment.failureMessage, by: "system" },
      stock: stockEffect("pending_payment", "payment_failed"),
      patch: { payment },
    });
    if (result.kind === "ok") {
      await mailStatus(result.order);
      await deps.onStockReleased?.(result.order.lines.map((l) => l.productId));
    }
    return result;
  };
  const expire = (order: Order) =>
    failPayment(order, { ...order.payment, state: "failed", failureMessage: PAYMENT_EXPIRED_MESSAGE });

  const refunds = deps.payments
    ? createRefundsService(store, {
        payments: deps.payments,
        now: deps.now,
        mailStatus,
        onStockReleased: deps.onStockReleased,
      })
    : null;

  /** Part or all of an order refunded through the processor; its lines say which units go back on sale. */
  async function refund(id: string, request: RefundRequest, actor: string): Promise<RefundResult> {
    if (!refunds) return { ok: false, status: 409, message: "This shop has no payment processor to refund with." };
    const result = await refunds.refund(id, request, actor);
    if (result.ok) await announce("order.refunded", result.order);
    return result;
  }

  async function markPaymentFailed(order: Order, payment: PaymentRecord): Promise<Order> {
    const result = await failPayment(order, payment);
    return result.kind === "not-found" ? order : result.order;
  }

  async function sendConfirmation(order: Order, origin: string): Promise<void> {
    const url = `${origin}${orderPath(deps.secret, order.id, true)}`;
    try {
      await deps.mailer.send(orderConfirmationMail(deps.shopName, order, url));
    } catch (error) {
      // The order stands even when mail fails; the page shows the same link.
      console.error(`Order ${order.number}: the confirmation e-mail could not be sent`, error);
    }
  }

  /** Counted by the one call whose transition recorded the payment (so never twice for one order). */
  function countPayment(order: Order): void {
    paymentsReceived.inc({ currency: order.currency });
    revenue.inc({ currency: order.currency }, minorToUnits(order.totalMinor, order.currency));
  }

  /** Paid, once: of concurrent callers (a replayed form, the sweep, the webhook) only the one whose transition made it e-mails. */
  async function markPaid(order: Order, payment: PaymentRecord, origin: string): Promise<Order> {
    return (await recordPaid(order, payment, origin)).order;
  }

  /** markPaid, saying whether this call made the change. */
  async function recordPaid(order: Order, payment: PaymentRecord, origin: string, note?: string) {
    const result = await pay(order.id, {
      from: ["pending_payment"],
      event: {
        status: "paid",
        at: now(),
        note: note ?? (payment.cardLast4 ? `Paid by ${payment.cardBrand} ending ${payment.cardLast4}` : "Paid"),
        by: "system",
      },
      stock: "none",
      patch: { payment },
    });
    if (result.kind !== "ok") return { order: result.kind === "not-found" ? order : result.order, made: false };
    countPayment(result.order);
    await sendConfirmation(result.order, origin);
    return { order: result.order, made: true };
  }

  /**
   * An order awaiting payment whose outcome the shop may have missed: its process died after the
   * charge and before recording it, or the webhook has not come. The processor is asked (the
   * card charge's idempotency key, the hosted page's reference) and what it says is recorded:
   * charged means paid (never released, never charged again), refused means failed. Nothing
   * known leaves it waiting, for the expiry. Throws when the processor cannot be asked.
   */
  async function reconcile(order: Order, origin = deps.publicOrigin ?? "http://localhost:3000"): Promise<Order> {
    const processor = deps.payments;
    if (order.status !== "pending_payment" || !processor?.checkPayment || processor.id !== order.payment.processor)
      return order;
    const check = await processor.checkPayment({
      idempotencyKey: chargeKeyOf(order),
      reference: order.payment.reference,
    });
    if (check.state === "unknown") return order;
    // A card attempt is counted when its outcome is recorded, a hosted page when it opened.
    const attempts = order.payment.processor === "test-card" ? cardAttemptOf(order) : order.payment.attempts;
    const payment: PaymentRecord = {
      ...order.payment,
      attempts,
      cardBrand: check.brand ?? order.payment.cardBrand,
      cardLast4: check.last4 ?? order.payment.cardLast4,
    };
    if (check.state === "succeeded") {
      const paid = await recordPaid(
        order,
        { ...payment, state: "succeeded", reference: check.reference, failureMessage: null },
        origin,
        RECOVERED_PAYMENT_NOTE,
      );
      if (paid.made) {
        paymentsRecovered.inc({ outcome: "paid" });
        console.warn(
          `Order ${order.number}: paid at ${order.payment.processor} but not recorded; recorded as paid now`,
        );
      }
      return paid.order;
    }
    const failed = await failPayment(order, { ...payment, state: "failed", failureMessage: check.message });
    if (failed.kind === "ok") paymentsRecovered.inc({ outcome: "failed" });
    return failed.kind === "not-found" ? order : failed.order;
  }

  /** reconcile, but a processor that does not answer leaves the order as it is (logged): asked again later. */
  async function reconcileOrKeep(order: Order): Promise<{ order: Order; asked: boolean }> {
    try {
      return { order: await reconcile(order), asked: true };
    } catch (error) {
      console.error(
        `Order ${order.number}: the payment processor could not be asked about its payment; will ask again`,
        error,
      );
      return { order, asked: false };
    }
  }

  return {
    /** The order when this viewer may see it: its owner, or anyone holding the signed link. Otherwise null (a 404). */
    async forViewer(id: string, viewer: { userId: string | null; key: string | null }): Promise<Order | null> {
      const order = await store.orders.get(id);
      if (!order) return null;
      const allowed =
        (order.userId && viewer.userId === order.userId) || verifyOrderAccessKey(deps.secret, id, viewer.key);
      if (!allowed) return null;
      if (order.status !== "pending_payment") return order;
      // The shopper back after an interruption (or from the hosted page before its webhook) sees what the processor knows.
      const { order: current, asked } = await reconcileOrKeep(order);
      // The sweep runs every minute; the shopper looking at the order sees its expiry at once.
      if (!asked || !isExpired(current)) return current;
      const result = await expire(current);
      return result.kind === "not-found" ? current : result.order;
    },

    /**
     * Release the stock of orders still awaiting payment after the expiry window: a card payment
     * whose instance died between placing and charging, a hosted page left open. Any number of
     * instances may sweep at once: each expiry is one transition from "pending payment", which
     * only one of them can make. Before any is released, the processor is asked whether it was paid
     * (then it is marked paid instead), and card orders waiting longer than `reconcileAfterMs` are
     * asked about too (0 at start-up: nothing of this process is in flight). Returns how many this call expired.
     */
    async expireUnpaid({ batch = 100, reconcileAfterMs = RECONCILE_AFTER_MS } = {}): Promise<number> {
      // A card charge nobody lived to record has no webhook to tell us: ask the processor about
      // each card order waiting longer than a charge takes, so it is paid within a minute or two.
      const settledBefore = new Date(Date.parse(now()) - reconcileAfterMs).toISOString();
      const waiting = await store.orders.list({
        status: "pending_payment",
        to: settledBefore,
        limit: batch,
        offset: 0,
      });
      for (const order of waiting.orders.filter((o) => o.payment.processor === "test-card" && !isExpired(o)))
        await reconcileOrKeep(order);

      const cutoff = new Date(Date.parse(now()) - expiryMs).toISOString();
      // Placed before the cutoff; a retried payment may have restarted the clock since.
      const { orders } = await store.orders.list({ status: "pending_payment", to: cutoff, limit: batch, offset: 0 });
      let expired = 0;
      for (const order of orders.filter(isExpired)) {
        // Never release an order that was paid: the processor is asked first, and one that cannot be asked waits.
        const { order: current, asked } = await reconcileOrKeep(order);
        if (!asked || current.status !== "pending_payment") continue;
        if ((await expire(current)).kind === "ok") expired += 1;
      }
      return expired;
    },

    /** Ask the processor about an order awaiting payment, and record what it says (see reconcile). */
    reconcile,

    /** The path of an order's page; guests get the signed link. */
    linkFor(order: Pick<Order, "id" | "userId">, forGuest = order.userId === null): string {
      return orderPath(deps.secret, order.id, forGuest);
    },

    /**
     * A double-submitted checkout finds the first submission's order still being paid: wait a
     * moment for its outcome so the page the shopper sees says paid or declined, not "awaiting".
     */
    async settled(order: Order, waitMs = 3000): Promise<Order> {
      let current = order;
      const until = Date.now() + waitMs;
      while (current.status === "pending_payment" && current.payment.processor === "test-card" && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        current = (await store.orders.get(order.id)) ?? current;
      }
      return current;
    },

    async listForUser(userId: string, page: number) {
      const { orders, total } = await store.orders.list({
        userId,
        limit: ORDERS_PAGE_SIZE,
        offset: (page - 1) * ORDERS_PAGE_SIZE,
      });
      return { orders, total, page, pageCount: Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE)) };
    },

    markPaid,

    /** The shopper was sent to a hosted payment page: the timeline says so and the order keeps the page's reference. */
    async paymentPageOpened(order: Order, payment: PaymentRecord, processorLabel: string) {
      return store.orders.transition(order.id, {
        from: ["pending_payment"],
        to: "pending_payment",
        event: { status: null, at: now(), note: `${processorLabel}: payment page opened`, by: "system" },
        stock: "none",
        patch: { payment },
      });
    },

    /**
     * The order as its invoice shows it: a paid order that has no number yet (its payment found the counter
     * unavailable) gets the next one now, written only if it still has none. Unpaid orders have no invoice.
     */
    async invoiceFor(order: Order): Promise<Order> {
      if (order.invoiceNumber || !paidAt(order)) return order;
      const invoiceNumber = await invoiceNumbers.take();
      const result = await store.orders.revise(order.id, (current) =>
        current.invoiceNumber
          ? { ok: false, message: "numbered meanwhile" }
          : { ok: true, order: { ...current, invoiceNumber }, restock: [] },
      );
      if (result.kind === "ok") return result.order;
      invoiceNumbers.giveBack(invoiceNumber);
      return result.kind === "rejected" ? result.order : order;
    },

    /** A declined or abandoned payment: the order keeps its details, and its stock goes back on sale. */
    markPaymentFailed,

    /** E-mail the customer about the status the order is now in (when that status is mailed). */
    mailStatus,

    refund,

    /** The e-mail of a status, for the back office's previews: the same message a customer gets. */
    previewMail: statusMail,

    /** Before another payment attempt: take the stock again (it may have sold meanwhile). */
    async reopenForPayment(order: Order) {
      return store.orders.transition(order.id, {
        from: ["payment_failed"],
        to: "pending_payment",
        event: { status: "pending_payment", at: now(), note: "Payment retried", by: "customer" },
        stock: stockEffect("payment_failed", "pending_payment"),
      });
    },

    sendConfirmation,

    /** A verified processor webhook. Idempotent: Stripe retries deliveries. */
    async applyPaymentEvent(event: PaymentEvent, origin: string): Promise<"updated" | "unchanged" | "unknown-order"> {
      if (event.type === "ignored") return "unchanged";
      const order = await store.orders.get(event.orderId);
      if (!order) return "unknown-order";
      const payment: PaymentRecord = { ...order.payment, reference: event.reference };
      if (event.type === "paid") {
        if (order.status === "payment_failed") {
          // Paid after the session expired and stock went back: take it again if it is still there.
          const reopened = await this.reopenForPayment(order);
          if (reopened.kind === "sold-out") {
            const late = await pay(order.id, {
              from: ["payment_failed"],
              event: {
                status: "paid",
                at: now(),
                note: "Paid after the checkout expired, but the stock had sold: refund or restock needed",
                by: "system",
              },
              stock: "none",
              patch: { payment: { ...payment, state: "succeeded" } },
            });
            // The money came in, whatever happens to the order now.
            if (late.kind === "ok") countPayment(late.order);
            return "updated";
          }
        }
        const current = (await store.orders.get(order.id))!;
        if (current.status === "paid") await issueGiftCards(current);
        if (current.status !== "pending_payment") return "unchanged";
        await markPaid(current, { ...payment, state: "succeeded", failureMessage: null }, origin);
        return "updated";
      }
      if (order.status !== "pending_payment") return "unchanged";
      await this.markPaymentFailed(order, {
        ...payment,
        state: "failed",
        failureMessage: "The payment was not completed in time.",
      });
      return "updated";
    },

    /** A back-office status change, with its restock, recorded on the timeline. */
    async changeStatus(
      id: string,
      to: OrderStatus,
      actor: string,
      details: { trackingNumber?: string | null; note?: string | null } = {},
    ): Promise<StatusChangeResult> {
      const order = await store.orders.get(id);
      if (!order) return { ok: false, status: 404, message: "Order not found." };
      if (!ADMIN_TRANSITIONS[order.status].includes(to)) {
        return {
          ok: false,
          status: 409,
          message: `An order that is ${order.status.replace("_", " ")} cannot become ${to.replace("_", " ")}.`,
        };
      }
      // A refund is money and stock, not a label: "refunded" is a refund of everything that remains.
      if (to === "refunded") {
        const refunded = await refund(id, fullRefundRequest(order, details.note?.trim() ?? ""), actor);
        return refunded.ok ? { ok: true, order: refunded.order } : refunded;
      }
      if (REFUND_STATUSES.has(to))
        return { ok: false, status: 409, message: "Partial refunds are made with the refund form." };
      const tracking = details.trackingNumber?.trim() || null;
      if (to === "shipped" && !tracking)
        return { ok: false, status: 400, message: "Enter the tracking number of the parcel." };
      const result = await store.orders.transition(id, {
        from: adminSourcesOf(to).filter((s) => s === order.status),
        to,
        event: {
          status: to,
          at: now(),
          note:
            [tracking ? `Tracking number ${tracking}` : null, details.note?.trim() || null]
              .filter(Boolean)
              .join(". ") || null,
          by: actor,
        },
        stock: stockEffect(order.status, to),
        patch: tracking ? { trackingNumber: tracking } : {},
      });
      if (result.kind === "ok") {
        // An order cancelled before it was paid gives its gift card back what it took at placement (once:
        // the ledger entry is keyed by the order). A paid order's card is credited by its refund instead.
        const giftCardMinor = order.giftCardMinor ?? 0;
        if (to === "cancelled" && order.giftCard && giftCardMinor > 0 && order.status !== "paid") {
          await store.giftCards.credit(order.giftCard.id, {
            id: `refunded:cancelled-${order.id}`,
            kind: "refunded",
            amountMinor: giftCardMinor,
            orderId: order.id,
            at: now(),
          });
        }
        await mailStatus(result.order);
        if (to === "shipped" || to === "delivered") await announce(`order.${to}`, result.order);
        if (stockEffect(order.status, to) === "release")
          await deps.onStockReleased?.(result.order.lines.map((l) => l.productId));
        return { ok: true, order: result.order };
      }
      if (result.kind === "not-found") return { ok: false, status: 404, message: "Order not found." };
      return {
        ok: false,
        status: 409,
        message: "The order changed while you were looking at it. Reload and try again.",
      };
    },

    async addNote(id: string, note: string, actor: string): Promise<Order | null> {
      return store.orders.addEvent(id, { status: null, at: now(), note, by: actor });
    },
  };
}
