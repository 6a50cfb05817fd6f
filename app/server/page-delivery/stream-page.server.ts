import { pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { coalescedStream } from "./coalesced-stream.server";
import type { PageRequest } from "./page-request.server";
import { renderPage } from "./render-page.server";
import { documentHeaders } from "./document-headers.server";

/**
 * A page as Remix's stock entry sends it: an ordinary streamed Response, its shell first (a bot gets
 * it once everything rendered), compressed, if at all, by whatever server sends it.
 */
export async function streamPage(page: PageRequest): Promise<Response> {
  const rendering = await renderPage(page.tree, {
    nonce: page.nonce,
    wait: page.bot ? "all" : "shell",
    status: page.status,
    errorTitle: page.errorTitle,
    retitle: page.retitled,
  });
  const status = rendering.status();
  documentHeaders(page.config, page.headers, page.nonce, status);
  // Sent in as few chunks as React's rendering allows (coalesced-stream.server.ts says why).
  const body = pipeline(rendering.body, coalescedStream(), () => {});
  return new Response(createReadableStreamFromReadable(body), { status, headers: page.headers });
}
