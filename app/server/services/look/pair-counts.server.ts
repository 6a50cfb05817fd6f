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

/**
 * Count every paid order not counted yet (pair counts are derived data): after a move to another
 * store, or to recover an order whose process stopped between its payment and its count. Each
 * order's claim keeps a run, or a run again, from counting one twice. Returns the orders counted now.
 */
export async function countPaidOrders(pairs: PairStore, orders: Iterable<Order>): Promise<number> {
  let counted = 0;
  for (const order of orders) {
    if (wasPaid(order) && (await pairs.countOrder(order.id, pairsOfOrder(order.lines.map((l) => l.productId)))))
      counted += 1;
  }
  return counted;
}
