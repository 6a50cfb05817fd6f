import type { IncomingMessage, ServerResponse } from "node:http";
import { acceptsGzip } from "../http/accept-encoding.server";
import { earlyVisitOf, type EarlyHits } from "./early-hits.server";
import { compressPage } from "./page-compression.server";
import { fillPage, gzipPage, unpackPage, type RenderCache } from "./render-cache.server";

// scripts/server.mjs puts this just before Remix (PAGE_CACHE=on): an anonymous visitor's kept page sent without
// routing or loaders (early-hits.server.ts says when that is sound). For any other request it only
// notes the visit (res.locals.earlyVisit, handed to Remix's load context), so the page Remix answers
// can be remembered for the next visitor.

type Answerable = ServerResponse & { locals?: Record<string, unknown> };

export interface EarlyHitDeps {
  renderCache: RenderCache;
  earlyHits: EarlyHits;
  /** The store's change stamp, or undefined where the store has none (then nothing is answered early). */
  changeStamp: () => (() => string) | undefined;
  /** The visitor's CSRF token from their Cookie header, or null when it is not a valid one (Remix then sets one). */
  csrfToken: (cookieHeader: string) => Promise<string | null>;
  createNonce: () => string;
  /** The headers every page gets (type, security with this nonce, caching), as Remix's pages get them. */
  documentHeaders: (headers: Headers, nonce: string) => void;
  /** Counts a page answered early, by route. */
  counted: (route: string) => void;
}

export function createEarlyHitHandler(deps: EarlyHitDeps) {
  return (req: IncomingMessage, res: Answerable, next: (error?: unknown) => void): void => {
    const visit = earlyVisitOf(
      { method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers },
      deps.changeStamp(),
    );
    if (!visit) return next();
    if (res.locals) res.locals.earlyVisit = visit;
    const shortcut = deps.earlyHits.lookup(visit);
    const packed = shortcut ? deps.renderCache.get(shortcut.pageKey) : null;
    if (!shortcut || !packed) return next();
    deps.csrfToken(String(req.headers.cookie ?? "")).then((csrfToken) => {
      if (!csrfToken) return next();
      const nonce = deps.createNonce();
      const secrets = { csrfToken, nonce, email: shortcut.email };
      const headers = new Headers(shortcut.headers);
      headers.set("X-Cache", "hit");
      deps.documentHeaders(headers, nonce);
      // Gzip put together from the kept parts; otherwise compressed as a rendered page is.
      const acceptEncoding = String(req.headers["accept-encoding"] ?? "");
      const gzipped = acceptsGzip(acceptEncoding) ? gzipPage(packed, secrets) : null;
      const page = gzipped
        ? { body: gzipped, encoding: "gzip" }
        : compressPage(fillPage(unpackPage(packed), secrets), acceptEncoding);
      if (page.encoding) headers.set("Content-Encoding", page.encoding);
      const body = page.body;
      headers.set("Content-Length", String(body.length));
      deps.counted(shortcut.route);
      res.statusCode = 200;
      // Set-Cookie never: a page that set one has no shortcut. Vary comes from documentHeaders.
      for (const [name, value] of headers) res.setHeader(name, value);
      res.end(body);
    }, next);
  };
}
