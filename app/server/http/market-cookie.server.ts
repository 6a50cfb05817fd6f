import { createCookie, type AppLoadContext } from "@remix-run/node";
import type { Market } from "~/domain/market";
import { getConfig } from "../config.server";
import { remembered } from "../load-context.server";
import { baseCookieOptions } from "./cookie-security.server";

// The shopper's market: the one their `market` cookie names (signed, like every cookie of the
// shop), else the shop's default. An id no market has any more (deleted, renamed) is the default,
// never an error. Every loader and action that states or takes a price asks `shopperMarket`.

const YEAR_S = 365 * 24 * 60 * 60;
const MARKET_ID = /^[a-z0-9-]{1,80}$/;

let cookie: ReturnType<typeof createCookie> | undefined;

function marketCookie() {
  cookie ??= createCookie("market", { ...baseCookieOptions(getConfig()), maxAge: YEAR_S });
  return cookie;
}

/** The market id the request's cookie names, or null (none, unsigned, or not an id). */
export async function chosenMarketId(request: Request): Promise<string | null> {
  const value: unknown = await marketCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && MARKET_ID.test(value) ? value : null;
}

/** The Set-Cookie value that makes `marketId` the shopper's market. */
export function marketCookieHeader(marketId: string): Promise<string> {
  return marketCookie().serialize(marketId);
}

/** The market this request's shopper sees prices in. */
export function shopperMarket(request: Request, context: AppLoadContext): Promise<Market> {
  return remembered(context, request, "market", async () =>
    context.shop.markets.shopperMarket(await chosenMarketId(request)),
  );
}
