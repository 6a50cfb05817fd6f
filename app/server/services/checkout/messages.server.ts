import type { StockShortfall } from "~/domain/commerce";

/** "Sorry, … sold out …" naming every line that could not be bought, and what is left of it. */
export function shortfallMessage(shortfalls: readonly StockShortfall[]): string {
  const lines = shortfalls.map(
    (s) => `${s.name} (${s.colour}, ${s.size}): ${s.available === 0 ? "sold out" : `only ${s.available} left`}`,
  );
  return (
    `Sorry, not everything in your cart is still available — ${lines.join("; ")}. Nothing was charged ` +
    `and no order was placed. Update your cart and try again.`
  );
}

/** The notice on the order's page once it is placed and paid (shown once, from the flash cookie). */
export function orderPlacedMessage(email: string): string {
  return `Thank you! Your order is confirmed. We have sent a confirmation to ${email}. Keep this page's address to follow your order.`;
}

/** The notice when a shopper comes back from the payment page without paying. */
export const PAYMENT_LEFT_MESSAGE = "You left the payment page without paying. Nothing was charged.";
