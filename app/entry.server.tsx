import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import type { Readable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ERROR_TITLE_PREFIX, ErrorTitleSignal } from "~/lib/error-title";
import { NonceContext } from "~/lib/nonce";
import { RequestReferenceContext } from "~/lib/request-reference";
import { wantsRenderCache } from "~/lib/render-cache";
import { getConfig } from "~/server/config.server";
import { documentStream, titlePrefixStream } from "~/server/http/document-stream.server";
import { readHandoffAhead, renderNow } from "~/server/http/document-render.server";
import { acceptsGzip } from "~/server/http/accept-encoding.server";
import { compressPage } from "~/server/http/page-compression.server";
import { wholeResponse } from "~/server/http/whole-response.server";
import {
  EMAIL_STAND_IN,
  RenderCache,
  cutPage,
  fillPage,
  gzipPage,
  packPage,
  pageIn,
  renderKey,
  unpackPage,
  standInForEmail,
  substitutableEmail,
  type PageSecrets,
} from "~/server/http/render-cache.server";
import { commonSecurityHeaders, createNonce, documentSecurityHeaders } from "~/server/http/security-headers.server";
import { renderCacheEarlyHits, renderCacheLookups, serverErrors } from "~/server/observability/metrics.server";
import { createEarlyHitHandler, earlyVisitIn } from "~/server/http/early-hit-handler.server";
import { EarlyHits, type EarlyVisit, type Shortcut } from "~/server/http/early-hits.server";
import { csrf } from "~/server/http/csrf.server";
import { getContext } from "~/server/context.server";
import { currentRequest } from "~/server/observability/request-context.server";
import { googleClientConfig } from "~/server/services/accounts/google-config.server";

const ABORT_DELAY = 5_000;

const renderCache = new RenderCache();
const earlyHits = new EarlyHits();

/** The headers every page gets: its type, the security headers with this response's nonce, caching. */
function documentHeaders(headers: Headers, nonce: string, status = 200): void {
  const config = getConfig();
  const security = { analytics: Boolean(config.analytics), googleSignIn: googleClientConfig(config) };
  headers.set("Content-Type", "text/html; charset=utf-8");
  for (const [k, v] of Object.entries(documentSecurityHeaders(nonce, config.env === "development", security)))
    headers.set(k, v);
  if (status >= 400) headers.set("X-Robots-Tag", "noindex");
  // A page leaves compressed as the request's Accept-Encoding allows (rendered, kept or answered
  // early): shared caches and the browser must know. Once, whatever the headers already held.
  if (!/accept-encoding/i.test(headers.get("Vary") ?? "")) headers.append("Vary", "Accept-Encoding");
  // Pages carry the shopper's header (account, cart count) and a CSRF token: never shared caches.
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-cache");
}

/**
 * How the next visit like this one may be answered before Remix (early-hits.server.ts): never when this
 * response set a cookie, nor with an address on a page every anonymous visitor shares.
 */
function shortcutOf(
  visit: EarlyVisit,
  pageKey: string,
  responseHeaders: Headers,
  secrets: PageSecrets,
  route: string,
): Shortcut | null {
  if (responseHeaders.has("Set-Cookie") || (secrets.email && !visit.personal)) return null;
  const headers = [...responseHeaders].filter(([name]) => name.toLowerCase() !== "x-cache");
  return { pageKey, route, headers, email: visit.personal ? secrets.email : "" };
}

/**
 * The page (`pageIn`: path, parameters, market) the render cache would keep this response as, or null:
 * only for routes that ask for it (`RENDER_CACHED` in their handle: the catalogue's public pages),
 * answered 200 without errors or a submission.
 */
function cachedPageOf(request: Request, status: number, remixContext: EntryContext): string | null {
  const context = remixContext.staticHandlerContext;
  if (status !== 200 || context.errors || context.actionData || request.method !== "GET") return null;
  const leaf = context.matches[context.matches.length - 1];
  if (!wantsRenderCache(remixContext.routeModules[leaf?.route.id ?? ""]?.handle)) return null;
  return pageIn(new URL(request.url), context.loaderData);
}

/** The leaf route's id, for the cache's counters (a fixed, small set: the cached routes). */
function leafRouteId(remixContext: EntryContext): string {
  const matches = remixContext.staticHandlerContext.matches;
  return matches[matches.length - 1]?.route.id ?? "unknown";
}

// scripts/server.mjs runs it from the build before it listens (migrations, seed, catalogue index),
// and takes from the build what it serves every request and stops with (logs, ids, metrics, shutdown).
export { prepareToServe } from "~/server/startup.server";
export { installLogging } from "~/server/observability/log.server";
export { createRequestObserver } from "~/server/observability/http-observer.server";
export { beginShutdown, finishShutdown } from "~/server/observability/lifecycle.server";
// scripts/server.mjs writes a page's bytes at once, and compresses other responses as pages are.
export { wholeBodyOf } from "~/server/http/whole-response.server";
export { RESPONSE_COMPRESSION } from "~/server/http/page-compression.server";
// scripts/server.mjs puts it in front of everything it serves (Strict-Transport-Security).
export { transportSecurity } from "~/server/http/transport-security.server";
export { createMethodGuard } from "~/server/http/method-guard.server";
// scripts/server.mjs drops utm_*, gclid and the like from every request before a route sees it.
export { withoutTracking } from "~/server/http/tracking-params.server";
// scripts/server.mjs answers the product feed's paths with it before Remix: the kept file piped with backpressure.
export { handleFeedRequest } from "~/server/http/product-feed-handler.server";
// scripts/server.mjs puts it just before Remix: an anonymous visitor's kept page without routing or loaders.
export const handleEarlyHit = createEarlyHitHandler({
  renderCache,
  earlyHits,
  changeStamp: () => {
    const store = getContext().backend.store;
    return store.changeStamp ? () => store.changeStamp!() : undefined;
  },
  csrfToken: async (cookie) => {
    const [token, setCookie] = await csrf().commitToken(new Headers({ cookie }));
    return setCookie ? null : token;
  },
  createNonce,
  documentHeaders,
  counted: (route) => {
    renderCacheLookups.inc({ result: "hit", route });
    renderCacheEarlyHits.inc({ route });
  },
});

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
) {
  const bot = isbot(request.headers.get("user-agent") ?? "");

  // Bots do not get the rendered error page, only the status and a minimal body. A form shown
  // again with its message (400, 409, 429) rendered no error boundary: it is still a page.
  const errorPage = remixContext.staticHandlerContext.errors != null;
  if (bot && errorPage && responseStatusCode >= 400) {
    for (const [k, v] of Object.entries(commonSecurityHeaders())) responseHeaders.set(k, v);
    responseHeaders.set("Content-Type", "text/plain; charset=utf-8");
    responseHeaders.set("X-Robots-Tag", "noindex");
    const reference = currentRequest()?.requestId;
    return new Response(`${responseStatusCode}\n${reference ? `Reference: ${reference}\n` : ""}`, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  const nonce = createNonce();
  const acceptEncoding = request.headers.get("accept-encoding");
  /** The page, rendered now or served again, compressed as the client takes it, with this response's headers. */
  const respond = (html: Buffer, status: number, encoding: "gzip" | null = null) => {
    documentHeaders(responseHeaders, nonce, status);
    const page = encoding ? { body: html, encoding } : compressPage(html, acceptEncoding);
    // Already encoded: the compression middleware leaves it alone.
    if (page.encoding) {
      responseHeaders.set("Content-Encoding", page.encoding);
      responseHeaders.set("Content-Length", String(page.body.length));
    }
    return wholeResponse(page.body, { headers: responseHeaders, status });
  };
  const wantsGzip = acceptsGzip(acceptEncoding);
  /** A kept page, already gzipped with the viewer's values. */
  const respondGzipped = (gzipped: Buffer | null, status: number, otherwise: () => Buffer) =>
    gzipped ? respond(gzipped, status, "gzip") : respond(otherwise(), status);

  const root = remixContext.staticHandlerContext.loaderData.root as
    | { csrfToken?: string; user?: { email?: string } | null }
    | undefined;
  const secrets: PageSecrets = {
    csrfToken: root?.csrfToken ?? "",
    nonce,
    email: substitutableEmail(root?.user?.email),
  };
  const cachedPage = cachedPageOf(request, responseStatusCode, remixContext);
  // A page's data is hashed into its key only when it was rendered before (RenderCache.renderOf).
  const pass = cachedPage ? renderCache.renderOf(cachedPage) : "first";
  const cacheKey =
    cachedPage && pass !== "first"
      ? renderKey(cachedPage, remixContext.staticHandlerContext.loaderData, secrets)
      : null;
  const cached = cacheKey ? renderCache.get(cacheKey) : null;
  if (cachedPage) {
    renderCacheLookups.inc({ result: cached ? "hit" : "miss", route: leafRouteId(remixContext) });
    responseHeaders.set("X-Cache", cached ? "hit" : "miss");
  }
  // An anonymous visit that Remix answered (scripts/server.mjs noted it): the next one to this page is
  // answered before Remix while nothing changes (early-hits.server.ts).
  const visit = earlyVisitIn(loadContext);
  const shortcut =
    visit && cacheKey && responseStatusCode === 200
      ? shortcutOf(visit, cacheKey, responseHeaders, secrets, leafRouteId(remixContext))
      : null;
  const remember = () => {
    if (visit && shortcut) earlyHits.remember(visit, shortcut);
  };
  // Gzip even when brotli is accepted too: put together from pieces compressed once, it costs a copy,
  // where brotli costs compressing the whole page again for every response (decision 0028).
  if (cached) {
    remember();
    const filled = () => fillPage(unpackPage(cached), secrets);
    return wantsGzip
      ? respondGzipped(gzipPage(cached, secrets), responseStatusCode, filled)
      : respond(filled(), responseStatusCode);
  }
  // Kept from its second render within the cache's time to live (RenderCache.renderOf, admits): a page
  // asked for once is sent as any other page, without being cut up and compressed for the cache.
  const keep = cacheKey !== null && (pass === "second" || renderCache.admits(cacheKey));
  // A page that will be kept is rendered with a stand-in for the viewer's address, so what is kept
  // holds no shopper's data; each viewer's own is put back as it is served.
  const rendered: PageSecrets = { ...secrets, email: "" };
  if (keep && secrets.email) {
    standInForEmail(remixContext.staticHandlerContext.loaderData, secrets.email);
    rendered.email = EMAIL_STAND_IN;
  }
  // Raised while the shell renders when the page shows form errors: its title then starts "Error: ".
  const errorTitle = { raised: false };
  const tree = (
    <NonceContext.Provider value={nonce}>
      <RequestReferenceContext.Provider value={errorPage ? (currentRequest()?.requestId ?? null) : null}>
        <ErrorTitleSignal.Provider value={errorTitle}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </ErrorTitleSignal.Provider>
      </RequestReferenceContext.Provider>
    </NonceContext.Provider>
  );
  /** The rendered page kept (from its second render) and answered. */
  const finish = async (html: Buffer): Promise<Response> => {
    const page = keep ? cutPage(html, rendered) : null;
    // An error while rendering turned the page into a 500: that one is never kept.
    const packed = keep && page && responseStatusCode === 200 ? await packPage(page, rendered) : null;
    if (keep && cacheKey && packed) {
      renderCache.set(cacheKey, packed);
      remember();
    }
    // The viewer's own address where the stand-in was rendered.
    const filled = () => (page && rendered.email ? fillPage(page, secrets) : html);
    // Compressed once for the cache, so this response too is put together from it.
    if (packed && wantsGzip) return respondGzipped(gzipPage(packed, secrets), responseStatusCode, filled);
    return respond(filled(), responseStatusCode);
  };
  // Only a page answering a submission (the same page, with its errors) is retitled.
  const retitled = () => errorTitle.raised && remixContext.staticHandlerContext.actionData != null;
  // In one synchronous pass with the page's data read first (document-render.server.ts); a page a
  // part of which did not render is rendered again below, as a stream that reports what failed.
  if (await readHandoffAhead(remixContext)) {
    const html = renderNow(tree, () => (retitled() ? ERROR_TITLE_PREFIX : ""));
    if (html !== null) return finish(html);
    errorTitle.raised = false;
  }
  return new Promise<Response>((resolveWith, rejectWith) => {
    let shellRendered = false;
    // The timer holds the render (its tree, its stream and every chunk written) until it fires:
    // cleared as soon as the page is answered, or under load each page stays in memory for
    // ABORT_DELAY (hundreds of MB at a couple of hundred pages a second, bench/results/2026-11-25-memory.md).
    const abortTimer: { id?: ReturnType<typeof setTimeout> } = {};
    const resolve = (response: Response) => {
      clearTimeout(abortTimer.id);
      resolveWith(response);
    };
    const reject = (error: unknown) => {
      clearTimeout(abortTimer.id);
      rejectWith(error);
    };
    const { pipe, abort } = renderToPipeableStream(tree, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      // The whole page is ready as soon as its shell is: it is sent in one piece.
      onAllReady() {
        // Valid HTML: React 18's output mended on its way out (document-stream.server.ts says how).
        const body = documentStream();
        collect(body).then(finish).then(resolve, reject);
        if (retitled()) pipe(titlePrefixStream(ERROR_TITLE_PREFIX)).pipe(body);
        else pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are logged here; before it, Remix's ErrorBoundary renders them.
        if (shellRendered) console.error(error);
      },
    });
    abortTimer.id = setTimeout(abort, ABORT_DELAY);
  });
}

/** Everything a stream gives, in one buffer. */
function collect(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

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
