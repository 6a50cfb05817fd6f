import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { isbot } from "isbot";
import { commonSecurityHeaders, createNonce } from "../http/security-headers.server";
import { csrf } from "../http/csrf.server";
import type { AppContext } from "../context.server";
import { renderCacheEarlyHits, renderCacheLookups } from "../observability/metrics.server";
import { currentRequest } from "../observability/request-context.server";
import { cacheablePageOf, cachedPage, type PageCaches } from "./cached-page.server";
import { documentHeaders } from "./document-headers.server";
import { createEarlyHitHandler } from "./early-hit-handler.server";
import { EarlyHits } from "./early-hits.server";
import { pageTree, type ErrorTitle } from "./page-tree.server";
import { RenderCache } from "./render-cache.server";
import { streamPage } from "./stream-page.server";

// How a page leaves the shop (docs/page-delivery.md). One switch, PAGE_CACHE:
// - off: every page is rendered by React's streaming renderer and sent as an ordinary streamed
//   Response, as Remix's stock entry does;
// - on (the default): the catalogue's public pages (RENDER_CACHED routes) are rendered whole, kept
//   and served again (cached-page.server.ts), and repeat visits are answered before Remix
//   (early-hit-handler.server.ts); every other page streams as with it off.

type EarlyAnswers = ReturnType<typeof createEarlyHitHandler>;

export interface PageDelivery {
  /** Remix's handleRequest (app/entry.server.tsx's default export). */
  deliverPage: (
    request: Request,
    status: number,
    headers: Headers,
    remixContext: EntryContext,
    loadContext: AppLoadContext,
  ) => Promise<Response>;
  /** The HTTP server's handler put just before Remix: kept pages answered early, or nothing when off. */
  earlyAnswers: (shop: AppContext) => EarlyAnswers;
}

/** One per process: the kept pages are this process's own (work that can be redone, nothing shared). */
export function createPageDelivery(): PageDelivery {
  const caches: PageCaches = { renderCache: new RenderCache(), earlyHits: new EarlyHits() };

  async function deliverPage(
    request: Request,
    status: number,
    headers: Headers,
    remixContext: EntryContext,
    loadContext: AppLoadContext,
  ): Promise<Response> {
    const bot = isbot(request.headers.get("user-agent") ?? "");
    // Bots do not get the rendered error page, only the status and a minimal body. A form shown
    // again with its message (400, 409, 429) rendered no error boundary: it is still a page.
    const errorPage = remixContext.staticHandlerContext.errors != null;
    const reference = errorPage ? (currentRequest()?.requestId ?? null) : null;
    if (bot && errorPage && status >= 400) {
      for (const [k, v] of Object.entries(commonSecurityHeaders())) headers.set(k, v);
      headers.set("Content-Type", "text/plain; charset=utf-8");
      headers.set("X-Robots-Tag", "noindex");
      return new Response(`${status}\n${reference ? `Reference: ${reference}\n` : ""}`, { status, headers });
    }
    const nonce = createNonce();
    const errorTitle: ErrorTitle = { raised: false };
    const page = {
      request,
      status,
      headers,
      remixContext,
      loadContext,
      config: loadContext.shop.config,
      bot,
      nonce,
      tree: pageTree(remixContext, request.url, nonce, reference, errorTitle),
      errorTitle,
      // Only a page answering a submission (the same page, with its errors) is retitled.
      retitled: () => errorTitle.raised && remixContext.staticHandlerContext.actionData != null,
    };
    const cacheable = page.config.pageCache === "on" ? cacheablePageOf(request, status, remixContext) : null;
    return cacheable ? cachedPage(page, cacheable, caches) : streamPage(page);
  }

  function earlyAnswers(shop: AppContext): EarlyAnswers {
    if (shop.config.pageCache === "off") return (_req, _res, next) => next();
    return createEarlyHitHandler({
      ...caches,
      changeStamp: () => {
        const store = shop.backend.store;
        return store.changeStamp ? () => store.changeStamp!() : undefined;
      },
      csrfToken: async (cookie) => {
        const [token, setCookie] = await csrf().commitToken(new Headers({ cookie }));
        return setCookie ? null : token;
      },
      createNonce,
      documentHeaders: (headers, nonce) => documentHeaders(shop.config, headers, nonce),
      counted: (route) => {
        renderCacheLookups.inc({ result: "hit", route });
        renderCacheEarlyHits.inc({ route });
      },
    });
  }

  return { deliverPage, earlyAnswers };
}
