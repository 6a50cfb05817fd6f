import type { IncomingMessage, ServerResponse } from "node:http";
import { routeIdMatcher, type BuildRoute } from "../http/route-ids.server";
import { logRequest, loggableUrl } from "./log.server";
import { httpDuration, httpRequests } from "./metrics.server";
import { runInRequest, scopeFromHeaders } from "./request-context.server";

// The first thing every request meets in scripts/server.mjs: it gets its id (kept from a
// well-formed X-Request-Id, or new), answered in X-Request-Id; everything that runs for it sees
// that id (request-context.server.ts); when it is answered, it is logged and counted by its Remix
// route id, so the metrics have one series per route, not one per product URL.

type Locals = { static?: boolean };
type ObservedResponse = ServerResponse & { locals?: Locals };

// Lines a health check or a scraper would write every few seconds; still counted.
const QUIET_PATHS = new Set(["/healthz", "/metrics"]);

export function createRequestObserver(routes: Record<string, BuildRoute>) {
  const routeOf = routeIdMatcher(routes);
  return (req: IncomingMessage, res: ObservedResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    // As sent: the method guard may answer a refused method's page as a GET of another path.
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    // HTTP/1.1 answers one request at a time per connection: what the socket wrote meanwhile is
    // this response, headers included (Cloud Logging's responseSize counts them too).
    const bytesBefore = req.socket.bytesWritten;
    const scope = scopeFromHeaders(req.headers);
    scope.readOnly = method === "GET" || method === "HEAD";
    res.setHeader("X-Request-Id", scope.requestId);
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const pathname = url.split("?", 1)[0] ?? "/";
      const isStatic = res.locals?.static === true;
      const route = isStatic ? "static" : routeOf(pathname);
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
