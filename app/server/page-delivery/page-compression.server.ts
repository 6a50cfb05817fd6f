import zlib from "node:zlib";
import { acceptsBrotli, acceptsGzip } from "../http/accept-encoding.server";

// A page rendered for one request, compressed here at once rather than streamed through the
// compression middleware: one synchronous call instead of a zlib stream's setup, chunks and callbacks
// on every page (decision 0037, bench/results/2026-11-27-cold.md). Kept pages are not compressed here:
// the render cache sends them as gzip put together from pieces compressed once (decision 0028).

/** Below this the middleware does not compress either: the headers would outweigh the saving. */
const THRESHOLD = 1024;

/**
 * Brotli at quality 1 with a 256 KB window: a third of quality 2's CPU on a page of 25–110 KB
 * (0.10 against 0.28 ms for a product page) and half of gzip's fastest level, for 7–9 % more bytes
 * (11.0 against 10.2 KB); a page still fits in a new connection's first ten packets (~14 KB), so
 * it arrives in the same round trips (decision 0038). The default window (4 MB) made each page's
 * encoder cost more than the page.
 */
const BROTLI: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};

/** Gzip for a browser that does not take brotli: zlib's default level, here and in the middleware. */
const GZIP: zlib.ZlibOptions = { level: zlib.constants.Z_DEFAULT_COMPRESSION };

/**
 * The compression middleware's options (scripts/server.mjs): route data and JSON are compressed as
 * pages are, from this one place.
 */
export const RESPONSE_COMPRESSION = { brotli: BROTLI, level: GZIP.level, threshold: THRESHOLD };

/** The page as it goes out for this Accept-Encoding, and its Content-Encoding (null: as it is). */
export function compressPage(
  html: Buffer,
  acceptEncoding: string | null,
): { body: Buffer; encoding: "br" | "gzip" | null } {
  if (html.length < THRESHOLD) return { body: html, encoding: null };
  if (acceptsBrotli(acceptEncoding))
    return {
      body: zlib.brotliCompressSync(html, {
        params: { ...BROTLI.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      }),
      encoding: "br",
    };
  if (acceptsGzip(acceptEncoding)) return { body: zlib.gzipSync(html, GZIP), encoding: "gzip" };
  return { body: html, encoding: null };
}
