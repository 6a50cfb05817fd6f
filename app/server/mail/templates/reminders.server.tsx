import { render } from "@react-email/render";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { Text } from "@react-email/text";
import type { AbandonedLine } from "~/domain/abandoned-checkout";
import type { MailMessage } from "../port";
import { ActionLink, MailLayout, paragraph, type ShopIdentity } from "./layout.server";

// The abandoned-checkout reminder: what was in the cart, a link that puts it back, the owner's
// promotion code when one is on, and a one-click unsubscribe (also in List-Unsubscribe headers).

export interface ReminderMailContext {
  shop: ShopIdentity;
  to: string;
  lines: readonly AbandonedLine[];
  restoreUrl: string;
  unsubscribeUrl: string;
  promotionCode: string | null;
  /** 1 or 2: the second says so. */
  n: 1 | 2;
}

function Reminder({ ctx }: { ctx: ReminderMailContext }) {
  return (
    <MailLayout shop={ctx.shop} preview="Your cart is waiting for you">
      <Text style={paragraph}>Hello,</Text>
      <Text style={paragraph}>
        {ctx.n === 2 ? "A last reminder: you" : "You"} left these in your cart at {ctx.shop.shopName}:
      </Text>
      {ctx.lines.map((l) => (
        <Text key={`${l.productId}|${l.size}|${l.colour}`} style={{ ...paragraph, margin: "4px 0" }}>
          {l.quantity} × {l.name} ({l.colour}, {l.size}) — {formatMoney(l.unitPriceMinor, BASE_CURRENCY)} each
        </Text>
      ))}
      <ActionLink href={ctx.restoreUrl}>Return to your cart</ActionLink>
      <Text style={paragraph}>The link works once, for 7 days. Prices and stock are checked again at checkout.</Text>
      {ctx.promotionCode ? (
        <Text style={paragraph}>Use the code {ctx.promotionCode} at checkout for a discount while it lasts.</Text>
      ) : null}
      <Text style={{ ...paragraph, fontSize: "12px" }}>
        No more reminders like this one? Unsubscribe: {ctx.unsubscribeUrl}
      </Text>
    </MailLayout>
  );
}

export async function reminderMail(ctx: ReminderMailContext): Promise<MailMessage> {
  const element = <Reminder ctx={ctx} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return {
    to: ctx.to,
    subject: `Your cart is waiting — ${ctx.shop.shopName}`,
    text,
    html,
    // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that posts to this address.
    headers: {
      "List-Unsubscribe": `<${ctx.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
