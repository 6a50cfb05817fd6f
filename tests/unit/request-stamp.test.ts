import { describe, expect, it } from "vitest";
import { oncePerReadRequest, runInRequest, scopeFromHeaders } from "~/server/observability/request-context.server";

// The store's change stamp is read once per page request (GET, HEAD) and every time otherwise: a
// request that writes must see its own writes in what it reads next.

const counting = () => {
  let reads = 0;
  return { read: oncePerReadRequest(() => `stamp-${++reads}`), reads: () => reads };
};

const request = (method: string) => ({ ...scopeFromHeaders({}), readOnly: method === "GET" || method === "HEAD" });

describe("oncePerReadRequest", () => {
  it("reads once for a GET, across the request's awaits, and again for the next request", async () => {
    const stamp = counting();
    const first = await runInRequest(request("GET"), async () => {
      const before = stamp.read();
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [before, stamp.read(), stamp.read()];
    });
    expect(first).toEqual(["stamp-1", "stamp-1", "stamp-1"]);
    expect(runInRequest(request("HEAD"), () => [stamp.read(), stamp.read()])).toEqual(["stamp-2", "stamp-2"]);
    expect(stamp.reads()).toBe(2);
  });

  it("reads every time for a request that may write, and outside any request", () => {
    const stamp = counting();
    expect(runInRequest(request("POST"), () => [stamp.read(), stamp.read()])).toEqual(["stamp-1", "stamp-2"]);
    expect([stamp.read(), stamp.read()]).toEqual(["stamp-3", "stamp-4"]);
  });
});
