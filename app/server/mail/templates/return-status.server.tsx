import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import type { Order } from "~/domain/commerce";
import type { ReturnRequest } from "~/domain/return-record";
import { formatMoney } from "~/domain/money";
import type { MailMessage } from "../port";
import { ActionLink, MailLayout, paragraph, type ShopIdentity } from "./layout.server";

// The e-mails of a return, one per step, HTML and text from one template (as the order e-mails).

/** closed: a received return worth nothing (free units, or an order already refunded) is settled without a refund. */
export type ReturnMailKind = "requested" | "approved" | "rejected" | "received" | "refunded" | "closed";

export interface ReturnMailContext {
  shop: ShopIdentity;
  order: Order;
  request: ReturnRequest;
  orderUrl: string;
  /** The refund's amount (refunded only). */
  refundedMinor?: number;
}

const SUBJECTS: Record<ReturnMailKind, (shop: string, n: string) => string> = {
  requested: (shop, n) => `Your ${shop} return ${n}: how to send it`,
  approved: (shop, n) => `Your ${shop} return ${n} has been approved`,
  rejected: (shop, n) => `Your ${shop} return ${n} could not be accepted`,
  received: (shop, n) => `We have received your ${shop} return ${n}`,
  refunded: (shop, n) => `Your ${shop} return ${n} has been refunded`,
  closed: (shop, n) => `Your ${shop} return ${n} is complete`,
};

function Lines({ order, request }: { order: Order; request: ReturnRequest }) {
  return (
    <>
      {request.lines.map((l) => {
        const line = order.lines.find((o) => o.sku === l.sku);
        return (
          <Text key={l.sku} style={{ ...paragraph, margin: "4px 0" }}>
            {l.quantity} × {line ? `${line.name} (${line.colour}, ${line.size})` : l.sku}
          </Text>
        );
      })}
    </>
  );
}

function Body({ kind, ctx }: { kind: ReturnMailKind; ctx: ReturnMailContext }) {
  const { order, request } = ctx;
  const message = request.message ? <Text style={paragraph}>{request.message}</Text> : null;
  const intro: Record<ReturnMailKind, string> = {
    requested:
      `We have your return ${request.number} for order ${order.number}. Pack the items unworn with their labels, ` +
      `write ${request.number} on the parcel and wait for our approval before sending it.`,
    approved: `Your return ${request.number} is approved. Send the parcel to ${ctx.shop.shopName} Returns, with ${request.number} written on it.`,
    rejected: `We are sorry: your return ${request.number} could not be accepted.`,
    received: `Your return ${request.number} has arrived. We will refund it shortly.`,
    refunded:
      `We have refunded ${formatMoney(ctx.refundedMinor ?? 0, order.currency)} for your return ${request.number}. ` +
      "Your bank may take a few days to show it.",
    closed: `Your return ${request.number} is complete. There is nothing to refund for it: these items were free, or their price has already been refunded.`,
  };
  return (
    <>
      <Text style={paragraph}>Hello {order.address.name},</Text>
      <Text style={paragraph}>{intro[kind]}</Text>
      {message}
      <Lines order={order} request={request} />
      <ActionLink href={ctx.orderUrl}>See your order and return</ActionLink>
    </>
  );
}

export async function returnStatusMail(kind: ReturnMailKind, ctx: ReturnMailContext): Promise<MailMessage> {
  const subject = SUBJECTS[kind](ctx.shop.shopName, ctx.request.number);
  const element = (
    <MailLayout shop={ctx.shop} preview={subject}>
      <Body kind={kind} ctx={ctx} />
    </MailLayout>
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { to: ctx.order.email, subject, text, html };
}
