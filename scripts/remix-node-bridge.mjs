// Between Express's req/res and the Fetch Request/Response Remix handles: our own, on
// @remix-run/node's public stream helpers. @remix-run/express exports only its whole handler (its
// request and response helpers live in its dist/, not its API), and the server needs the two
// apart: a page answered in one piece is written without the stream (whole-response.server.ts).
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";

/** The port a request was addressed to: X-Forwarded-Host's (a proxy's word, as Express's `trust proxy` allows), else Host's. */
function portOf(req) {
  for (const header of [req.get("X-Forwarded-Host"), req.get("host")]) {
    const port = Number.parseInt(header?.split(":")[1] ?? "", 10);
    if (Number.isSafeInteger(port)) return port;
  }
  return null;
}

/** The Fetch Request for an Express request; aborted when the client goes before the answer is written. */
export function toFetchRequest(req, res) {
  const port = portOf(req);
  // req.hostname and req.protocol honour Express's `trust proxy`; originalUrl is the whole path.
  const href = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`).href;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value) headers.set(name, value);
  }
  const controller = new AbortController();
  let answered = false;
  res.on("finish", () => (answered = true));
  res.on("close", () => {
    if (!answered) controller.abort();
  });
  const init = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(href, init);
}

/** Writes a Fetch Response to Express's response, streaming its body with backpressure. */
export async function sendFetchResponse(res, response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  // Server-sent events start at once, not with the first chunk.
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
