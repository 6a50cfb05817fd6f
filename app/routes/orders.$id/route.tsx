import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { OrderSummary, orderVat } from "~/components/cart/OrderSummary";
import { CardFields } from "~/components/checkout/CardFields";
import { FormErrors, invalidFields } from "~/components/forms/Field";
import { CARD_LABELS } from "~/components/checkout/CardFields";
import { OrderLines } from "~/components/orders/OrderLines";
import { PostalAddress } from "~/components/orders/PostalAddress";
import { OrderTimeline } from "~/components/orders/OrderTimeline";
import { StatusBadge } from "~/components/orders/StatusBadge";
import { parseExpiry, payAgainSchema } from "~/lib/checkout-schema";
import { formatMoney, type CurrencyCode } from "~/domain/money";
import { seo } from "~/lib/seo";
import { clientIp } from "~/server/http/session.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { readForm } from "~/server/http/form-body.server";
import { formGuardProblem, intentFailure, retryAfterHeaders } from "~/server/http/forms.server";
import { returnAction } from "~/routes/orders.$id/return-action.server";
import { firstError, replyFor } from "~/lib/form-reply";
import { rateLimitMessage } from "~/server/services/accounts/rate-limit.server";
import { orderPlacedMessage, shortfallMessage } from "~/server/services/checkout/messages.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { RouteErrorPage } from "~/components/RouteErrorPage";
import { ReturnsSection } from "~/components/orders/ReturnsSection";
import { returnableQuantity, returnsOf } from "~/domain/return";
import { viewableOrder, viewerPath } from "~/routes/orders.$id/viewable-order.server";
import { useRootData } from "~/components/layout/root-data";
import { parseForm } from "~/server/http/form-shape.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  seo(args, {
    title: args.data ? `Order ${args.data.order.number}` : "Order",
    description: "Your order.",
    noindex: true,
  });

const SENSITIVE = ["cardNumber", "cvc", "expiry"];

export const headers = retryAfterHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const order = await viewableOrder(request, context, params.id);
  const url = new URL(request.url);
  const { checkout, returns } = context.shop;
  const { idempotencyKey: _key, userId: _user, ...visible } = order;
  return {
    order: visible,
    returns: {
      list: returnsOf(order),
      canStart: returns.canStart(order),
      windowDays: returns.windowDays,
      returnable: order.lines.map((l) => returnableQuantity(order, l)),
    },
    // The invoice opens for whoever may see the order: the signed link's key goes along.
    invoiceHref: order.invoiceNumber ? viewerPath(order.id, url.searchParams.get("key"), "/invoice") : null,
    // Stripe Checkout's success URL (set by the service): the page says it waits for the processor
    // while the order is unpaid. The only flag read from the URL, as it comes back from another site.
    returnedFromPayment: url.searchParams.get("paid") === "1",
    processor: checkout.processor,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const order = await viewableOrder(request, context, params.id);
  const { checkout, orders, config } = context.shop;
  const formData = await readForm(request);
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  if (formData.get("intent") === "return") return returnAction(request, context, formData, order, back);
  const withCard = checkout.processor.kind === "card-form";
  const submission = parseForm(formData, { schema: payAgainSchema });
  const problem = await formGuardProblem(formData, request);
  // The pay-again form (any other intent): refusals keep no card details.
  const refuse = (message: string | undefined, status: number, headers?: HeadersInit) =>
    intentFailure(
      "pay",
      submission.reply({ formErrors: message ? [message] : undefined, hideFields: SENSITIVE }),
      status,
      headers,
    );
  if (problem) return refuse(problem.message, problem.status);
  if (withCard && submission.status !== "success") return refuse(undefined, 400);

  const card =
    withCard && submission.status === "success"
      ? { number: submission.value.cardNumber, cvc: submission.value.cvc, ...parseExpiry(submission.value.expiry) }
      : null;
  const result = await checkout.retryPayment(order, card, publicOrigin(request, config), clientIp(request, context));
  switch (result.kind) {
    case "sold-out":
      return refuse(shortfallMessage(result.shortfalls), 409);
    case "rate-limited":
      return refuse(rateLimitMessage(result.retryAfterSeconds), 429, {
        "Retry-After": String(result.retryAfterSeconds),
      });
    case "redirect":
      return redirect(result.url, 303);
    case "done": {
      const link = orders.linkFor(result.order);
      if (result.order.status !== "paid") return redirect(link, 303);
      return redirectWithFlash(link, orderPlacedMessage(result.order.email));
    }
    default:
      return redirect(back, 303);
  }
}

const dateFormat = new Intl.DateTimeFormat("en-IE", { dateStyle: "long", timeZone: "UTC" });

export default function OrderPage() {
  const { order, returnedFromPayment, processor, returns, invoiceHref } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const returnError = firstError(replyFor(actionData, "return"))?.message;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      {returnedFromPayment && order.status === "pending_payment" ? (
        <p role="status" className="mb-6 rounded-md bg-sky-50 px-4 py-3 text-sm text-sky-900">
          Thank you. We are waiting for the payment provider to confirm your payment; this page updates when you reload
          it.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">Order {order.number}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-stone-600">
        Placed on <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
        {order.trackingNumber ? ` · Tracking number ${order.trackingNumber}` : null}
      </p>

      {order.status === "payment_failed" || (order.status === "pending_payment" && processor.kind === "hosted") ? (
        <PayAgain
          failure={order.status === "payment_failed" ? order.payment.failureMessage : null}
          withCard={processor.kind === "card-form"}
          processorLabel={processor.label}
          total={order.totalMinor}
          currency={order.currency}
        />
      ) : null}

      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-8">
          <section aria-labelledby="items-heading">
            <h2 id="items-heading" className="mb-3 text-lg font-semibold">
              Items
            </h2>
            <OrderLines lines={order.lines} currency={order.currency} />
            <OrderSummary
              subtotalMinor={order.subtotalMinor}
              savingsMinor={order.lines.reduce(
                (s, l) => s + (l.compareAtMinor ? (l.compareAtMinor - l.unitPriceMinor) * l.quantity : 0),
                0,
              )}
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
          </section>
          <section aria-labelledby="timeline-heading">
            <h2 id="timeline-heading" className="mb-3 text-lg font-semibold">
              Timeline
            </h2>
            <OrderTimeline events={order.history} />
          </section>
          <ReturnsSection
            lines={order.lines}
            returns={returns.list}
            returnable={returns.returnable}
            canStart={returns.canStart}
            windowDays={returns.windowDays}
            errors={returnError ? [returnError] : undefined}
          />
        </div>
        <aside className="space-y-6 text-sm">
          <section aria-labelledby="delivery-heading">
            <h2 id="delivery-heading" className="font-semibold">
              Delivery
            </h2>
            <PostalAddress address={order.address} className="mt-2 not-italic text-stone-700" />
            <p className="mt-2 text-stone-700">{order.shipping.label}</p>
          </section>
          <section aria-labelledby="payment-heading">
            <h2 id="payment-heading" className="font-semibold">
              Payment
            </h2>
            <p className="mt-2 text-stone-700">
              {order.payment.cardLast4
                ? `${order.payment.cardBrand} ending ${order.payment.cardLast4}`
                : order.payment.processor === "stripe"
                  ? "Stripe"
                  : "Card"}
              {" · "}
              {order.payment.state === "succeeded"
                ? "Paid"
                : order.payment.state === "refunded"
                  ? "Refunded"
                  : order.payment.state === "failed"
                    ? "Not paid"
                    : "Pending"}
            </p>
            {invoiceHref ? (
              <p className="mt-2">
                <Link to={invoiceHref} className="font-medium underline">
                  Invoice {order.invoiceNumber}
                </Link>
              </p>
            ) : null}
          </section>
          <p>
            Questions? See{" "}
            <Link to="/returns" className="underline">
              returns
            </Link>{" "}
            or{" "}
            <Link to="/shipping" className="underline">
              shipping
            </Link>
            .
          </p>
        </aside>
      </div>
    </div>
  );
}

function PayAgain({
  failure,
  withCard,
  processorLabel,
  total,
  currency,
}: {
  failure: string | null;
  withCard: boolean;
  processorLabel: string;
  total: number;
  currency: CurrencyCode;
}) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "pay-again",
    lastResult: replyFor(actionData, "pay"),
    constraint: getZodConstraint(payAgainSchema),
    shouldValidate: "onBlur",
    onValidate: withCard ? ({ formData }) => parseWithZod(formData, { schema: payAgainSchema }) : undefined,
  });
  return (
    <section aria-labelledby="pay-heading" className="mt-6 rounded-lg border border-red-200 bg-red-50/40 p-6">
      <h2 id="pay-heading" className="text-lg font-semibold">
        {failure ? "Your payment did not go through" : "Complete your payment"}
      </h2>
      {failure ? (
        <p role="alert" className="mt-1 text-sm text-red-800">
          {failure} Your order and address are saved: pay with another card below.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 max-w-md space-y-4">
        <AuthenticityTokenInput />
        <FormErrors id={form.errorId} errors={form.errors} fields={invalidFields(form, CARD_LABELS)} />
        {withCard ? (
          <CardFields
            number={fields.cardNumber}
            expiry={fields.expiry}
            cvc={fields.cvc}
            processorLabel={processorLabel}
          />
        ) : null}
        <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Paying…" : `Pay ${formatMoney(total, currency)}`}
        </button>
      </Form>
    </section>
  );
}

/** An order that cannot be shown still leads to the shopper's other orders when they are signed in. */
export function ErrorBoundary() {
  const { user } = useRootData();
  return (
    <>
      {user ? (
        <p className="mx-auto max-w-2xl px-4 pt-8 text-center text-sm text-stone-700">
          <Link to="/orders" className="font-medium underline">
            See all your orders
          </Link>
        </p>
      ) : null}
      <RouteErrorPage />
    </>
  );
}
