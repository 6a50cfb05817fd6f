import { MediaUnavailableError, type StoredMedia } from "../media/port";
import { CACHE } from "./cache.server";
import { commonSecurityHeaders } from "./security-headers.server";

// The answer of the /uploads/* resource routes. Names are random and never reused, so an image
// can be cached forever; it is sent with the type its name promises (checked by the reader),
// nosniff and a CSP that lets it run nothing.

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { ...commonSecurityHeaders(), "Content-Type": "text/plain; charset=utf-8", ...extra },
  });

export async function mediaResponse(read: () => Promise<StoredMedia | null>): Promise<Response> {
  let stored: StoredMedia | null;
  try {
    stored = await read();
  } catch (error) {
    if (!(error instanceof MediaUnavailableError)) throw error;
    // Not a 404: the image exists, the storage did not answer; a browser may try again.
    return text("Image storage not available", 503, { "Cache-Control": CACHE.none, "Retry-After": "5" });
  }
  if (!stored) return text("Not found", 404);
  return new Response(new Uint8Array(stored.bytes), {
    headers: {
      ...commonSecurityHeaders(),
      "Content-Type": stored.contentType,
      "Content-Length": String(stored.bytes.byteLength),
      "Cache-Control": CACHE.immutable,
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
