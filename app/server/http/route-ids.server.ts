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

/** The id of the route that answers a path ("routes/products.$id"); single-fetch `.data` URLs included. */
export function routeIdMatcher(routes: Record<string, BuildRoute>): (pathname: string) => string {
  // Index routes never have children, which matchRoutes' types say in a way this plain shape cannot.
  const tree = routeTree(routes) as Parameters<typeof matchRoutes>[0];
  return (pathname) => {
    const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const matches = matchRoutes(tree, path);
    return matches?.[matches.length - 1]?.route.id ?? "unmatched";
  };
}
