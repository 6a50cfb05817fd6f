import crypto from "node:crypto";
import { createCookie, type AppLoadContext } from "@remix-run/node";
import type { Session } from "../auth/port";
import type { Cart } from "~/domain/commerce";
import { claimedUid, commitSession, getAuthState } from "./session.server";
import { getConfig } from "../config.server";
import { baseCookieOptions } from "./cookie-security.server";
import { remembered } from "../load-context.server";
import { CART_TTL_MS } from "../services/cart/cart.server";

// Which cart a request uses: a signed-in shopper's own ("user:{uid}"), or a guest's, named by a
// random token in a signed cookie ("guest:{token}"). The cookie is made only when a guest first
// adds something, so browsing never sets it.

let cookie: ReturnType<typeof createCookie> | undefined;

function cartCookie() {
  const config = getConfig();
  cookie ??= createCookie("__cart", { ...baseCookieOptions(config), maxAge: CART_TTL_MS / 1000 });
  return cookie;
}

async function guestToken(request: Request): Promise<string | null> {
  const value = await cartCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,64}$/.test(value) ? value : null;
}

/** The cart this request reads; null for a guest without a cart cookie. */
export function currentCartId(request: Request, context: AppLoadContext): Promise<string | null> {
  return remembered(context, request, "cartId", async () => {
    const { user } = await getAuthState(request, context);
    if (user) return `user:${user.uid}`;
    const token = await guestToken(request);
    return token ? `guest:${token}` : null;
  });
}

/**
 * The cart the cookies name, its read started at once, beside the session check: a guest's by its
 * (signed) cookie, a shopper's by the uid the session cookie names, unchecked. Shared by the
 * request's loaders; only currentCart hands it out, once the check names the same cart.
 */
function claimedCart(request: Request, context: AppLoadContext) {
  return remembered(context, request, "claimedCart", async () => {
    const uid = await claimedUid(request, context);
    const token = uid ? null : await guestToken(request);
    const cartId = uid ? `user:${uid}` : token ? `guest:${token}` : null;
    if (!cartId) return null;
    const cart = context.shop.cart.read(cartId);
    cart.catch(() => {}); // an unused read's failure is nobody's; a used one's reaches its reader
    return { cartId, cart };
  });
}

/**
 * The cart this request reads (currentCartId) and, as `early`, its stored document when the read
 * started beside the session check was for that same cart: pass both to the cart service.
 */
export async function currentCart(
  request: Request,
  context: AppLoadContext,
): Promise<{ cartId: string | null; early: Promise<Cart | null> | undefined }> {
  const [cartId, claimed] = await Promise.all([currentCartId(request, context), claimedCart(request, context)]);
  return { cartId, early: claimed && claimed.cartId === cartId ? claimed.cart : undefined };
}

/** The cart this request writes to, creating the guest cookie when needed (its Set-Cookie in `headers`). */
export async function writableCartId(
  request: Request,
  context: AppLoadContext,
): Promise<{ cartId: string; headers: HeadersInit | undefined }> {
  const existing = await currentCartId(request, context);
  const token = existing ? null : crypto.randomBytes(24).toString("base64url");
  if (existing) {
    // Each write renews a guest cart's cookie, as each write renews the cart.
    const guest = existing.startsWith("guest:") ? existing.slice("guest:".length) : null;
    return { cartId: existing, headers: guest ? { "Set-Cookie": await cartCookie().serialize(guest) } : undefined };
  }
  return { cartId: `guest:${token}`, headers: { "Set-Cookie": await cartCookie().serialize(token) } };
}

/**
 * At sign-in or registration: the guest cart and saved items join the user's and the guest cookie is
 * cleared. Returns the Set-Cookie value to add to the sign-in response (or null).
 */
export async function mergeGuestCartInto(
  request: Request,
  context: AppLoadContext,
  uid: string,
): Promise<string | null> {
  const token = await guestToken(request);
  if (!token) return null;
  await context.shop.cart.merge(`guest:${token}`, `user:${uid}`);
  // Saved items belong to the same guest record, so they join the account's the same way.
  await context.shop.wishlist.merge(`guest:${token}`, `user:${uid}`);
  return cartCookie().serialize("", { maxAge: 0 });
}

/** The cookies of a successful sign-in: the session, and the guest cart merged into the user's. */
export async function signedInHeaders(
  request: Request,
  context: AppLoadContext,
  signedIn: { identity: { uid: string }; session: Session },
): Promise<Headers> {
  const headers = new Headers({ "Set-Cookie": await commitSession(signedIn.session) });
  const cleared = await mergeGuestCartInto(request, context, signedIn.identity.uid);
  if (cleared) headers.append("Set-Cookie", cleared);
  return headers;
}
