import type { AppContext } from "../context.server";

// A serving process's last moments (scripts/server.mjs on SIGTERM): from beginShutdown() on,
// /healthz answers 503 "stopping" so a load balancer sends nobody new; once the requests in flight
// are answered, finishShutdown() closes the store (SQLite's WAL checkpointed, Firestore's channels
// closed), so nothing is left half-written by the exit.

let stopping = false;

export const isStopping = () => stopping;

export function beginShutdown(): void {
  stopping = true;
}

export async function finishShutdown(shop: AppContext): Promise<void> {
  await shop.backend.store.close();
}
