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

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
