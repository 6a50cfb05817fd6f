import type { Order, OrderStatus } from "~/domain/commerce";
import type { CurrencyCode } from "~/domain/money";

/** An order as a back-office table row shows it: loaders send only this to the browser. */
export interface OrderRow {
  id: string;
  number: string;
  email: string;
  status: OrderStatus;
  /** In the order's own currency. */
  totalMinor: number;
  currency: CurrencyCode;
  createdAt: string;
  items: number;
}

export const orderRow = (o: Order): OrderRow => ({
  id: o.id,
  number: o.number,
  email: o.email,
  status: o.status,
  totalMinor: o.totalMinor,
  currency: o.currency,
  createdAt: o.createdAt,
  items: o.lines.reduce((n, l) => n + l.quantity, 0),
});
