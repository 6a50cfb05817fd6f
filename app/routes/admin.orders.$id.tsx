import type { AppLoadContext } from "@remix-run/node";
import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { StatusBadge } from "~/components/orders/StatusBadge";
import { OrderTimeline } from "~/components/orders/OrderTimeline";
import { Described, Field, FormErrors, invalidFields } from "~/components/forms/Field";
import { formatDateTime } from "~/lib/admin-format";
import { noteSchema, statusChangeSchema } from "~/lib/admin-order-schema";
import { PostalAddress } from "~/components/orders/PostalAddress";
import { lineLabel } from "~/domain/gift-card-product";
import { hasPostalAddress } from "~/domain/postal-address";
import { formatMoney, CURRENCIES, currencySymbol, minorToInput, formatMoneyInText } from "~/domain/money";
import { toBaseMinor } from "~/domain/market";
import { isValidId } from "~/lib/route-params";
import { seo } from "~/lib/seo";
import { allows, requirePermission, type StaffActor } from "~/server/http/permissions.server";
import type { Permission } from "~/domain/staff";
import { readForm } from "~/server/http/form-body.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { STATUS_LABELS } from "~/lib/order-status";
import type { Order, OrderStatus } from "~/domain/commerce";
import { redirectWithFlash } from "~/server/http/flash.server";
import { defaultRestock, refundableMinor, refundableQuantity, refundsOf } from "~/domain/refund";
import { readRefundLines, REFUND_REASON_MAX, refundFormSchema } from "~/lib/refund-form";
import { RETURN_STATUS_LABELS, returnsOf, returnValueMinor } from "~/domain/return";
import { notFound } from "~/server/http/not-found.server";
import { ScrollBox } from "~/components/ScrollBox";
import { OrderSummary, orderVat } from "~/components/cart/OrderSummary";
import { paidForUnits } from "~/domain/line-paid";
import { TableHead } from "~/components/admin/TableHead";
import { IssuedGiftCards } from "~/components/admin/IssuedGiftCards";
import { parseForm } from "~/server/http/form-shape.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  seo(args, {
    title: args.data ? `Order ${args.data.order.number}` : "Order",
    description: "An order in the back office.",
    noindex: true,
  });

async function findOrder(request: Request, context: AppLoadContext, id: string | undefined) {
  const order = isValidId(id) ? await context.shop.adminOrders.get(id) : null;
  if (!order) throw notFound(request);
  return order;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requirePermission(request, context, "orders.view");
  const order = await findOrder(request, context, params.id);
  const transitions = context.shop.adminOrders.transitionsFrom(order.status, order.history);
  return {
    order,
    giftCards: await context.shop.giftCardSales.issuedFor(order),
    transitions,
    // The forms this member's role may send (each action checks its own permission again).
    may: {
      fulfil: allows(staff, "orders.fulfil"),
      refund: allows(staff, "orders.refund"),
      note: allows(staff, "orders.note"),
    },
    refund: {
      remainingMinor: refundableMinor(order),
      restockByDefault: defaultRestock(order),
      // Units in an open return are refunded through it, so the form offers only the others.
      lines: order.lines.map((l) => ({ sku: l.sku, left: refundableQuantity(order, l) })),
    },
  };
}

/** What one form of this page needs: the order, the form, who sends it, and the CSRF verdict. */
interface IntentArgs {
  request: Request;
  order: Order;
  formData: FormData;
  /** Who the audit log names. */
  actor: string;
  staff: StaffActor;
  problem: { message: string; status: number } | null;
  context: AppLoadContext;
}

/** A return's form: which return, which step, the message to the shopper (restock-{i} read per line). */
const returnStepSchema = z.object({
  returnId: z.string().optional(),
  step: z.string().optional(),
  message: z.string().optional(),
});

/** Approve, reject, receive or refund one of the order's returns. */
async function returnStep({ order, formData, actor, staff, problem, context }: IntentArgs) {
  const submission = parseForm(formData, { schema: returnStepSchema });
  const refuse = (message: string, status = 400) => formFailure(submission.reply({ formErrors: [message] }), status);
  if (problem) return refuse(problem.message, problem.status);
  if (submission.status !== "success") return formFailure(submission.reply());
  const { returnId = "", step, message } = submission.value;
  const returnRequest = returnsOf(order).find((r) => r.id === returnId);
  if (!returnRequest) return refuse("Choose a return of this order.");
  const { returns } = context.shop;
  const overLimit =
    step === "refund"
      ? context.shop.staff.refundRefusal(staff.member, toBaseMinor(returnValueMinor(order, returnRequest), order))
      : null;
  if (overLimit) return refuse(overLimit, 403);
  const result =
    step === "refund"
      ? await returns.refund(order.id, returnId, actor)
      : step === "approved" || step === "rejected" || step === "received"
        ? await returns.advance(order.id, returnId, step, actor, {
            message: (message ?? "").slice(0, 500) || null,
            restock: Object.fromEntries(
              returnRequest.lines.map((l, i) => [l.sku, formData.get(`restock-${i}`) === "on"]),
            ),
          })
        : null;
  if (!result) return refuse("Choose what to do with the return.");
  if (!result.ok) return refuse(result.message, result.status);
  return redirectWithFlash(
    `/admin/orders/${order.id}`,
    `Return ${result.request.number}: ${RETURN_STATUS_LABELS[result.request.status].toLowerCase()}.`,
  );
}

/** Refund part or all of what was paid, optionally naming the units (and putting them back on sale). */
async function refund({ order, formData, actor, staff, problem, context }: IntentArgs) {
  const submission = parseForm(formData, { schema: refundFormSchema(order.currency) });
  const refuse = (message: string, status = 400) => formFailure(submission.reply({ formErrors: [message] }), status);
  if (problem) return refuse(problem.message, problem.status);
  if (submission.status !== "success") return formFailure(submission.reply());
  const read = readRefundLines(
    formData,
    order.lines.map((l) => l.sku),
  );
  if ("error" in read) return refuse(read.error);
  const { amount, reason } = submission.value;
  // A support member's own limit (in euros): the refund is refused whole, nothing is paid back.
  const overLimit = context.shop.staff.refundRefusal(staff.member, toBaseMinor(amount, order));
  if (overLimit) return refuse(overLimit, 403);
  const result = await context.shop.adminOrders.refund(
    order.id,
    { amountMinor: amount, reason, lines: read.lines },
    actor,
  );
  if (!result.ok) return refuse(result.message, result.status);
  return redirectWithFlash(
    `/admin/orders/${order.id}`,
    `Refunded ${formatMoneyInText(result.refund.amountMinor, order.currency)}. The order is now ${STATUS_LABELS[result.order.status].toLowerCase()}.`,
  );
}

/** A note on the order's timeline. */
async function note({ request, order, formData, actor, problem, context }: IntentArgs) {
  const submission = parseForm(formData, { schema: noteSchema });
  if (problem) return formFailure(submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return formFailure(submission.reply());
  const noted = await context.shop.adminOrders.addNote(order.id, submission.value.note, actor);
  if (!noted) throw notFound(request);
  return redirectWithFlash(`/admin/orders/${order.id}`, "The note has been added to the timeline.");
}

/** A new status; which change is allowed, and whether it needs a tracking number, is the orders service's rule. */
async function statusChange({ order, formData, actor, problem, context }: IntentArgs) {
  const submission = parseForm(formData, { schema: statusChangeSchema });
  if (problem) return formFailure(submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return formFailure(submission.reply());
  const to = submission.value.to as OrderStatus;
  const result = await context.shop.adminOrders.changeStatus(order.id, to, actor, {
    trackingNumber: submission.value.trackingNumber ?? null,
    note: submission.value.note ?? null,
  });
  if (!result.ok) return formFailure(submission.reply({ formErrors: [result.message] }), result.status);
  return redirectWithFlash(`/admin/orders/${order.id}`, `The order is now ${STATUS_LABELS[to].toLowerCase()}.`);
}

/**
 * One handler per form, each with the permission it needs (a return's refund step is a refund);
 * a form without a known intent is the status form (as it always was).
 */
const INTENTS = {
  return: {
    handle: returnStep,
    needs: (f: FormData): Permission => (f.get("step") === "refund" ? "orders.refund" : "orders.fulfil"),
  },
  refund: { handle: refund, needs: (): Permission => "orders.refund" },
  note: { handle: note, needs: (): Permission => "orders.note" },
  status: { handle: statusChange, needs: (): Permission => "orders.fulfil" },
};

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requirePermission(request, context, "orders.view");
  const order = await findOrder(request, context, params.id);
  const formData = await readForm(request);
  const intent = String(formData.get("intent"));
  const { handle, needs } = Object.hasOwn(INTENTS, intent) ? INTENTS[intent as keyof typeof INTENTS] : INTENTS.status;
  const staff = await requirePermission(request, context, needs(formData));
  const problem = await formGuardProblem(formData, request);
  return handle({ request, order, formData, actor: staff.actor, staff, problem, context });
}

/** Each field's label, for the error summaries' links. */
const STATUS_FORM_LABELS = { to: "New status", trackingNumber: "Tracking number", note: "Note for the timeline" };

export default function AdminOrder() {
  const { order, transitions, refund, may, giftCards } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Each form shows only the errors of its own submission.
  const conformResult = actionData?.result;
  const lastIntent = conformResult?.initialValue?.intent;
  const [statusForm, statusFields] = useForm({
    id: "order-status",
    lastResult: lastIntent === "status" ? conformResult : undefined,
    defaultValue: { to: transitions[0]?.to },
    constraint: getZodConstraint(statusChangeSchema),
    // Checked as the form is sent, not as a field is left: the server's message (a tracking number
    // is needed) would vanish on leaving the field and move the button being clicked.
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: statusChangeSchema }),
  });
  const [noteForm, noteFields] = useForm({
    id: "order-note",
    lastResult: lastIntent === "note" ? conformResult : undefined,
    constraint: getZodConstraint(noteSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: noteSchema }),
  });
  // Refusals of the refund and return forms, and what was typed (the server checks both forms).
  const [refundForm, refundFields] = useForm<z.input<ReturnType<typeof refundFormSchema>>>({
    id: "order-refund",
    lastResult: lastIntent === "refund" ? conformResult : undefined,
  });
  const [returnForm] = useForm({ id: "order-return", lastResult: lastIntent === "return" ? conformResult : undefined });
  const refundErrors = [refundForm.errors, refundFields.amount.errors, refundFields.reason.errors].flatMap(
    (e) => e ?? [],
  );
  const refundKept = { amount: refundFields.amount.initialValue, reason: refundFields.reason.initialValue };
  const refunds = refundsOf(order);
  const returnRequests = returnsOf(order);
  const returnErrors = returnForm.errors;
  const canShip = transitions.some((t) => t.to === "shipped");
  return (
    <AdminPage title={`Order ${order.number}`} back={{ to: "/admin/orders", label: "All orders" }}>
      <p className="mt-2 flex flex-wrap items-center gap-3 text-sm text-stone-700">
        <StatusBadge status={order.status} />
        <span>Placed {formatDateTime(order.createdAt)}</span>
        <span>Total {formatMoney(order.totalMinor, order.currency)}</span>
      </p>

      <div className="grid gap-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <AdminSection id="lines-heading" title="Items">
            <ScrollBox label="Items in this order">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Items in this order</caption>
                <TableHead
                  columns={[
                    "Product",
                    "Size",
                    "Colour",
                    "SKU",
                    { label: "Qty", numeric: true },
                    { label: "Price", numeric: true },
                    { label: "Line total", numeric: true },
                    { label: "Discount", numeric: true },
                    { label: "Paid", numeric: true },
                    { label: "VAT incl.", numeric: true },
                  ]}
                />
                <tbody>
                  {order.lines.map((l) => (
                    <tr key={l.sku} className="border-b border-stone-200">
                      <td className="py-2 pr-4">{l.name}</td>
                      <td className="py-2 pr-4">{l.size}</td>
                      <td className="py-2 pr-4">{l.colour}</td>
                      <td className="py-2 pr-4 font-mono text-xs">{l.sku}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{l.quantity}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">
                        {formatMoney(l.unitPriceMinor, order.currency)}
                      </td>
                      <td className="py-2 pr-4 text-right tabular-nums">
                        {formatMoney(l.unitPriceMinor * l.quantity, order.currency)}
                      </td>
                      <td className="py-2 pr-4 text-right tabular-nums text-red-700" data-testid="line-discount">
                        {l.discountMinor ? `−${formatMoney(l.discountMinor, order.currency)}` : "—"}
                      </td>
                      <td className="py-2 pr-4 text-right tabular-nums">
                        {formatMoney(paidForUnits(l, l.quantity), order.currency)}
                      </td>
                      {/* Orders from before VAT was recorded have no VAT per line. */}
                      <td className="py-2 text-right tabular-nums">
                        {l.vatMinor !== undefined ? formatMoney(l.vatMinor, order.currency) : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
            {giftCards.length > 0 ? <IssuedGiftCards cards={giftCards} /> : null}
            {/* The shopper's figures, so both sides read the same: subtotal − discounts + delivery = total. */}
            <div className="ml-auto max-w-sm" data-testid="order-totals">
              <OrderSummary
                subtotalMinor={order.subtotalMinor}
                savingsMinor={0}
                shippingMinor={order.shippingMinor}
                shippingLabel={order.shipping.label}
                discountMinor={order.discountMinor ?? 0}
                promotions={order.promotions ?? []}
                vat={orderVat(order)}
                currency={order.currency}
                giftCard={
                  order.giftCard && order.giftCardMinor
                    ? { last4: order.giftCard.last4, amountMinor: order.giftCardMinor }
                    : null
                }
              />
            </div>
          </AdminSection>

          {returnRequests.length > 0 ? (
            <AdminSection id="returns-heading" title="Returns">
              <FormErrors id="return-errors" errors={returnErrors} />
              <ul className="grid gap-4 text-sm">
                {returnRequests.map((r) => (
                  <li key={r.id} className="rounded border border-stone-200 p-3">
                    <p>
                      <span className="font-semibold">{r.number}</span> · {RETURN_STATUS_LABELS[r.status]} ·{" "}
                      {formatDateTime(r.createdAt)}
                    </p>
                    <p>Reason: {r.reason}</p>
                    {r.message ? <p>Message: {r.message}</p> : null}
                    <Form method="post" className="mt-2 grid gap-2" aria-describedby="return-errors">
                      <AuthenticityTokenInput />
                      <input type="hidden" name="intent" value="return" />
                      <input type="hidden" name="returnId" value={r.id} />
                      {r.lines.map((l, i) => {
                        const line = order.lines.find((o) => o.sku === l.sku);
                        return (
                          <div key={l.sku} className="flex flex-wrap items-center gap-3">
                            <span>
                              {l.quantity} × {line ? lineLabel(line) : l.sku}
                            </span>
                            {r.status === "approved" ? (
                              <label className="flex items-center gap-1">
                                <input type="checkbox" name={`restock-${i}`} defaultChecked />
                                Put back on sale
                              </label>
                            ) : l.restock ? (
                              <span>(back on sale)</span>
                            ) : null}
                          </div>
                        );
                      })}
                      {r.status === "requested" && may.fulfil ? (
                        <>
                          <label htmlFor={`return-message-${r.id}`} className="font-medium">
                            Message to the shopper
                          </label>
                          <textarea id={`return-message-${r.id}`} name="message" rows={2} className="input" />
                          <div className="flex gap-2">
                            <button type="submit" name="step" value="approved" className="btn-primary" disabled={busy}>
                              Approve return
                            </button>
                            <button
                              type="submit"
                              name="step"
                              value="rejected"
                              className="btn-secondary"
                              disabled={busy}
                            >
                              Reject return
                            </button>
                          </div>
                        </>
                      ) : null}
                      {r.status === "approved" && may.fulfil ? (
                        <button type="submit" name="step" value="received" className="btn-primary" disabled={busy}>
                          Mark received
                        </button>
                      ) : null}
                      {r.status === "received" && may.refund ? (
                        <button type="submit" name="step" value="refund" className="btn-primary" disabled={busy}>
                          {/* Worth nothing (free units, or the order already refunded): closed without a refund. */}
                          {returnValueMinor(order, r) > 0
                            ? `Refund ${formatMoney(returnValueMinor(order, r), order.currency)}`
                            : "Close return (nothing to refund)"}
                        </button>
                      ) : null}
                    </Form>
                  </li>
                ))}
              </ul>
            </AdminSection>
          ) : null}

          <AdminSection id="refunds-heading" title="Refunds">
            {refunds.length === 0 ? (
              <p className="text-sm text-stone-600">Nothing has been refunded.</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {refunds.map((r) => (
                  <li key={r.id}>
                    <span className="font-semibold tabular-nums">{formatMoney(r.amountMinor, order.currency)}</span>
                    {r.state === "pending" ? " (waiting for the processor)" : ""} · {formatDateTime(r.at)} · {r.by}
                    {r.reason ? ` · ${r.reason}` : ""}
                    {r.lines.length > 0
                      ? ` · ${r.lines
                          .map((l) => `${l.quantity} × ${l.sku}${l.restock ? " (back on sale)" : ""}`)
                          .join(", ")}`
                      : ""}
                  </li>
                ))}
              </ul>
            )}
            {refund.remainingMinor > 0 && may.refund ? (
              <Form method="post" className="mt-4 grid gap-4" aria-describedby="refund-errors">
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="refund" />
                <FormErrors id="refund-errors" errors={refundErrors.length > 0 ? refundErrors : undefined} />
                <div>
                  <label htmlFor="refund-amount" className="block text-sm font-medium">
                    Amount to refund ({currencySymbol(order.currency)})
                  </label>
                  <input
                    id="refund-amount"
                    name="amount"
                    inputMode="decimal"
                    required
                    pattern={CURRENCIES[order.currency].minorDigits === 0 ? "\\d+" : "\\d+(\\.\\d{1,2})?"}
                    defaultValue={refundKept.amount ?? minorToInput(refund.remainingMinor, order.currency)}
                    aria-describedby="refund-amount-hint"
                    className="input mt-1"
                  />
                  <p id="refund-amount-hint" className="mt-1 text-xs text-stone-500">
                    At most {formatMoney(refund.remainingMinor, order.currency)}, what remains of what was paid.
                  </p>
                </div>
                <div>
                  <label htmlFor="refund-reason" className="block text-sm font-medium">
                    Reason
                  </label>
                  <input
                    id="refund-reason"
                    name="reason"
                    maxLength={REFUND_REASON_MAX}
                    defaultValue={refundKept.reason ?? ""}
                    className="input mt-1"
                  />
                </div>
                <fieldset className="grid gap-2">
                  <legend className="text-sm font-medium">Items this refund covers</legend>
                  {order.lines.map((l, i) => (
                    <div key={l.sku} className="flex flex-wrap items-center gap-3 text-sm">
                      <label htmlFor={`refund-qty-${i}`} className="min-w-40">
                        {lineLabel(l)}
                      </label>
                      <input
                        id={`refund-qty-${i}`}
                        name={`quantity-${i}`}
                        type="number"
                        min={0}
                        max={refund.lines[i].left}
                        defaultValue={0}
                        aria-label={`Quantity of ${lineLabel(l)} refunded, at most ${refund.lines[i].left}`}
                        className="input w-20"
                      />
                      <label className="flex items-center gap-1">
                        <input type="checkbox" name={`restock-${i}`} defaultChecked={refund.restockByDefault} />
                        Put back on sale
                      </label>
                    </div>
                  ))}
                </fieldset>
                <button type="submit" className="btn-primary" disabled={busy}>
                  Refund
                </button>
              </Form>
            ) : null}
          </AdminSection>

          <AdminSection id="timeline-heading" title="Timeline">
            <OrderTimeline events={order.history} showActor />
          </AdminSection>
        </div>

        <div>
          <AdminSection id="customer-heading" title="Customer">
            <p className="text-sm">{order.email}</p>
            <p className="mt-1 text-sm">
              {order.userId ? (
                <Link to={`/admin/users/${order.userId}`} className="underline">
                  Customer account
                </Link>
              ) : (
                "Guest checkout"
              )}
            </p>
          </AdminSection>
          <AdminSection id="address-heading" title="Delivery address">
            <PostalAddress address={order.address} className="text-sm not-italic" />
            {order.address.phone ? <p className="text-sm">{order.address.phone}</p> : null}
            {hasPostalAddress(order.address) ? null : (
              <p className="mt-1 text-sm text-stone-600">Nothing to post: gift cards only, sent by e-mail.</p>
            )}
          </AdminSection>
          <AdminSection id="payment-heading" title="Payment and delivery">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">Payment</dt>
              <dd>
                {order.payment.state}
                {order.payment.cardLast4
                  ? ` · ${order.payment.cardBrand ?? "Card"} ending ${order.payment.cardLast4}`
                  : ""}
              </dd>
              <dt className="text-stone-600">Processor</dt>
              <dd>{order.payment.processor}</dd>
              {order.payment.reference ? (
                <>
                  <dt className="text-stone-600">Reference</dt>
                  <dd className="break-all font-mono text-xs">{order.payment.reference}</dd>
                </>
              ) : null}
              {order.payment.failureMessage ? (
                <>
                  <dt className="text-stone-600">Last failure</dt>
                  <dd>{order.payment.failureMessage}</dd>
                </>
              ) : null}
              {/* As text: /orders/{id}/invoice opens for the order's owner or its signed link, not for admins. */}
              <dt className="text-stone-600">Invoice</dt>
              <dd data-testid="invoice-number">{order.invoiceNumber ?? "None yet (issued at payment)"}</dd>
              <dt className="text-stone-600">Delivery</dt>
              <dd>{order.shipping.label}</dd>
              <dt className="text-stone-600">Tracking</dt>
              <dd className="font-mono text-xs">{order.trackingNumber ?? "—"}</dd>
            </dl>
          </AdminSection>

          {may.fulfil ? (
            <AdminSection id="status-heading" title="Change status">
              {transitions.length === 0 ? (
                <p className="text-sm text-stone-600">
                  A {STATUS_LABELS[order.status].toLowerCase()} order cannot change any more.
                </p>
              ) : (
                <Form method="post" {...getFormProps(statusForm)} className="grid gap-4">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="intent" value="status" />
                  <FormErrors
                    id={statusForm.errorId}
                    errors={statusForm.errors}
                    fields={invalidFields(statusForm, STATUS_FORM_LABELS)}
                  />
                  <Described meta={statusFields.to} label="New status">
                    {/* Not `required`: a list without an empty choice always has a value (HTML forbids the pair). */}
                    <select
                      {...getSelectProps(statusFields.to, { ariaAttributes: true })}
                      required={false}
                      key={statusFields.to.key}
                      className="input mt-1"
                    >
                      {transitions.map((t) => (
                        <option key={t.to} value={t.to}>
                          {STATUS_LABELS[t.to]}
                          {t.restocks ? " (puts the items back in stock)" : ""}
                        </option>
                      ))}
                    </select>
                  </Described>
                  {canShip ? (
                    <Field
                      meta={statusFields.trackingNumber}
                      label="Tracking number"
                      type="text"
                      hint="Required when the order is shipped."
                    />
                  ) : null}
                  <Described meta={statusFields.note} label="Note for the timeline (optional)">
                    <textarea
                      {...getTextareaProps(statusFields.note, { ariaAttributes: true })}
                      key={statusFields.note.key}
                      rows={2}
                      className="input mt-1"
                    />
                  </Described>
                  <button type="submit" className="btn-primary" disabled={busy}>
                    Change status
                  </button>
                </Form>
              )}
            </AdminSection>
          ) : null}

          {may.note ? (
            <AdminSection id="note-heading" title="Add a note">
              <Form method="post" {...getFormProps(noteForm)} className="grid gap-3">
                <AuthenticityTokenInput />
                <input type="hidden" name="intent" value="note" />
                <FormErrors
                  id={noteForm.errorId}
                  errors={noteForm.errors}
                  fields={invalidFields(noteForm, { note: "Note" })}
                />
                <Described meta={noteFields.note} label="Note">
                  <textarea
                    {...getTextareaProps(noteFields.note, { ariaAttributes: true })}
                    key={noteFields.note.key}
                    rows={3}
                    className="input mt-1"
                  />
                </Described>
                <button type="submit" className="btn-secondary" disabled={busy}>
                  Add note
                </button>
              </Form>
            </AdminSection>
          ) : null}
        </div>
      </div>
    </AdminPage>
  );
}
