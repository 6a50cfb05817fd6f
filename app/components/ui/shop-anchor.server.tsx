import { Link, type LinkProps } from "@remix-run/react";
import { createElement, forwardRef } from "react";

// ShopLink on the server (ShopLink.tsx): for a plain path of the shop, the anchor that Remix's Link
// renders there (`href` and `data-discover`), without Link's hooks: resolving the path against the
// route, prefetch state and click handling were a fifth of what a catalogue page rendered for one
// request allocated (decision 0037). Hydration adopts the anchor: the same element, the same
// attributes. Anything the plain anchor cannot stand for goes to Link. A `.server` module: the
// browser build leaves it out, and ShopLink is Link itself there.

/**
 * A path Link renders unchanged: absolute, not `//host`, no `.`, `..` or empty segment to resolve,
 * and no empty `?` or `#` to drop.
 */
export function isPlainShopPath(to: LinkProps["to"]): to is string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return false;
  const pathname = to.split(/[?#]/, 1)[0];
  return !/\/\/|(^|\/)\.\.?(\/|$)/.test(pathname) && !/[?#]$/.test(to);
}

/** Link's own props, which are not the anchor's attributes. */
const LINK_ONLY = new Set([
  "to",
  "prefetch",
  "discover",
  "reloadDocument",
  "replace",
  "state",
  "preventScrollReset",
  "relative",
  "viewTransition",
]);

export const ShopAnchor: typeof Link = forwardRef<HTMLAnchorElement, LinkProps>(function ShopAnchor(props, ref) {
  const { to, prefetch = "none", discover = "render", reloadDocument } = props;
  // Prefetch "render" and "viewport" add elements beside the anchor: those stay with Link.
  if (reloadDocument || (prefetch !== "none" && prefetch !== "intent") || !isPlainShopPath(to))
    return <Link ref={ref} {...props} />;
  // One object for the anchor's attributes, in Link's order (a page renders dozens of links).
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!LINK_ONLY.has(key)) anchor[key] = props[key as keyof LinkProps];
  anchor["data-discover"] = discover === "render" ? "true" : undefined;
  anchor.href = to;
  anchor.ref = ref;
  return createElement("a", anchor);
});
