// npm run look:rebuild -> count the products bought together of every paid order not counted yet
// (complete the look), on whichever backend SHOP_BACKEND names. Safe to run at any time and again:
// each order is counted once. See docs/operations.md, "Complete the look: pair counts".
import { ConfigError, parseConfig } from "~/server/config.server";
import { allOrders } from "~/server/migration/shop-figures.server";
import { countPaidOrders } from "~/server/services/look/pair-counts.server";
import { createStore } from "~/server/store/create-store.server";
import { loadShopEnv } from "./env";

loadShopEnv();
try {
  const store = createStore(parseConfig());
  try {
    const orders = await allOrders(store);
    const counted = await countPaidOrders(store.pairs, orders);
    console.log(`Complete the look: ${counted} paid orders counted now, of ${orders.length} orders`);
  } finally {
    await store.close();
  }
} catch (error) {
  const message = error instanceof ConfigError ? error.message : `Rebuild failed: ${(error as Error).message}`;
  console.error(message);
  process.exit(1);
}
