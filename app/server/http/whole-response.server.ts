// A page is answered in one piece (entry.server.tsx waits for the whole render). Its bytes are noted
// beside its Response, so the HTTP server writes them at once (scripts/server.mjs) instead of reading
// them back through the Response's web stream, which cost as much as routing the request
// (bench/results/2026-11-27-cold.md). Any other response, or one whose body was replaced, streams as before.

const bodies = new WeakMap<Response, Uint8Array>();

/** A Response of these bytes, noted for `wholeBodyOf`. */
export function wholeResponse(body: Buffer, init: ResponseInit): Response {
  const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
  const response = new Response(bytes, init);
  bodies.set(response, bytes);
  return response;
}

/** The bytes of a response made by `wholeResponse` whose body nobody has read, else undefined. */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return response.bodyUsed ? undefined : bodies.get(response);
}
