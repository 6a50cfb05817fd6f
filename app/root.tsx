import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { AuthenticityTokenProvider } from "remix-utils/csrf/react";
import { RouteErrorPage } from "~/components/RouteErrorPage";
import { useRootData } from "~/components/layout/root-data";
import { errorMeta } from "~/lib/seo";
import { SiteFooter } from "~/components/layout/SiteFooter";
import { SiteHeader } from "~/components/layout/SiteHeader";
import type { AnalyticsConfig } from "~/lib/browser/analytics";
import { useNonce } from "~/lib/nonce";
import styles from "~/tailwind.css";
import { rootLoader } from "~/root-loader.server";
import { FlashMessage } from "~/components/layout/FlashMessage";
import { RouteAnnouncer } from "~/components/layout/RouteAnnouncer";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The error page's title and description, in <head> where they belong; never indexed. A page that
 * renders normally has its own route's meta, and routes without one get nothing from here.
 */
export const meta: MetaFunction = (args) => (args.error ? errorMeta(args) : []);

export const loader = (args: LoaderFunctionArgs) => rootLoader(args);

/**
 * What the root loads (account, cart count, flash, CSRF token) changes with a submission or on
 * another page, not with a filter, sort or page of the same listing: those GETs skip it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const get = !formMethod || formMethod.toUpperCase() === "GET";
  if (get && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

/** A route can opt out of the default layout with `handle = { layout: false }` (spec: forgot-password). */
function useWantsLayout(): boolean {
  const matches = useMatches();
  return !matches.some((m) => (m.handle as { layout?: boolean } | undefined)?.layout === false);
}

/**
 * A second skip link a route may offer with `handle = { skipTo: { href, label } }` (a listing:
 * "Skip to results", past the header and the filters).
 */
function useSkipTo(): { href: string; label: string } | null {
  const matches = useMatches();
  for (const m of [...matches].reverse()) {
    const skipTo = (m.handle as { skipTo?: { href: string; label: string } } | undefined)?.skipTo;
    if (skipTo) return skipTo;
  }
  return null;
}

/**
 * A page view per location when analytics is configured. Its code (and Firebase's) is fetched
 * only then; analytics.ts decides whether this host may run it.
 */
function useAnalytics(config: AnalyticsConfig | null) {
  const { pathname, search } = useLocation();
  const latest = useRef(config);
  latest.current = config;
  const measurementId = config?.measurementId;
  useEffect(() => {
    const current = latest.current;
    if (!measurementId || !current) return;
    import("~/lib/browser/analytics").then(
      (analytics) => analytics.trackPageView(current, pathname + search),
      () => undefined, // optional: a page without analytics is fine
    );
  }, [measurementId, pathname, search]);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRootData();
  const withLayout = useWantsLayout();
  const skipTo = useSkipTo();
  useAnalytics(root.analytics);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="sr-only-focusable absolute left-2 top-2 z-50 rounded bg-white px-3 py-2 text-sm font-semibold"
        >
          Skip to content
        </a>
        {skipTo ? (
          <a
            href={skipTo.href}
            className="sr-only-focusable absolute left-2 top-2 z-50 rounded bg-white px-3 py-2 text-sm font-semibold"
          >
            {skipTo.label}
          </a>
        ) : null}
        <AuthenticityTokenProvider token={root.csrfToken}>
          {withLayout ? <SiteHeader shopName={root.shopName} cartCount={root.cartCount} user={root.user} /> : null}
          <main id="main" className="flex-1">
            {root.flash ? <FlashMessage flash={root.flash} /> : null}
            {children}
          </main>
          {withLayout ? (
            <SiteFooter
              shopName={root.shopName}
              supportEmail={root.supportEmail}
              policies={root.policies}
              market={root.market}
              marketChoices={root.marketChoices}
            />
          ) : null}
        </AuthenticityTokenProvider>
        <RouteAnnouncer />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* npm run dev only: renders nothing in a production build. */}
        <LiveReload nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  // Its title and robots tag come from `meta` above: <title> and <meta> belong in <head>.
  return <RouteErrorPage />;
}
