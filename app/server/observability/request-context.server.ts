import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

// The request a line of code runs for, without passing it through every call: log lines written
// anywhere while a request is answered carry its id and trace (log.server.ts reads it here), and
// the error page shows the id as a reference a shopper can quote.

export interface RequestScope {
  requestId: string;
  /** 32 hex digits from `traceparent` or `X-Cloud-Trace-Context`, when the platform sent one. */
  traceId: string | null;
  spanId: string | null;
  /** Whether the platform sampled this trace (Cloud Logging groups sampled lines under it). */
  sampled: boolean;
  /** GET or HEAD: the request reads, so it may see the store as it was when it first looked. */
  readOnly?: boolean;
  /** What `oncePerReadRequest` read first for this request. */
  stamp?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

export const currentRequest = (): RequestScope | undefined => storage.getStore();

export function runInRequest<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/**
 * `read` (the store's change stamp) asked once per GET or HEAD request and given again for the rest
 * of it: a page asks before each list it keeps (the catalogue's changes, zones, markets, its early
 * answer), each time a statement. What is kept with an older stamp is only read again sooner. Any
 * other request, which may write before it reads, and code outside a request ask every time.
 */
export function oncePerReadRequest(read: () => string): () => string {
  return () => {
    const scope = storage.getStore();
    if (!scope?.readOnly) return read();
    return (scope.stamp ??= read());
  };
}

// An incoming id is kept only when it cannot smuggle anything into a header or a log line.
const WELL_FORMED_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})$/;
const CLOUD_TRACE = /^([\da-fA-F]{32})(?:\/(\d{1,20}))?(?:;o=([01]))?$/;
const ZERO_TRACE = /^0+$/;

type HeaderValue = string | string[] | undefined;
const first = (value: HeaderValue) => (Array.isArray(value) ? value[0] : value)?.trim();

/** The id and trace of a request, from its headers (Node's lower-cased header object). */
export function scopeFromHeaders(headers: Record<string, HeaderValue>): RequestScope {
  const incoming = first(headers["x-request-id"]);
  const requestId = incoming && WELL_FORMED_ID.test(incoming) ? incoming : crypto.randomUUID();
  const parent = first(headers["traceparent"])?.toLowerCase().match(TRACEPARENT);
  if (parent && !ZERO_TRACE.test(parent[1]!) && !ZERO_TRACE.test(parent[2]!))
    return { requestId, traceId: parent[1]!, spanId: parent[2]!, sampled: (parseInt(parent[3]!, 16) & 1) === 1 };
  const cloud = first(headers["x-cloud-trace-context"])?.match(CLOUD_TRACE);
  if (cloud && !ZERO_TRACE.test(cloud[1]!))
    return { requestId, traceId: cloud[1]!.toLowerCase(), spanId: cloud[2] ?? null, sampled: cloud[3] === "1" };
  return { requestId, traceId: null, spanId: null, sampled: false };
}
