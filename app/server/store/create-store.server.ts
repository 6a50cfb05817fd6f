import type { Config } from "../config.server";
import { createFirestoreStore } from "./firestore/store.server";
import type { Store } from "./port";
import { createSqliteStore } from "./sqlite/store.server";

/** The store alone, for scripts (seeding, benchmarks) that need no identity or mail. */
export function createStore(config: Config): Store {
  switch (config.backend) {
    case "embedded":
      return createSqliteStore(config.dataDir);
    case "firebase":
      return createFirestoreStore(config.firebase.projectId!);
  }
}
