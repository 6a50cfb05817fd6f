import type { EntryContext } from "@remix-run/node";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

// A page rendered in one synchronous pass (decision 0038). The shop defers no data, so nothing on a
// page waits for anything once its loaders have run, except Remix's own data stream: its
// StreamTransfer suspends on every chunk it reads, which is what kept pages on React's streaming
// renderer. Read here first and handed to StreamTransfer as already read, the page renders with
// renderToString: strings joined by V8 and encoded once, instead of React's stream writing every
// piece of the page through a TextEncoder into 2 KB buffers (a fifth of a rendered page's CPU).

/**
 * Reads this page's data stream to its end and gives it to the render as already read: one
 * `<script>` with all of it (the browser's decoder takes text in any pieces), then its end.
 * False when there is no such stream (single fetch off): the page is then rendered as before.
 */
export async function readHandoffAhead(context: EntryContext): Promise<boolean> {
  const { serverHandoffStream: stream, renderMeta } = context;
  if (!stream || !renderMeta) return false;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  // The reads StreamTransfer would have made, already settled (its cache, @remix-run/react 2.17.5).
  const read = (done: boolean, value: string) => Object.assign(Promise.resolve(), { result: { done, value } });
  renderMeta.streamCache = { 0: read(false, text), 1: read(true, "") };
  return true;
}

// React marks a Suspense boundary it could not render on the server (an error, or something still
// pending) as `<!--$!-->` and leaves it to the browser; renderToString says nothing else of it.
// Text and attributes are escaped, so the shop's own content never writes this.
const FELL_BACK = "<!--$!-->";

const DOCTYPE = "<!DOCTYPE html>";
const TITLE = "<title>";
const CLOSING = "</body></html>";

/**
 * The page's HTML, or null when a part of it did not render on the server: the caller renders it
 * again with the streaming renderer, which reports the error and answers 500 as it always did.
 * The doctype the streaming renderer writes before `<html>` is written here too; Remix renders its
 * data scripts after the root, so the closing tags are moved after them (document-stream.server.ts).
 * `retitle` puts a prefix at the start of the first <title> (a page showing form errors: "Error: ").
 * The page is encoded straight into its buffer: each string made on the way would be another copy
 * of it (a two-byte string when it holds "€").
 */
export function renderNow(tree: ReactElement, retitle?: () => string): Buffer | null {
  const html = renderToString(tree);
  if (html.includes(FELL_BACK)) return null;
  const prefix = retitle?.() ?? "";
  const titleAt = prefix ? html.indexOf(TITLE) : -1;
  const closingAt = html.indexOf(CLOSING);
  // The page in pieces: slices of the rendered text (no copies) and the strings put between them.
  const parts = html.startsWith("<html") ? [DOCTYPE] : [];
  let from = 0;
  if (titleAt !== -1) parts.push(html.slice(from, (from = titleAt + TITLE.length)), prefix);
  if (closingAt !== -1) parts.push(html.slice(from, closingAt), html.slice(closingAt + CLOSING.length), CLOSING);
  else parts.push(html.slice(from));
  const page = Buffer.allocUnsafe(parts.reduce((n, part) => n + Buffer.byteLength(part), 0));
  let at = 0;
  for (const part of parts) at += page.write(part, at);
  return page;
}
