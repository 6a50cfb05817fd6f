import { Link } from "@remix-run/react";
import * as onServer from "./shop-anchor.server";

// A link to a page of the shop. In the browser it is Remix's Link (navigation without a reload,
// prefetch on intent, route discovery); on the server, for a plain path of the shop, the anchor Link
// renders there, without its hooks (shop-anchor.server.tsx, decision 0037). The server's part is a
// `.server` module, empty in the browser build, so the browser loads nothing but Link for it.
export const ShopLink: typeof Link = onServer.ShopAnchor ?? Link;
