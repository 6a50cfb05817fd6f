import type { Store } from "~/server/store/port";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { makeTempDir } from "../support/temp-dir";

// Every store adapter the contract suites run against. Each entry makes a fresh, empty store.
// The Firebase backend adds its Firestore adapter here (started against the emulator).
export interface AdapterUnderTest {
  name: string;
  create(): Promise<{ store: Store; dispose(): Promise<void> }>;
}

export const STORE_ADAPTERS: AdapterUnderTest[] = [
  {
    name: "sqlite",
    async create() {
      const temp = makeTempDir();
      const store = createSqliteStore(temp.dir);
      return {
        store,
        async dispose() {
          await store.close();
          temp.remove();
        },
      };
    },
  },
];
