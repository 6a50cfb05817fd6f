import { getContext } from "~/server/context.server";
import { resourceRoute } from "~/server/http/resource-route.server";

// 200 when the store answers, 503 otherwise: for load balancers and uptime checks.
export const loader = resourceRoute(async () => {
  const headers = { "Cache-Control": "no-store", "Content-Type": "application/json" };
  try {
    const { store } = getContext().backend;
    await store.ping();
    return new Response(JSON.stringify({ status: "ok", store: store.kind }), { status: 200, headers });
  } catch (error) {
    console.error("healthz: store did not answer", error);
    return new Response(JSON.stringify({ status: "unavailable" }), { status: 503, headers });
  }
});
