import { getConfig, type Config } from "./config.server";
import { createCatalogService, type CatalogService } from "./services/catalog/catalog.server";
import type { Store } from "./store/port";
import { createStore } from "./store/create-store.server";

// The one place where adapters are chosen (from config) and wired into services. Routes call
// getContext() and use only the services; they never import an adapter.

export interface AppContext {
  config: Config;
  store: Store;
  catalog: CatalogService;
}

declare global {
  // Kept on globalThis so `remix dev` rebuilds reuse one database connection.
  var __hemlineContext: AppContext | undefined;
}

export function createContext(config: Config): AppContext {
  const store = createStore(config);
  return {
    config,
    store,
    catalog: createCatalogService(store, { syncIntervalMs: store.kind === "sqlite" ? 0 : 5000 }),
  };
}

export function getContext(): AppContext {
  globalThis.__hemlineContext ??= createContext(getConfig());
  return globalThis.__hemlineContext;
}
