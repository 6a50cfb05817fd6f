// VAT included in gross prices, in whole cents: each line's VAT is rounded on its own (half up),
// and the order's VAT is the sum of the lines' and the delivery's, so the breakdown always adds up.

/** VAT included in `grossMinor` at `ratePercent` (one decimal at most): round(gross × rate / (100 + rate)). */
export function vatIncluded(grossMinor: number, ratePercent: number): number {
  if (grossMinor <= 0 || ratePercent <= 0) return 0;
  // Tenths of a percent as integers, and half-up rounding in integer arithmetic: no float drift.
  const tenths = Math.round(ratePercent * 10);
  const denominator = 1000 + tenths;
  return Math.floor((2 * grossMinor * tenths + denominator) / (2 * denominator));
}

export interface VatBreakdown {
  lines: number[];
  shippingVatMinor: number;
  vatMinor: number;
}

export function vatBreakdown(
  lineGrossMinor: readonly number[],
  shippingMinor: number,
  ratePercent: number,
): VatBreakdown {
  const lines = lineGrossMinor.map((gross) => vatIncluded(gross, ratePercent));
  const shippingVatMinor = vatIncluded(shippingMinor, ratePercent);
  return { lines, shippingVatMinor, vatMinor: lines.reduce((sum, v) => sum + v, 0) + shippingVatMinor };
}
