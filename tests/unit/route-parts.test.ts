import { describe, expect, it } from "vitest";
import { routeIdMatcher, type BuildRoute } from "~/server/http/route-ids.server";
import { routePartsOf } from "~/server/http/route-parts.server";

// The shapes of the shop's own route tree (build.routes), with the ones it does not have yet:
// a pathless layout, an optional first segment, a dynamic first segment.
const list: BuildRoute[] = [
  { id: "root", path: "" },
  { id: "routes/_index", parentId: "root", index: true },
  { id: "routes/$", parentId: "root", path: "*" },
  { id: "routes/products._index", parentId: "root", path: "products", index: true },
  { id: "routes/products.$id", parentId: "root", path: "products/:id" },
  { id: "routes/orders.$id_.invoice", parentId: "root", path: "orders/:id/invoice" },
  { id: "routes/checkout", parentId: "root", path: "checkout" },
  { id: "routes/checkout.cancel", parentId: "routes/checkout", path: "cancel" },
  { id: "routes/robots[.]txt", parentId: "root", path: "robots.txt" },
  { id: "routes/admin", parentId: "root", path: "admin" },
  { id: "routes/admin._index", parentId: "routes/admin", index: true },
  { id: "routes/admin.orders.$id", parentId: "routes/admin", path: "orders/:id" },
  { id: "routes/_shop", parentId: "root" },
  { id: "routes/_shop.wishlist", parentId: "routes/_shop", path: "wishlist" },
  { id: "routes/($lang).about", parentId: "root", path: ":lang?/about" },
  { id: "routes/$slug.story", parentId: "root", path: ":slug/story" },
];
const routes = Object.fromEntries(list.map((route) => [route.id, route]));
const build = { routes, assets: { routes: Object.fromEntries(list.map((r) => [r.id, { id: r.id }])) }, future: {} };

const paths = [
  "/",
  "/_root.data",
  "/products",
  "/products.data",
  "/products/p0001",
  "/products/p0001.data",
  "/PRODUCTS/p0001",
  "/%70roducts/p0001",
  "/orders/H-1/invoice",
  "/checkout",
  "/checkout/cancel",
  "/robots.txt",
  "/admin",
  "/admin/orders/7",
  "/wishlist",
  "/about",
  "/de/about",
  "/summer/story",
  "/products/story",
  "/nowhere",
  "//products/p1",
  "/%E0%A4%A",
  "/__manifest",
];

describe("routePartsOf", () => {
  const partOf = routePartsOf(build);
  const whole = routeIdMatcher(routes);

  it.each(paths)("answers %s with the route the whole tree answers it with", (path) => {
    const part = partOf(path);
    expect(routeIdMatcher(part.routes)(path)).toBe(whole(path));
  });

  it("hands a page only the routes that could answer it, and their manifest entries", () => {
    const part = partOf("/products/p0001");
    expect(Object.keys(part.routes).sort()).toEqual(
      [
        "root",
        "routes/_index",
        "routes/$",
        "routes/products._index",
        "routes/products.$id",
        "routes/_shop",
        "routes/($lang).about",
        "routes/$slug.story",
      ].sort(),
    );
    expect(Object.keys(part.assets.routes).sort()).toEqual(Object.keys(part.routes).sort());
    expect(part.future).toBe(build.future);
  });

  it("keeps a route under a pathless layout with its literal", () => {
    expect(Object.keys(partOf("/wishlist").routes)).toContain("routes/_shop.wishlist");
    expect(Object.keys(partOf("/products").routes)).not.toContain("routes/_shop.wishlist");
    expect(Object.keys(partOf("/products").routes)).not.toContain("routes/admin.orders.$id");
  });

  it("hands the whole build to what needs every route: the manifest, a path it cannot decode", () => {
    expect(partOf("/__manifest")).toBe(build);
    expect(partOf("/%E0%A4%A")).toBe(build);
  });

  it("hands the same part to each request of one first segment", () => {
    expect(partOf("/products/a")).toBe(partOf("/Products/b"));
    expect(partOf("/products.data")).toBe(partOf("/products"));
  });
});
