import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import type * as RouterModule from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";

// patches/@remix-run+router: the server's route matching keeps its ranked branches and compiled
// matchers, and skips branches whose first literal segment cannot match (decision 0021). Whatever
// the path, it must match exactly as the unpatched router does, on the shop's own route tree.
// The browser's build (dist/router.js) is not patched: it is the reference.

const require = createRequire(import.meta.url);
type Router = typeof RouterModule;
const patched = require("@remix-run/router") as Router;
const patchedFile = require.resolve("@remix-run/router");

async function unpatchedRouter(): Promise<Router> {
  // dist/router.js is ESM in a package Node reads as CommonJS: a copy named .mjs loads as it is.
  const copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "router-")), "router.mjs");
  fs.copyFileSync(path.join(path.dirname(patchedFile), "router.js"), copy);
  return (await import(/* @vite-ignore */ pathToFileURL(copy).href)) as Router;
}

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: RouteNode[];
}

/** The app's route tree, as the Remix compiler reads app/routes. */
function shopRoutes(): RouteNode[] {
  const { flatRoutes } = require("@remix-run/dev/dist/config/flat-routes.js") as {
    flatRoutes: (
      appDir: string,
      ignored: string[],
    ) => Record<string, Omit<RouteNode, "children"> & { parentId?: string }>;
  };
  const manifest = flatRoutes(path.resolve("app"), ["**/.*", "**/*.test.{ts,tsx}"]);
  const byParent = new Map<string, Array<Omit<RouteNode, "children">>>();
  for (const route of Object.values(manifest)) {
    const parent = route.parentId ?? "root";
    byParent.set(parent, [...(byParent.get(parent) ?? []), route]);
  }
  const tree = (parent: string): RouteNode[] =>
    (byParent.get(parent) ?? []).map((r) => ({
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      children: tree(r.id),
    }));
  return [{ id: "root", path: "", children: tree("root") }];
}

const summary = (matches: ReturnType<Router["matchRoutes"]>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase })) ?? null;

describe("the patched server route matching", () => {
  const tree = shopRoutes();
  // Index routes here carry children: [] (the router only refuses ones that have children).
  const routes = tree as unknown as Parameters<Router["matchRoutes"]>[0];

  it("reads the shop's routes", () => {
    expect(JSON.stringify(tree)).toContain('"products/:id"');
    const count = (nodes: RouteNode[]): number => nodes.reduce((n, r) => n + 1 + count(r.children), 0);
    expect(count(tree)).toBeGreaterThan(60);
  });

  it("matches every path as the unpatched router does", async () => {
    const reference = await unpatchedRouter();
    // Both routers warn about paths with a malformed percent-encoding, which the generator makes often.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const known = [
      "/",
      "/products",
      "/PRODUCTS/p0001/",
      "/products/p0001",
      "/admin//orders",
      "/orders/abc/invoice",
      "/robots.txt",
      "/media/v1/t-shirts/front/x.svg",
      "//products",
      "/%2Fproducts",
      "/é/x",
      "/profile/addresses/new",
      "/nope",
    ];
    const segment = fc.oneof(
      fc.constantFrom("products", "Products", "admin", "orders", "blog", "rss.xml", "profile", "addresses", "new", ""),
      fc.string({ maxLength: 6 }),
    );
    const generated = fc.array(segment, { minLength: 0, maxLength: 5 }).map((parts) => "/" + parts.join("/"));
    for (const p of known)
      expect(summary(patched.matchRoutes(routes, p)), p).toEqual(summary(reference.matchRoutes(routes, p)));
    fc.assert(
      fc.property(generated, (p) => {
        // Twice: the second answer comes from the kept branches and matchers.
        expect(summary(patched.matchRoutes(routes, p))).toEqual(summary(reference.matchRoutes(routes, p)));
        expect(summary(patched.matchRoutes(routes, p))).toEqual(summary(reference.matchRoutes(routes, p)));
      }),
      { numRuns: 2000 },
    );
    warn.mockRestore();
  });

  it("is the patched file that the server loads", () => {
    expect(fs.readFileSync(patchedFile, "utf8")).toContain("literalFirstSegment");
  });
});
