import type { Config } from "../config.server";
import type { Store } from "./port";
import { createSqliteStore } from "./sqlite/store.server";

export function createStore(config: Config): Store {
  switch (config.backend) {
    case "embedded":
      return createSqliteStore(config.dataDir);
    case "firebase":
      // The Firestore adapter lands with the accounts issue; until then say so plainly at start.
      throw new Error("SHOP_BACKEND=firebase: the Firestore adapter is not available in this build yet; use SHOP_BACKEND=embedded");
  }
}
