import type { EntryContext } from "@remix-run/node";
import { wantsRenderCache } from "~/lib/render-cache";
import { renderCacheLookups } from "../observability/metrics.server";
import { acceptsGzip } from "../http/accept-encoding.server";
import { documentHeaders } from "./document-headers.server";
import type { EarlyHits, EarlyVisit, Shortcut } from "./early-hits.server";
import { compressPage } from "./page-compression.server";
import type { PageRequest } from "./page-request.server";
import {
  cutPage,
  fillPage,
  gzipPage,
  packPage,
  pageIn,
  renderKey,
  substitutableEmail,
  unpackPage,
  type PageSecrets,
  type RenderCache,
} from "./render-cache.server";
import { collect, renderPage } from "./render-page.server";
import { streamPage } from "./stream-page.server";

// A catalogue page through the render cache (decision 0021): kept from its second render, served
// again to every viewer whose page would be the same with their own token, nonce and address put
// back, and noted for early answers (early-hits.server.ts). Whole pages, compressed here.

export interface PageCaches {
  renderCache: RenderCache;
  earlyHits: EarlyHits;
}

/**
 * The page (`pageIn`: path, parameters, market) the render cache would keep this response as, or null:
 * only for routes that ask for it (`RENDER_CACHED` in their handle: the catalogue's public pages),
 * answered 200 without errors or a submission.
 */
export function cacheablePageOf(request: Request, status: number, remixContext: EntryContext): string | null {
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

/**
 * How the next visit like this one may be answered before Remix: never when this response set a
 * cookie, nor with an address on a page every anonymous visitor shares.
 */
function shortcutOf(visit: EarlyVisit, pageKey: string, page: PageRequest, email: string): Shortcut | null {
  if (page.headers.has("Set-Cookie") || (email && !visit.personal)) return null;
  const headers = [...page.headers].filter(([name]) => name.toLowerCase() !== "x-cache");
  return { pageKey, route: leafRouteId(page.remixContext), headers, email: visit.personal ? email : "" };
}

export async function cachedPage(page: PageRequest, cacheable: string, caches: PageCaches): Promise<Response> {
  const { remixContext, headers, nonce } = page;
  const acceptEncoding = page.request.headers.get("accept-encoding");
  const wantsGzip = acceptsGzip(acceptEncoding);
  /** The page compressed as the client takes it (or already gzipped), with this response's headers. */
  const respond = (html: Buffer, status: number, gzipped: Buffer | null = null) => {
    documentHeaders(page.config, headers, nonce, status);
    const out = gzipped ? { body: gzipped, encoding: "gzip" as const } : compressPage(html, acceptEncoding);
    // Already encoded: a compression middleware leaves it alone.
    if (out.encoding) headers.set("Content-Encoding", out.encoding);
    headers.set("Content-Length", String(out.body.length));
    // A view of the page's bytes, not a copy (a Buffer's memory is an ArrayBuffer, never shared).
    const body = new Uint8Array(out.body.buffer as ArrayBuffer, out.body.byteOffset, out.body.byteLength);
    return new Response(body, { headers, status });
  };

  const root = remixContext.staticHandlerContext.loaderData.root as
    | { csrfToken?: string; user?: { email?: string } | null }
    | undefined;
  const secrets: PageSecrets = {
    csrfToken: root?.csrfToken ?? "",
    nonce,
    email: substitutableEmail(root?.user?.email),
  };
  // A page's data is hashed into its key only when it was rendered before (RenderCache.renderOf).
  const pass = caches.renderCache.renderOf(cacheable);
  const key = pass !== "first" ? renderKey(cacheable, remixContext.staticHandlerContext.loaderData, secrets) : null;
  const cached = key ? caches.renderCache.get(key) : null;
  renderCacheLookups.inc({ result: cached ? "hit" : "miss", route: leafRouteId(remixContext) });
  headers.set("X-Cache", cached ? "hit" : "miss");
  // An anonymous visit that Remix answered (the early-answer handler noted it): the next one to this
  // page is answered before Remix while nothing changes.
  const visit = page.loadContext.earlyVisit;
  const shortcut = visit && key ? shortcutOf(visit, key, page, secrets.email) : null;
  const remember = () => {
    if (visit && shortcut) caches.earlyHits.remember(visit, shortcut);
  };
  // Gzip even when brotli is accepted too: put together from pieces compressed once, it costs a copy,
  // where brotli costs compressing the whole page again for every response (decision 0028).
  if (cached) {
    remember();
    const gzipped = wantsGzip ? gzipPage(cached, secrets) : null;
    return respond(gzipped ? Buffer.alloc(0) : fillPage(unpackPage(cached), secrets), page.status, gzipped);
  }
  // Kept from its second render within the cache's time to live: a page asked for once streams as
  // any other page, which costs less than a whole render collected, cut up and compressed for the cache.
  const keep = key !== null && (pass === "second" || caches.renderCache.admits(key));
  if (!keep) return streamPage(page);
  const rendering = await renderPage(page.tree, {
    nonce,
    wait: "all",
    status: page.status,
    errorTitle: page.errorTitle,
    retitle: page.retitled,
  });
  const html = await collect(rendering.body);
  const status = rendering.status();
  // Rendered with the viewer's own values, which are cut out of what is kept. An error while
  // rendering turned the page into a 500: that one is never kept.
  const cut = keep && status === 200 ? cutPage(html, secrets) : null;
  const packed = cut ? await packPage(cut, secrets) : null;
  if (key && packed) {
    caches.renderCache.set(key, packed);
    remember();
    if (wantsGzip) return respond(html, status, gzipPage(packed, secrets));
  }
  return respond(html, status);
}
