import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { startIdlePrefetch } from "~/lib/browser/idle-prefetch";
import { isModuleLoadError, reloadAfterLoadError } from "~/lib/browser/reload-guard";

// A stale page (its script files replaced by a new deployment) reloads itself,
// at most once per 10 seconds per path. Remix reloads for route modules itself; these catch
// the chunks the app imports on demand.
window.addEventListener("unhandledrejection", (event) => {
  if (isModuleLoadError(event.reason)) reloadAfterLoadError();
});
window.addEventListener("error", (event) => {
  if (isModuleLoadError(event.error ?? event.message)) reloadAfterLoadError();
});

// Route discovery and the preloading of route code wait until the page has been loaded for 1 s.
startIdlePrefetch();

let hydrating = false;
function hydrate() {
  if (hydrating) return;
  hydrating = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The server's HTML is the whole page, forms and links included: the shopper sees it painted
// first, and React's hydration, which held that first paint back (issue 41), starts once the
// browser reports it. Told by the paint itself, not a timer, so it waits for nothing else. A
// hidden tab paints nothing, and a browser without paint timing cannot tell: those start at once.
const paintTiming =
  typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("paint");
if (document.visibilityState === "hidden" || !paintTiming) {
  hydrate();
} else {
  const painted = new PerformanceObserver((list) => {
    if (list.getEntriesByName("first-contentful-paint").length === 0) return;
    painted.disconnect();
    hydrate();
  });
  painted.observe({ type: "paint", buffered: true });
  // A first paint with neither text nor picture is never reported: hydrate regardless.
  window.setTimeout(hydrate, 3000);
}
