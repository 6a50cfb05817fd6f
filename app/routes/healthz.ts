import type { LoaderFunctionArgs } from "@remix-run/node";
import { resourceRoute } from "~/server/http/resource-route.server";
import { isStopping } from "~/server/observability/lifecycle.server";
import { DISK_FULL_PROBLEM } from "~/server/store/storage-full";

// 200 when the store answers and can write, and the catalogue index is ready; 503 otherwise
// ("problem": "disk-full" while the embedded storage has no room; "starting" while the
// index loads, so a load balancer sends no shopper to a cold instance): for load balancers and uptime checks.
const READY_WAIT_MS = 1000;

export const loader = resourceRoute(async ({ context: { shop } }: LoaderFunctionArgs) => {
  const headers = { "Cache-Control": "no-store", "Content-Type": "application/json" };
  // SIGTERM received: this instance answers what it has in flight and takes nothing new.
  if (isStopping()) return new Response(JSON.stringify({ status: "stopping" }), { status: 503, headers });
  try {
    const { store, media } = shop.backend;
    await store.ping();
    // The embedded default's disk (database or uploads) has no room: reads work, nothing can be saved.
    const writable = await Promise.all([store.writable?.() ?? true, media.writable?.() ?? true]);
    if (writable.includes(false))
      return new Response(JSON.stringify({ status: "unavailable", problem: DISK_FULL_PROBLEM }), {
        status: 503,
        headers: { ...headers, "Retry-After": "60" },
      });
    // Started here too, in case this process has not served a page yet; a start that takes
    // only a moment (the embedded store, a small catalogue) is waited for.
    await Promise.race([
      shop.catalog.start().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, READY_WAIT_MS)),
    ]);
    if (!shop.catalog.isReady())
      return new Response(JSON.stringify({ status: "starting" }), {
        status: 503,
        headers: { ...headers, "Retry-After": "2" },
      });
    return new Response(JSON.stringify({ status: "ok", store: store.kind }), { status: 200, headers });
  } catch (error) {
    console.error("healthz: store did not answer", error);
    return new Response(JSON.stringify({ status: "unavailable" }), { status: 503, headers });
  }
});
