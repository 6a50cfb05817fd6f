import crypto from "node:crypto";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { inject } from "vitest";
import type { Store, StoreFaults } from "~/server/store/port";
import { createFirestoreStore, createFirestoreStoreOn } from "~/server/store/firestore/store.server";
import { createSqliteStore } from "~/server/store/sqlite/store.server";
import { makeTempDir } from "../support/temp-dir";

// Every store adapter the contract suites run against. Each entry makes a fresh, empty store.
export interface AdapterUnderTest {
  name: string;
  /** `faults` injects failures inside atomic operations (tests of all-or-nothing). */
  create(faults?: StoreFaults): Promise<{
    store: Store;
    /** Another store on the same database (its own connection or client), as a second server instance has. */
    reopen(): Promise<Store>;
    dispose(): Promise<void>;
  }>;
}

export const STORE_ADAPTERS: AdapterUnderTest[] = [
  {
    name: "sqlite",
    async create(faults) {
      const temp = makeTempDir();
      const store = createSqliteStore(temp.dir, faults);
      const others: Store[] = [];
      return {
        store,
        async reopen() {
          others.push(createSqliteStore(temp.dir));
          return others.at(-1)!;
        },
        async dispose() {
          await Promise.all([store, ...others].map((s) => s.close()));
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
      const projectId = `demo-hemline-${crypto.randomBytes(5).toString("hex")}`;
      const store = createFirestoreStore(projectId, faults);
      const others: App[] = [];
      return {
        store,
        async reopen() {
          // A firebase-admin app of its own: a separate client, as in another process.
          others.push(initializeApp({ projectId }, `${projectId}-instance-${others.length + 2}`));
          return createFirestoreStoreOn(getFirestore(others.at(-1)!));
        },
        async dispose() {
          await store.close();
          await Promise.all(others.map((app) => deleteApp(app)));
        },
      };
    },
  },
];
