// Idle prefetch of the build manifest, 1 second after the page loads.
//
// Remix learns the routes behind the links a page shows by asking `/__manifest` for them as soon
// as it hydrates ("eager route discovery", v3_lazyRouteDiscovery). Those requests are held until
// the page has been loaded for a second; when their answers arrive, the code of the routes they
// bring (route modules and their chunks) is preloaded, so the next click needs no download. No
// page data is fetched ahead: a product's data is fetched when it is opened (or on hover/focus
// of its link, Remix's `prefetch="intent"`), never in the background.

export const IDLE_PREFETCH_MS = 1000;

interface ManifestRoute {
  id: string;
  module?: string;
  imports?: string[];
}

/** Module URLs this page has asked the browser to preload. */
const requested = new Set<string>();

/** Resolves `delay` ms after the window's load event. */
function afterLoad(delay: number): Promise<void> {
  return new Promise((resolve) => {
    const wait = () => window.setTimeout(resolve, delay);
    if (document.readyState === "complete") wait();
    else window.addEventListener("load", wait, { once: true });
  });
}

/** Eager discovery asks `/__manifest` without an abort signal; a navigation or fetcher finding its own route passes one. */
function isEagerDiscovery(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  if (input instanceof Request || init?.signal) return false;
  const url = new URL(String(input), window.location.href);
  return url.origin === window.location.origin && url.pathname.endsWith("/__manifest");
}

function preloadRouteModules(routes: Record<string, ManifestRoute>): void {
  // The page's own routes are loaded already (the browser's module map would answer anyway).
  const loaded = (window as unknown as { __remixRouteModules?: Record<string, unknown> }).__remixRouteModules ?? {};
  for (const route of Object.values(routes)) {
    if (route.id in loaded) continue;
    for (const href of [...(route.imports ?? []), route.module]) {
      if (!href || requested.has(href)) continue;
      requested.add(href);
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    }
  }
}

/** Call once, before hydration. */
export function startIdlePrefetch(delay = IDLE_PREFETCH_MS): void {
  const idle = afterLoad(delay);
  const fetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    if (!isEagerDiscovery(input, init)) return fetch(input, init);
    await idle;
    const response = await fetch(input, init);
    if (response.ok) {
      response
        .clone()
        .json()
        .then(preloadRouteModules, () => undefined); // only a preload: Remix reads the answer itself
    }
    return response;
  };
}
