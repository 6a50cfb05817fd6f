import type { IncomingMessage, ServerResponse } from "node:http";
import { routeIdMatcher, type BuildRoute } from "./route-ids.server";
import { commonSecurityHeaders } from "./security-headers.server";

// Browsers send pages GET and forms POST; anything else (PUT, DELETE, PATCH, or POST to a page
// without a form) is answered 405 with an Allow header before any action reads a body, whatever
// the body is: a resource route with a line of text; a page with the shop's error page, rendered
// by Remix: a POST as Remix itself answers a page without an action (same URL, so a browser that
// posted a form hydrates it), other methods, which no browser navigates with, as a GET of
// routes/method-not-allowed.tsx (so no loader of the page, a sign-in redirect, answers instead).

/** `apiMethods`: other methods a resource route's action takes (the admin API's PATCH). */
type Module = { action?: unknown; loader?: unknown; default?: unknown; apiMethods?: unknown };
type Route = BuildRoute & { module: Module };
type Guarded = ServerResponse & { locals?: Record<string, unknown> };

/** The method the request came with, when the page it asked for does not take it (see root.tsx's loader). */
export const DISALLOWED_METHOD = "disallowedMethod";

const MethodNotAllowedPath = "/method-not-allowed";

// The catch-all is 404 for every method: there is no page there to take or refuse one.
const CATCH_ALL = "routes/$";

export function createMethodGuard(routes: Record<string, Route>) {
  const routeOf = routeIdMatcher(routes);
  return (req: IncomingMessage, res: Guarded, next: () => void): void => {
    const method = req.method ?? "GET";
    if (method === "GET" || method === "HEAD") return next();
    const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
    const id = routeOf(pathname);
    const route = routes[id];
    if (!route || id === CATCH_ALL) return next();
    const extra = Array.isArray(route.module.apiMethods) ? (route.module.apiMethods as string[]) : [];
    const allowed = ["GET", "HEAD", ...(route.module.action ? ["POST", ...extra] : [])];
    if (allowed.includes(method)) return next();
    res.setHeader("Allow", allowed.join(", "));
    if (method === "OPTIONS") {
      res.statusCode = 204;
      res.end();
      return;
    }
    if (typeof route.module.default !== "function" || pathname.endsWith(".data")) {
      res.statusCode = 405;
      for (const [name, value] of Object.entries(commonSecurityHeaders())) res.setHeader(name, value);
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      res.end(`This address does not take ${method} requests; it takes ${allowed.join(", ")}.\n`);
      return;
    }
    if (method !== "POST") {
      req.method = "GET";
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url = MethodNotAllowedPath;
      if (res.locals) res.locals[DISALLOWED_METHOD] = method;
      else res.locals = { [DISALLOWED_METHOD]: method };
    }
    next();
  };
}
