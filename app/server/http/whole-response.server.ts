// A page is answered in one piece (entry.server.tsx waits for the whole render). Its bytes are kept
// beside its Response, which has no body of its own: the HTTP server writes them at once
// (scripts/server.mjs). Reading them back through a web stream cost as much as routing the request
// (bench/results/2026-11-27-cold.md), and making that stream for every page, never read, another
// 1 % of its CPU (decision 0039). Only scripts/server.mjs answers such a Response.

const bodies = new WeakMap<Response, Uint8Array>();

/** A Response for these bytes, which `wholeBodyOf` gives to the server; its own body is empty. */
export function wholeResponse(body: Buffer, init: ResponseInit): Response {
  const response = new Response(null, init);
  bodies.set(response, new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength));
  return response;
}

/** The bytes of a response made by `wholeResponse`, else undefined (any other response streams its body). */
export function wholeBodyOf(response: Response): Uint8Array | undefined {
  return bodies.get(response);
}
