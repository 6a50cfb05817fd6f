import type { BuildRoute } from "./route-ids.server";

// The build Remix is handed for one request: only the routes that could answer its path. Remix's
// request handler (and the router under it) flattens and ranks the whole route tree again at every
// match, four times a page (serving, loading, rendering, the hydration manifest), and builds the
// render's route objects from every route: a fifth of a rendered page's CPU with the shop's 100
// routes (bench/results/2026-12-07-page-delivery.md; decision 0041). A route whose path starts
// with a literal segment ("products/:id", "admin/orders") can only answer a path that starts with
// it, so scripts/server.mjs hands each first segment a build of its own routes plus those without
// such a literal (the root, the home page, the catch-all): the same routes match, ranked in the same
// order, and the page a shopper sees does not change. The whole build answers what needs every
// route (Remix's /__manifest, which a browser asks for the routes of a link it is about to follow).

interface PartialBuild {
  routes: Record<string, BuildRoute>;
  assets: { routes: Record<string, unknown> };
}

/** The literal first segment of a route's whole path ("products"), or null (none, dynamic, optional, splat). */
function literalHead(route: BuildRoute, routes: Record<string, BuildRoute>): string | null {
  const paths: string[] = [];
  for (let at: BuildRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined)
    if (at.path) paths.unshift(at.path);
  const head = paths
    .join("/")
    .split("/")
    .find((segment) => segment !== "");
  if (!head || /[:*?]/.test(head)) return null;
  return head.toLowerCase();
}

/** The first segment of a request's path as Remix compares it (decoded, any case), or null when it cannot be decoded. */
function requestHead(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname.split("/")[1] ?? "").toLowerCase();
  } catch {
    return null;
  }
}

/** For each request path, the build whose routes are the ones that could answer it. */
export function routePartsOf<B extends PartialBuild>(build: B): (pathname: string) => B {
  const heads = new Map<string, string | null>();
  for (const [id, route] of Object.entries(build.routes)) heads.set(id, literalHead(route, build.routes));
  const literals = new Set([...heads.values()].filter((head): head is string => head !== null));
  const parts = new Map<string, B>();

  const partFor = (wanted: string[]): B => {
    const key = wanted.join("/");
    const found = parts.get(key);
    if (found) return found;
    const keep = (id: string) => {
      const head = heads.get(id);
      return head === null || (head !== undefined && wanted.includes(head));
    };
    const pick = <T>(all: Record<string, T>) =>
      Object.fromEntries(Object.entries(all).filter(([id]) => keep(id))) as Record<string, T>;
    const part: B = {
      ...build,
      routes: pick(build.routes),
      assets: { ...build.assets, routes: pick(build.assets.routes) },
    };
    parts.set(key, part);
    return part;
  };

  return (pathname) => {
    const head = requestHead(pathname);
    if (head === null || head.startsWith("__")) return build;
    // Single fetch asks for "/products.data" when the page is "/products". A head no route starts
    // with gets only the routes without a literal: the root, the home page, the catch-all.
    const wanted = [...new Set([head, head.replace(/\.data$/, "")])].filter((literal) => literals.has(literal));
    return partFor(wanted);
  };
}
