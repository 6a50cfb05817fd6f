import type { Order } from "~/domain/commerce";

// Which payment attempt an order awaiting payment is on, and the idempotency key of its charge.
// A card order counts an attempt only when its outcome is recorded, so the attempt under way is the
// next one; the key names it, so whoever charges it (checkout, a replayed form) or asks about it
// after a crash (the sweep, the order page) names the same charge. A hosted page is already counted
// when it opens, and is known by its reference.

/** The attempt a card order awaiting payment is on: the recorded attempts and the one under way. */
export const cardAttemptOf = (order: Pick<Order, "payment">): number => order.payment.attempts + 1;

/** The idempotency key of a card order's charge for an attempt (by default the one under way). */
export const chargeKeyOf = (order: Pick<Order, "id" | "payment">, attempt = cardAttemptOf(order)): string =>
  `${order.id}:${attempt}`;
