import crypto from "node:crypto";

/**
 * A review's id, derived from the product and the buyer: every adapter stores a review under it,
 * so a second review by the same buyer of the same product meets the first (one per pair).
 */
export function reviewIdFor(productId: string, userId: string): string {
  return crypto
    .createHash("sha256")
    .update(JSON.stringify([productId, userId]))
    .digest("base64url")
    .slice(0, 32);
}
