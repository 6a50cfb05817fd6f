import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsBrotli, acceptsGzip } from "~/server/http/accept-encoding.server";
import { compressPage } from "~/server/page-delivery/page-compression.server";

// A page rendered for one request goes out compressed as the client takes it (decision 0037): brotli
// when it is accepted, else gzip, else as it is; a standard decoder gives the page back.

const html = Buffer.from(
  `<!DOCTYPE html><html><body>${'<li class="card">Linen shirt €49.00</li>'.repeat(200)}</body></html>`,
);

describe("compressPage", () => {
  it("sends brotli to a browser that takes it, smaller than the page and the same once decoded", () => {
    const { body, encoding } = compressPage(html, "gzip, deflate, br");
    expect(encoding).toBe("br");
    expect(body.length).toBeLessThan(html.length / 5);
    expect(zlib.brotliDecompressSync(body).equals(html)).toBe(true);
  });

  it("sends gzip when brotli is not taken, and the page as it is when neither is", () => {
    const gzip = compressPage(html, "gzip;q=1, br;q=0");
    expect(gzip.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(html)).toBe(true);
    for (const header of ["identity", "", null, "br;q=0, gzip;q=0"]) {
      const plain = compressPage(html, header);
      expect(plain.encoding, String(header)).toBeNull();
      expect(plain.body).toBe(html);
    }
  });

  it("leaves a page under a kilobyte as it is", () => {
    const small = Buffer.from("<p>Not found</p>");
    expect(compressPage(small, "br")).toEqual({ body: small, encoding: null });
  });
});

describe("Accept-Encoding", () => {
  it("takes a coding named with a weight above zero, or a star", () => {
    expect(acceptsBrotli("gzip, deflate, br")).toBe(true);
    expect(acceptsBrotli("gzip")).toBe(false);
    expect(acceptsBrotli("*")).toBe(true);
    expect(acceptsBrotli("br;q=0, *")).toBe(false);
    expect(acceptsGzip("x-gzip")).toBe(true);
    expect(acceptsGzip("br")).toBe(false);
  });
});
