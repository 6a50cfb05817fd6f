import { describe, expect, it } from "vitest";
import { REMEMBERED_PATHS, routeIdMatcher } from "~/server/http/route-ids.server";

const routes = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true },
  "routes/products.$id": { id: "routes/products.$id", parentId: "root", path: "products/:id" },
  "routes/blog._index": { id: "routes/blog._index", parentId: "root", path: "blog", index: true },
};

describe("routeIdMatcher", () => {
  it("names the route that answers a path, single-fetch data URLs included", () => {
    const routeOf = routeIdMatcher(routes);
    expect(routeOf("/")).toBe("routes/_index");
    expect(routeOf("/_root.data")).toBe("routes/_index");
    expect(routeOf("/products/p0001")).toBe("routes/products.$id");
    expect(routeOf("/products/p0001.data")).toBe("routes/products.$id");
    expect(routeOf("/blog")).toBe("routes/blog._index");
  });

  it("answers paths no route takes as unmatched", () => {
    expect(routeIdMatcher(routes)("/nowhere/at/all")).toBe("unmatched");
  });

  it("keeps answering rightly after more paths than it remembers", () => {
    const routeOf = routeIdMatcher(routes);
    for (let i = 0; i <= REMEMBERED_PATHS; i++) routeOf(`/products/p${i}`);
    expect(routeOf("/products/p0")).toBe("routes/products.$id");
    expect(routeOf("/")).toBe("routes/_index");
    expect(routeOf("/x/y")).toBe("unmatched");
  });
});
