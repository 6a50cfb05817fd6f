import { Text } from "@react-email/text";
import { render } from "@react-email/render";
import { formatMoney } from "~/domain/money";
import type { MailMessage } from "../port";
import type { Order } from "~/domain/commerce";
import { refundsOf } from "~/domain/refund";
import { ActionLink, MailLayout, paragraph, type ShopIdentity } from "./layout.server";

// The e-mails an order sends as its status changes, each with an HTML part and a text part
// rendered from the same template, so the two never say different things.

export type OrderMailKind =
  | "shipped"
  | "delivered"
  | "cancelled"
  | "refunded"
  | "partially_refunded"
  | "payment_failed";

export const ORDER_MAIL_KINDS: readonly OrderMailKind[] = [
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "partially_refunded",
  "payment_failed",
];

export interface OrderMailContext {
  shop: ShopIdentity;
  order: Order;
  /** The order page, with its signed key (a guest opens it without signing in). */
  orderUrl: string;
  /** The carrier's page for the tracking number (shipped only). */
  trackingUrl: string | null;
  /** Days from delivery to return items for free (configuration); null: the e-mail states no figure. */
  returnsWindowDays?: number | null;
}

function Items({ order }: { order: Order }) {
  return (
    <>
      {order.lines.map((l) => (
        <Text key={`${l.productId}-${l.colour}-${l.size}`} style={{ ...paragraph, margin: "4px 0" }}>
          {l.quantity} × {l.name} ({l.colour}, {l.size})
        </Text>
      ))}
    </>
  );
}

const SUBJECTS: Record<OrderMailKind, (shop: string, number: string) => string> = {
  shipped: (shop, n) => `Your ${shop} order ${n} is on its way`,
  delivered: (shop, n) => `Your ${shop} order ${n} has been delivered`,
  cancelled: (shop, n) => `Your ${shop} order ${n} has been cancelled`,
  refunded: (shop, n) => `Your ${shop} order ${n} has been refunded`,
  partially_refunded: (shop, n) => `Part of your ${shop} order ${n} has been refunded`,
  payment_failed: (shop, n) => `The payment for your ${shop} order ${n} did not go through`,
};

/** The money the latest refund gave back (orders refunded before refund records: the whole total). */
const lastRefundMinor = (order: Order) =>
  refundsOf(order)
    .filter((r) => r.state === "succeeded")
    .at(-1)?.amountMinor ?? order.totalMinor;

function Body({ kind, ctx }: { kind: OrderMailKind; ctx: OrderMailContext }) {
  const { order, orderUrl, trackingUrl, returnsWindowDays } = ctx;
  const hello = <Text style={paragraph}>Hello {order.address.name},</Text>;
  switch (kind) {
    case "shipped":
      return (
        <>
          {hello}
          <Text style={paragraph}>Good news: your order {order.number} has left our warehouse.</Text>
          <Text style={paragraph}>Tracking number: {order.trackingNumber ?? "—"}</Text>
          {trackingUrl ? <ActionLink href={trackingUrl}>Track your parcel</ActionLink> : null}
          <Items order={order} />
          <ActionLink href={orderUrl}>See your order</ActionLink>
        </>
      );
    case "delivered":
      return (
        <>
          {hello}
          <Text style={paragraph}>Your order {order.number} has been delivered. We hope you love it.</Text>
          <Items order={order} />
          <Text style={paragraph}>
            Something not right? Returns are free{returnsWindowDays ? ` within ${returnsWindowDays} days` : ""}.
          </Text>
          <ActionLink href={orderUrl}>See your order</ActionLink>
        </>
      );
    case "cancelled":
      return (
        <>
          {hello}
          <Text style={paragraph}>
            Your order {order.number} has been cancelled. If you paid, the money comes back to you.
          </Text>
          <Items order={order} />
          <ActionLink href={orderUrl}>See your order</ActionLink>
        </>
      );
    case "refunded":
    case "partially_refunded":
      return (
        <>
          {hello}
          <Text style={paragraph}>
            We have refunded {formatMoney(lastRefundMinor(order), order.currency)} for your order {order.number}. Your
            bank may take a few days to show it.
          </Text>
          <Items order={order} />
          <ActionLink href={orderUrl}>See your order</ActionLink>
        </>
      );
    case "payment_failed":
      return (
        <>
          {hello}
          <Text style={paragraph}>
            The payment of {formatMoney(order.totalMinor, order.currency)} for your order {order.number} did not go
            through
            {order.payment.failureMessage ? `: ${order.payment.failureMessage}` : "."}
          </Text>
          <Text style={paragraph}>
            Nothing was charged. Your order is kept: you can pay again while the items are in stock.
          </Text>
          <Items order={order} />
          <ActionLink href={orderUrl}>Pay again</ActionLink>
        </>
      );
  }
}

export function OrderStatusEmail({ kind, ctx }: { kind: OrderMailKind; ctx: OrderMailContext }) {
  return (
    <MailLayout shop={ctx.shop} preview={SUBJECTS[kind](ctx.shop.shopName, ctx.order.number)}>
      <Body kind={kind} ctx={ctx} />
    </MailLayout>
  );
}

/** The finished message for a status change (HTML and text from one template). */
export async function orderStatusMail(kind: OrderMailKind, ctx: OrderMailContext): Promise<MailMessage> {
  const element = <OrderStatusEmail kind={kind} ctx={ctx} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { to: ctx.order.email, subject: SUBJECTS[kind](ctx.shop.shopName, ctx.order.number), text, html };
}
