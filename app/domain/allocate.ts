// Splitting an amount of cents across weights (line amounts) so that the shares are whole cents,
// sum exactly to the amount, and none exceeds its weight: each share is the floor of its exact
// proportional part, and the cents left over go to the largest remainders (ties: the earlier line).

/** `amount` (0 ≤ amount ≤ sum of weights, integers) split across non-negative integer `weights`. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (amount <= 0 || total <= 0) return weights.map(() => 0);
  const capped = Math.min(amount, total);
  const shares = weights.map((w) => Math.floor((capped * w) / total));
  // Remainders compared as integers (capped × w mod total), never as floats.
  const order = weights.map((w, i) => ({ i, rest: (capped * w) % total })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  let left = capped - shares.reduce((sum, s) => sum + s, 0);
  for (const { i } of order) {
    if (left === 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}
