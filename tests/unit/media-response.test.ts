import { describe, expect, it } from "vitest";
import { mediaResponse } from "~/server/http/media-response.server";
import { MediaUnavailableError } from "~/server/media/port";

// What a browser gets from /uploads/*: the image with its type, cached forever, or a plain 404
// or 503, each with nosniff.

describe("mediaResponse", () => {
  it("sends a stored image with its type, immutable caching, nosniff and a CSP that runs nothing", async () => {
    const res = await mediaResponse(async () => ({ bytes: new Uint8Array([1, 2, 3]), contentType: "image/webp" }));
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "image/webp",
      "content-length": "3",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'",
      "x-content-type-options": "nosniff",
    });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("answers 404 for an unknown name", async () => {
    const res = await mediaResponse(async () => null);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBeNull();
  });

  it("answers 503, never cached, when the storage does not answer", async () => {
    const res = await mediaResponse(async () => {
      throw new MediaUnavailableError();
    });
    expect(res.status).toBe(503);
    expect(await res.text()).toBe("Image storage not available");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("retry-after")).toBe("5");
  });
});
