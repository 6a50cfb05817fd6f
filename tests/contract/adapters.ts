import crypto from "node:crypto";
import { inject } from "vitest";
import type { Store, StoreFaults } from "~/server/store/port";
import { createFirestoreStore } from "~/server/store/firestore/store.server";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { makeTempDir } from "../support/temp-dir";

// Every store adapter the contract suites run against. Each entry makes a fresh, empty store.
export interface AdapterUnderTest {
  name: string;
  /** `faults` injects failures inside atomic operations (tests of all-or-nothing). */
  create(faults?: StoreFaults): Promise<{ store: Store; dispose(): Promise<void> }>;
}

export const STORE_ADAPTERS: AdapterUnderTest[] = [
  {
    name: "sqlite",
    async create(faults) {
      const temp = makeTempDir();
      const store = createSqliteStore(temp.dir, faults);
      return {
        store,
        async dispose() {
          await store.close();
          temp.remove();
        },
      };
    },
  },
  {
    name: "firestore (emulator)",
    async create(faults) {
      process.env.FIRESTORE_EMULATOR_HOST = inject("firestoreEmulatorHost");
      // A project of its own per test: an empty database without a reset call.
      const store = createFirestoreStore(`demo-hemline-${crypto.randomBytes(5).toString("hex")}`, faults);
      return { store, dispose: () => store.close() };
    },
  },
];
