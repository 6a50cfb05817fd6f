import { belowTheFold } from "~/components/below-the-fold";
import * as onServer from "./product-grid.server";

/** A grid of product cards below the fold (a product page's suggestions); listings use ProductGrid. */
export const LazyProductGrid = belowTheFold(onServer.ProductGrid, () =>
  import("./ProductCard").then((m) => m.ProductGrid),
);
