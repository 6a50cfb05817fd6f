import type { Order } from "~/domain/commerce";
import { pairsOfOrder } from "~/domain/complete-the-look";
import type { PairStore } from "~/server/store/port";

/**
 * Count a paid order's product pairs, once per order (the store claims its id with the counts).
 * Suggestions are a hint: a store that fails here never undoes the payment; the order is then
 * counted by the next rebuild (npm run look:rebuild), which the claim keeps from counting twice.
 */
export async function countPaidOrder(
  pairs: PairStore,
  order: Pick<Order, "id" | "number" | "lines">,
): Promise<boolean> {
  const list = pairsOfOrder(order.lines.map((l) => l.productId));
  try {
    return await pairs.countOrder(order.id, list);
  } catch (error) {
    console.error(`Order ${order.number}: its products bought together could not be counted`, error);
    return false;
  }
}

/** Whether an order was ever paid (a later refund or return does not unsay what was bought together). */
export const wasPaid = (order: Pick<Order, "history">) => order.history.some((e) => e.status === "paid");
