import { Link } from "@remix-run/react";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ShopLink } from "~/components/ui/ShopLink";
import { isPlainShopPath } from "~/components/ui/shop-anchor.server";

// On the server a shop link is the anchor Remix's Link renders, without its hooks (decision 0037):
// hydration adopts it only if the HTML is the same, so the two are compared as React renders them.

const render = (element: ReactElement, location = "/products") =>
  renderToString(createElement(StaticRouter, { location }, element));

const paths = [
  "/",
  "/products/p0001",
  "/products/p0001?colour=Sky%20Blue",
  "/products?category=dresses&sort=newest&page=2",
  "/products?search=linen#results",
  "/products/",
];

describe("ShopLink", () => {
  it("renders what Remix's Link renders for a path of the shop, on any page", () => {
    for (const to of paths)
      for (const location of ["/products", "/products/p0002", "/"]) {
        const props = { to, className: "hover:underline", "aria-current": "page" as const };
        for (const prefetch of ["none", "intent"] as const) {
          const theirs = render(createElement(Link, { ...props, prefetch }, "Dresses"), location);
          expect(render(createElement(ShopLink, { ...props, prefetch }, "Dresses"), location), to).toBe(theirs);
        }
      }
  });

  it("leaves to Link what a plain anchor cannot stand for", () => {
    for (const to of ["products", "../cart", "/a/./b", "/a/../b", "//evil.test/x", "/products?", "/a#", "/a//b"])
      expect(isPlainShopPath(to), to).toBe(false);
    for (const to of paths) expect(isPlainShopPath(to), to).toBe(true);
    // Rendered by Link, so still the same anchor as Link's.
    const relative = { to: "../cart", className: "x" };
    expect(render(createElement(ShopLink, relative, "Cart"), "/products/p1")).toBe(
      render(createElement(Link, relative, "Cart"), "/products/p1"),
    );
    expect(render(createElement(ShopLink, { to: "/cart", reloadDocument: true }, "Cart"))).toBe(
      render(createElement(Link, { to: "/cart", reloadDocument: true }, "Cart")),
    );
  });
});
