import { hasPostalAddress, postalLines } from "~/domain/postal-address";
import { countryName } from "~/lib/countries";
import { formatMoney } from "~/domain/money";
import type { MailMessage } from "../../mail/port";
import type { Order } from "~/domain/commerce";
import type { GiftCardLineDetails } from "~/domain/gift-card-product";
import { taxRuleStatement, vatCollected } from "~/domain/tax-rule";

/** Where a gift card line's code goes (never the code: only the e-mail that carries it has it). */
function giftCardWhere(amount: string, d: GiftCardLineDetails): string {
  const to = d.recipientEmail
    ? `e-mailed to ${d.recipientName ? `${d.recipientName}, ` : ""}${d.recipientEmail}`
    : "e-mailed to you";
  return `gift card ${amount}, ${to} ${d.sendOn ? `on ${d.sendOn}` : "now"}`;
}

/** The order confirmation: what was bought, where it goes, what it cost, and the link to follow it. */
export function orderConfirmationMail(shopName: string, order: Order, orderUrl: string): MailMessage {
  // Every amount in the order's own currency (its market's).
  const money = (minor: number) => formatMoney(minor, order.currency);
  const lines = order.lines.map(
    (l) =>
      `  ${l.quantity} × ${l.name} (${l.giftCard ? giftCardWhere(l.size, l.giftCard) : `${l.colour}, ${l.size}`})  ` +
      `${money(l.unitPriceMinor * l.quantity)}` +
      (l.discountMinor ? `  (discount −${money(l.discountMinor)})` : ""),
  );
  // Orders from before promotions and VAT were recorded have neither: their lines are left out.
  const discounts = (order.promotions ?? [])
    .filter((p) => p.discountMinor > 0)
    .map((p) => `  Discount   −${money(p.discountMinor)} — ${p.name}${p.code ? ` (${p.code})` : ""}`);
  const vat =
    order.vatRate !== undefined && !vatCollected(order)
      ? ["", `  ${taxRuleStatement(order)}`]
      : order.vatRate !== undefined && order.vatMinor !== undefined
        ? [
            "",
            `  VAT included at ${order.vatRate}%${order.taxRule === "uk-vat" ? " (UK)" : ""}:`,
            `    on items     ${money(order.vatMinor - (order.shippingVatMinor ?? 0))}`,
            `    on delivery  ${money(order.shippingVatMinor ?? 0)}`,
            `    total VAT    ${money(order.vatMinor)}`,
          ]
        : [];
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
      `  Subtotal   ${money(order.subtotalMinor)}`,
      ...discounts,
      `  Delivery   ${order.shippingMinor === 0 ? "Free" : money(order.shippingMinor)} — ${order.shipping.label}`,
      `  Total      ${money(order.totalMinor)}${vatCollected(order) ? " (including VAT)" : ""}`,
      ...vat,
      "",
      ...(hasPostalAddress(a)
        ? ["Delivering to:", ...postalLines(a).map((line) => `  ${line}`), `  ${countryName(a.country)}`]
        : ["Nothing is posted: each gift card is sent by e-mail."]),
      "",
      "Follow your order here:",
      orderUrl,
      "",
      `— ${shopName}`,
    ].join("\n"),
  };
}
