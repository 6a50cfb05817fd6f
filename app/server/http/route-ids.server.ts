import { matchRoutes } from "@remix-run/react";

// Which of the build's routes answers a path, outside Remix (scripts/server.mjs's middleware):
// the request log and metrics label requests by it, and the method guard asks what it takes.

export interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

interface RouteObject {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
}

function routeTree(routes: Record<string, BuildRoute>): RouteObject[] {
  const byParent = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(routes)) {
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = build(route.id);
      return {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        ...(children.length ? { children } : {}),
      };
    });
  return build(undefined);
}

/** Paths whose route is remembered: a catalogue's pages and more; the oldest goes first. */
export const REMEMBERED_PATHS = 10_000;

/**
 * The id of the route that answers a path ("routes/products.$id"); single-fetch `.data` URLs included.
 * matchRoutes flattens and ranks the whole route tree on every call (a third of a kept page's CPU when
 * each request was labelled that way: bench/results/2026-12-07-page-delivery.md), and a path's route
 * never changes while a build serves, so each path is matched once.
 */
export function routeIdMatcher(routes: Record<string, BuildRoute>): (pathname: string) => string {
  // Index routes never have children, which matchRoutes' types say in a way this plain shape cannot.
  const tree = routeTree(routes) as Parameters<typeof matchRoutes>[0];
  const known = new Map<string, string>();
  return (pathname) => {
    const found = known.get(pathname);
    if (found !== undefined) return found;
    const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(tree, path);
    const id = matches?.[matches.length - 1]?.route.id ?? "unmatched";
    if (known.size >= REMEMBERED_PATHS) known.delete(known.keys().next().value!);
    known.set(pathname, id);
    return id;
  };
}
