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
