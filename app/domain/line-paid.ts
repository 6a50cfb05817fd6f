import type { OrderLine } from "./commerce";

// What an order line's units were paid: shared by returns (what a return gives back) and the
// sales reports (what a line brought in), so both value the same unit at the same cents.

/**
 * What a line paid for `units` of its units: the list price less the same share of the line's
 * promotion discount, rounded to the cent. Counted from the line's first unit, so for all its
 * units it is exactly what the line paid (unit × quantity − discount).
 */
export function paidForUnits(line: OrderLine, units: number): number {
  const n = Math.min(Math.max(0, units), line.quantity);
  if (n === 0) return 0;
  return line.unitPriceMinor * n - Math.round(((line.discountMinor ?? 0) * n) / line.quantity);
}
