import { belowTheFold } from "~/components/below-the-fold";
import * as onServer from "./back-in-stock-form.server";

/**
 * "Sold out in your size?" under the buy box, on products with a sold-out size only: a plain form
 * that works before its code arrives, so that code is not part of what the page needs first.
 */
export const LazyBackInStockForm = belowTheFold(onServer.BackInStockForm, () =>
  import("./BackInStockForm").then((m) => m.BackInStockForm),
);
