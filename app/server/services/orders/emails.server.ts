import { countryName } from "~/lib/countries";
import { formatMoney } from "~/lib/money";
import type { MailMessage } from "../../mail/port";
import type { Order } from "~/domain/commerce";

/** The order confirmation: what was bought, where it goes, what it cost, and the link to follow it. */
export function orderConfirmationMail(shopName: string, order: Order, orderUrl: string): MailMessage {
  const lines = order.lines.map(
    (l) => `  ${l.quantity} × ${l.name} (${l.colour}, ${l.size})  ${formatMoney(l.unitPriceMinor * l.quantity)}`,
  );
  const a = order.address;
  return {
    to: order.email,
    subject: `Your ${shopName} order ${order.number} is confirmed`,
    text: [
      `Hello ${a.name},`,
      "",
      `Thank you for your order ${order.number}. We have received your payment and are getting it ready.`,
      "",
      ...lines,
      "",
      `  Subtotal   ${formatMoney(order.subtotalMinor)}`,
      `  Delivery   ${order.shippingMinor === 0 ? "Free" : formatMoney(order.shippingMinor)} — ${order.shipping.label}`,
      `  Total      ${formatMoney(order.totalMinor)} (including VAT)`,
      "",
      "Delivering to:",
      `  ${a.name}`,
      `  ${a.line1}`,
      ...(a.line2 ? [`  ${a.line2}`] : []),
      `  ${a.postalCode} ${a.city}`,
      `  ${countryName(a.country)}`,
      "",
      "Follow your order here:",
      orderUrl,
      "",
      `— ${shopName}`,
    ].join("\n"),
  };
}
