import { commonSecurityHeaders } from "./security-headers.server";

// Remix sends a resource route's Response (a route without a component: feeds, CSV, images,
// /healthz, webhooks) as it is: neither handleRequest nor handleDataRequest in entry.server sees
// it, and remix-serve has no hook. So every resource route's loader and action is wrapped here,
// and each Response it returns or throws (redirects and errors included) gets the common
// security headers. A header the route set itself (a stricter CSP, say) is kept.
// tests/integration/resource-route-headers.test.ts fails for a resource route that is not wrapped.

function withCommonHeaders(response: Response): Response {
  const missing = Object.entries(commonSecurityHeaders()).filter(([name]) => !response.headers.has(name));
  if (!missing.length) return response;
  try {
    for (const [name, value] of missing) response.headers.set(name, value);
    return response;
  } catch {
    // Immutable headers (Response.redirect, a fetched Response): answer with a copy.
    const headers = new Headers(response.headers);
    for (const [name, value] of missing) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

interface ThrownData {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

const isThrownData = (value: unknown): value is ThrownData =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/**
 * A `data(…, { status })` thrown by a guard the route shares with pages (requirePermission's 403):
 * Remix would answer it from a resource route with its own error JSON, so it becomes a Response
 * here, its message as text.
 */
function responseOf(thrown: ThrownData): Response {
  const headers = new Headers(thrown.init?.headers);
  const json = typeof thrown.data !== "string" && thrown.data != null;
  if (!headers.has("Content-Type"))
    headers.set("Content-Type", json ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
  return new Response(json ? JSON.stringify(thrown.data) : String(thrown.data ?? ""), {
    status: thrown.init?.status ?? 500,
    headers,
  });
}

/** Wrap a resource route's loader or action: `export const loader = resourceRoute(async ({ request }) => …)`. */
export function resourceRoute<Args extends unknown[]>(
  handler: (...args: Args) => Response | Promise<Response>,
): (...args: Args) => Promise<Response> {
  return async (...args: Args) => {
    try {
      return withCommonHeaders(await handler(...args));
    } catch (thrown) {
      if (thrown instanceof Response) throw withCommonHeaders(thrown);
      if (isThrownData(thrown)) throw withCommonHeaders(responseOf(thrown));
      throw thrown;
    }
  };
}
