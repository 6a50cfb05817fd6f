import { matchRoutes } from "@remix-run/react";
import type { IncomingMessage, ServerResponse } from "node:http";
import { logRequest, loggableUrl } from "./log.server";
import { httpDuration, httpRequests } from "./metrics.server";
import { runInRequest, scopeFromHeaders } from "./request-context.server";

// The first thing every request meets in scripts/server.mjs: it gets its id (kept from a
// well-formed X-Request-Id, or new), answered in X-Request-Id; everything that runs for it sees
// that id (request-context.server.ts); when it is answered, it is logged and counted by its Remix
// route id, so the metrics have one series per route, not one per product URL.

interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

interface RouteObject {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
}

function routeTree(routes: Record<string, BuildRoute>): RouteObject[] {
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = build(route.id);
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        ...(children.length ? { children } : {}),
      };
    });
  return build(undefined);
}

/** The id of the route that answers a path ("routes/products.$id"); single-fetch `.data` URLs included. */
export function routeIdMatcher(routes: Record<string, BuildRoute>): (pathname: string) => string {
  // Index routes never have children, which matchRoutes' types say in a way this plain shape cannot.
  const tree = routeTree(routes) as Parameters<typeof matchRoutes>[0];
  return (pathname) => {
    const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(tree, path);
    return matches?.[matches.length - 1]?.route.id ?? "unmatched";
  };
}

type Locals = { static?: boolean };
type ObservedResponse = ServerResponse & { locals?: Locals };

// Lines a health check or a scraper would write every few seconds; still counted.
const QUIET_PATHS = new Set(["/healthz", "/metrics"]);

export function createRequestObserver(routes: Record<string, BuildRoute>) {
  const routeOf = routeIdMatcher(routes);
  return (req: IncomingMessage, res: ObservedResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    // HTTP/1.1 answers one request at a time per connection: what the socket wrote meanwhile is
    // this response, headers included (Cloud Logging's responseSize counts them too).
    const bytesBefore = req.socket.bytesWritten;
    const scope = scopeFromHeaders(req.headers);
    res.setHeader("X-Request-Id", scope.requestId);
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const url = req.url ?? "/";
      const pathname = url.split("?", 1)[0] ?? "/";
      const isStatic = res.locals?.static === true;
      const route = isStatic ? "static" : routeOf(pathname);
      const method = req.method ?? "GET";
      httpRequests.inc({ route, method, status: String(res.statusCode) });
      httpDuration.observe({ route, method }, seconds);
      if ((isStatic || QUIET_PATHS.has(pathname)) && res.statusCode < 400) return;
      const size = req.socket.bytesWritten - bytesBefore;
      runInRequest(scope, () =>
        logRequest({
          requestMethod: method,
          requestUrl: loggableUrl(url),
          status: res.statusCode,
          latency: `${seconds.toFixed(6)}s`,
          responseSize: String(size),
          ...(req.headers["user-agent"] ? { userAgent: req.headers["user-agent"] } : {}),
          ...(req.socket.remoteAddress ? { remoteIp: req.socket.remoteAddress } : {}),
          protocol: `HTTP/${req.httpVersion}`,
        }),
      );
    });
    runInRequest(scope, next);
  };
}
