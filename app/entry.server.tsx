import type { HandleDataRequestFunction } from "@remix-run/node";
import { isRouteErrorResponse } from "@remix-run/react";
import { commonSecurityHeaders } from "~/server/http/security-headers.server";
import { serverErrors } from "~/server/observability/metrics.server";
import { createPageDelivery } from "~/server/page-delivery/deliver-page.server";

// Every page leaves through app/server/page-delivery (PAGE_CACHE=on|off, docs/page-delivery.md).
const pages = createPageDelivery();
export default pages.deliverPage;

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  for (const [k, v] of Object.entries(commonSecurityHeaders())) response.headers.set(k, v);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A request Remix turns away itself (a method the route does not take: 405) is the client's
  // mistake, not the shop's: no stack trace in the log for it.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  serverErrors.inc();
  console.error(error);
}

// What scripts/server.mjs takes from the build: start-up (migrations, seed, catalogue index) and the
// shop it made, each request's load context, logs, metrics and shutdown, and the handlers it puts
// in front of Remix.
export { prepareToServe } from "~/server/startup.server";
export { createLoadContext } from "~/server/load-context.server";
export { installLogging } from "~/server/observability/log.server";
export { createRequestObserver } from "~/server/observability/http-observer.server";
export { beginShutdown, finishShutdown } from "~/server/observability/lifecycle.server";
export { RESPONSE_COMPRESSION } from "~/server/page-delivery/page-compression.server";
// Strict-Transport-Security in front of everything served.
export { transportSecurity } from "~/server/http/transport-security.server";
export { createMethodGuard } from "~/server/http/method-guard.server";
// utm_*, gclid and the like dropped from every request before a route sees it.
export { withoutTracking } from "~/server/http/tracking-params.server";
// The product feed's paths before Remix: the kept file piped with backpressure.
export { createFeedHandler } from "~/server/http/product-feed-handler.server";
// Just before Remix: an anonymous visitor's kept page without routing or loaders (PAGE_CACHE=on).
export const createEarlyAnswers = pages.earlyAnswers;
