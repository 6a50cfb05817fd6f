import crypto from "node:crypto";
import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore } from "firebase-admin/firestore";
import { afterEach, beforeEach, inject } from "vitest";
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

/**
 * A fresh, empty store of `adapter` for each test of the calling `describe` block, disposed after
 * it: `const db = useFreshStore(adapter)`, then `db.store` and `db.reopen()` inside the tests.
 */
export function useFreshStore(adapter: AdapterUnderTest): { readonly store: Store; reopen(): Promise<Store> } {
  let made: Awaited<ReturnType<AdapterUnderTest["create"]>> | undefined;
  beforeEach(async () => {
    made = await adapter.create();
  });
  afterEach(async () => {
    await made?.dispose();
    made = undefined;
  });
  const current = () => {
    if (!made) throw new Error("useFreshStore: the store exists only inside a test");
    return made;
  };
  return {
    get store() {
      return current().store;
    },
    reopen: () => current().reopen(),
  };
}
