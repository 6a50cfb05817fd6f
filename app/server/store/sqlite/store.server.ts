import type { Store } from "../port";
import { openDatabase } from "./database.server";
import { createSqliteProductStore } from "./product-store.server";

export function createSqliteStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  return {
    kind: "sqlite",
    products: createSqliteProductStore(db),
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      db.close();
    },
  };
}
