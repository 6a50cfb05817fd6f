import { createCookie, redirect } from "@remix-run/node";
import { getConfig } from "../config.server";
import { baseCookieOptions } from "./cookie-security.server";

// A one-time message carried across a post/redirect/get ("Added to your cart: …"): set by the
// action's redirect, read and cleared by the next page. Signed, so nobody can put words in our mouth.

export interface Flash {
  kind: "success" | "info";
  message: string;
}

let cookie: ReturnType<typeof createCookie> | undefined;

function flashCookie() {
  const config = getConfig();
  cookie ??= createCookie("__flash", { ...baseCookieOptions(config), maxAge: 60 });
  return cookie;
}

export async function flashHeader(flash: Flash): Promise<string> {
  return flashCookie().serialize({ kind: flash.kind, message: flash.message.slice(0, 300) });
}

/** The pending message, if any, and the Set-Cookie that clears it. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const value = (await flashCookie().parse(request.headers.get("Cookie"))) as Partial<Flash> | null;
  if (!value || typeof value.message !== "string") return { flash: null, clear: null };
  return {
    flash: { kind: value.kind === "info" ? "info" : "success", message: value.message },
    clear: await flashCookie().serialize("", { maxAge: 0 }),
  };
}

/**
 * A 303 to `to` whose next page shows `message` once. The only way a page announces what a form
 * did: words in the URL (`?deleted=<name>`) could be written by anyone who sends a link.
 */
export async function redirectWithFlash(
  to: string,
  message: string,
  init: { kind?: Flash["kind"]; headers?: HeadersInit } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashHeader({ kind: init.kind ?? "success", message }));
  return redirect(to, { status: 303, headers });
}
