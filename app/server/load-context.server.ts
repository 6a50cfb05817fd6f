import type { AppLoadContext } from "@remix-run/node";
import type { Cart } from "~/domain/commerce";
import type { Market } from "~/domain/market";
import type { AppContext } from "./context.server";
import type { EarlyVisit } from "./page-delivery/early-hits.server";
import type { AuthState } from "./services/accounts/accounts.server";
import type { BackOfficeMember } from "./services/staff/staff.server";

// What every loader and action receives as `context`: the shop's services (made once at start by
// context.server.ts's createContext), what the server knew of the connection, and the lookups the
// loaders of one request share. A new one per HTTP request: nothing here outlives it.

/** Lookups made once per request and shared by its loaders (each loader gets its own Request). */
export interface RequestMemo {
  authState?: Promise<AuthState>;
  member?: Promise<BackOfficeMember | null>;
  market?: Promise<Market>;
  cartId?: Promise<string | null>;
  /** The uid the session cookie names, before it is checked (IdentityProvider.claimedUid). */
  claimedUid?: Promise<string | null>;
  /** The cart the cookies name, read beside the session check: used only once that check names the same cart. */
  claimedCart?: Promise<{ cartId: string; cart: Promise<Cart | null> } | null>;
}

export interface Connection {
  /** The socket's address (client-address.server.ts reads it for rate limits). */
  clientAddress: string | null;
  /** The method the request came with when the page does not take it (method-guard.server.ts). */
  disallowedMethod: string | null;
  /** The render cache's note of this visit (early-hit-handler.server.ts). */
  earlyVisit: EarlyVisit | null;
}

// Remix's own type, so every loader's and action's `context` is this without a cast.
declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends Connection {
    shop: AppContext;
    memo: RequestMemo;
  }
}

export function createLoadContext(shop: AppContext, connection: Connection): AppLoadContext {
  return {
    shop,
    clientAddress: connection.clientAddress,
    disallowedMethod: connection.disallowedMethod,
    earlyVisit: connection.earlyVisit,
    memo: {},
  };
}

/**
 * The request's lookup `key`, made once. Only a GET or HEAD shares it: after a POST's action the
 * loaders must see what the action changed (a sign-in, a sign-out), so each asks afresh.
 */
export function remembered<K extends keyof RequestMemo>(
  context: Pick<AppLoadContext, "memo">,
  request: Request,
  key: K,
  lookup: () => NonNullable<RequestMemo[K]>,
): NonNullable<RequestMemo[K]> {
  if (request.method !== "GET" && request.method !== "HEAD") return lookup();
  const kept = context.memo[key];
  if (kept) return kept as NonNullable<RequestMemo[K]>;
  const made = lookup();
  context.memo[key] = made;
  return made;
}
