import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import type { MailMessage } from "../port";
import { ActionLink, MailLayout, paragraph, type ShopIdentity } from "./layout.server";

// Back-in-stock alerts: the confirmation of a sign-up and the e-mail when the item is back,
// each with an unsubscribe link. HTML and text parts come from the same template.

export interface StockAlertMailContext {
  shop: ShopIdentity;
  to: string;
  /** "Linen Shirt in Sage, size M" */
  item: string;
  productUrl: string;
  unsubscribeUrl: string;
}

function Confirmation({ ctx }: { ctx: StockAlertMailContext }) {
  return (
    <MailLayout shop={ctx.shop} preview={`We will tell you when ${ctx.item} is back`}>
      <Text style={paragraph}>Hello,</Text>
      <Text style={paragraph}>We will e-mail you once, as soon as {ctx.item} is back in stock.</Text>
      <ActionLink href={ctx.productUrl}>See the product</ActionLink>
      <Text style={paragraph}>Changed your mind? Unsubscribe: {ctx.unsubscribeUrl}</Text>
    </MailLayout>
  );
}

function BackInStock({ ctx }: { ctx: StockAlertMailContext }) {
  return (
    <MailLayout shop={ctx.shop} preview={`${ctx.item} is back in stock`}>
      <Text style={paragraph}>Hello,</Text>
      <Text style={paragraph}>Good news: {ctx.item} is back in stock. Stock is limited, so it may not last.</Text>
      <ActionLink href={ctx.productUrl}>Shop it now</ActionLink>
      <Text style={paragraph}>
        This was the one e-mail you asked for. To stop this alert anyway: {ctx.unsubscribeUrl}
      </Text>
    </MailLayout>
  );
}

async function message(subject: string, element: JSX.Element, to: string): Promise<MailMessage> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { to, subject, text, html };
}

export const stockAlertConfirmationMail = (ctx: StockAlertMailContext) =>
  message(`We will tell you when it is back — ${ctx.shop.shopName}`, <Confirmation ctx={ctx} />, ctx.to);

export const backInStockMail = (ctx: StockAlertMailContext) =>
  message(`Back in stock: ${ctx.item}`, <BackInStock ctx={ctx} />, ctx.to);
