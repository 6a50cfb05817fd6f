import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip } from "~/server/http/accept-encoding.server";
import { crc32Combine, deflateParts, inflateParts, spliceGzip } from "~/server/page-delivery/gzip-splice.server";

// Kept pages are answered as gzip put together from the page compressed once and the viewer's values
// (decision 0028): what comes out must be one ordinary gzip member that any decoder reads as the page
// with THAT viewer's values, however the compressor matched text around the cuts.

/** A page like a listing: cards that repeat, each with a form carrying the value, so matches cross every cut. */
function listing(cards: number, token: string): { parts: Buffer[]; whole: (values: string[]) => string } {
  const card = (i: number) => `<li><a href="/products/p${i % 7}">Card ${i % 5}</a><form><input name="csrf" value="`;
  const parts = [
    `<html><body><ul>`,
    ...Array.from({ length: cards }, (_, i) => `"/></form>${card(i + 1)}`),
    `"/></form></li></ul><script>{"csrfToken":"`,
    `"}</script></body></html>`,
  ];
  parts[0] += card(0);
  void token;
  return {
    parts: parts.map((p) => Buffer.from(p)),
    whole: (values) => parts.map((p, i) => p + (values[i] ?? "")).join(""),
  };
}

const gunzip = (gzipped: Buffer | null) => zlib.gunzipSync(gzipped!).toString();

describe("deflateParts and spliceGzip", () => {
  it("decode, with a standard gunzip, to the page with the viewer's values where the rendered ones were", async () => {
    const rendered = "A".repeat(43);
    const viewer = "B".repeat(43);
    const page = listing(24, rendered);
    const cuts = page.parts.length - 1;
    const deflated = await deflateParts(page.parts, Array(cuts).fill(43), Array(cuts).fill(false));
    const values = Array(cuts).fill(viewer);
    expect(
      gunzip(
        spliceGzip(
          deflated,
          values.map((v) => Buffer.from(v)),
        ),
      ),
    ).toBe(page.whole(values));
  });

  it("stays right for random pages and values, with cuts of fixed and of any length", async () => {
    for (let round = 0; round < 50; round++) {
      const words = ["<div>", "</div>", 'value="', '"/>', "card", "price", "jeans", " "];
      const parts = Array.from({ length: 2 + (round % 9) }, () =>
        Buffer.from(
          Array.from({ length: crypto.randomInt(0, 80) }, () => words[crypto.randomInt(words.length)]).join(""),
        ),
      );
      const cuts = parts.length - 1;
      const lengths = Array.from({ length: cuts }, () => crypto.randomInt(1, 40));
      const anyLength = Array.from({ length: cuts }, () => crypto.randomInt(3) === 0);
      const deflated = await deflateParts(parts, lengths, anyLength);
      const values = lengths.map((length, i) =>
        Buffer.from(
          // The viewer's value often repeats the page's own text, which a wrong splice would betray.
          (anyLength[i] ? 'value="jeans'.slice(0, crypto.randomInt(0, 12)) : "card price jeans <div>".repeat(3)).slice(
            0,
            anyLength[i] ? undefined : length,
          ),
        ),
      );
      const fitting = values.map((v, i) => (anyLength[i] ? v : Buffer.from(v.toString().padEnd(lengths[i], "x"))));
      const expected = Buffer.concat(parts.flatMap((p, i) => (fitting[i] ? [p, fitting[i]] : [p]))).toString();
      expect(gunzip(spliceGzip(deflated, fitting)), `round ${round}`).toBe(expected);
      expect(Buffer.concat(inflateParts(deflated)).equals(Buffer.concat(parts))).toBe(true);
    }
  });

  it("refuses a value of another length than a fixed cut's, and takes any length where the cut allows it", async () => {
    const parts = [Buffer.from("<p>a</p>"), Buffer.from("<p>b</p>"), Buffer.from("<p>c</p>")];
    const deflated = await deflateParts(parts, [5, 5], [false, true]);
    expect(spliceGzip(deflated, [Buffer.from("123456"), Buffer.from("x")])).toBeNull();
    expect(gunzip(spliceGzip(deflated, [Buffer.from("12345"), Buffer.from("a-much-longer@address.example")]))).toBe(
      "<p>a</p>12345<p>b</p>a-much-longer@address.example<p>c</p>",
    );
  });

  it("stays right for a page that itself holds the filler byte", async () => {
    const parts = [Buffer.from("x\u0001\u0001\u0001\u0001y"), Buffer.from("\u0001\u0001\u0001\u0001z")];
    const deflated = await deflateParts(parts, [4], [false]);
    expect(gunzip(spliceGzip(deflated, [Buffer.from("wxyz")]))).toBe(
      "x\u0001\u0001\u0001\u0001ywxyz\u0001\u0001\u0001\u0001z",
    );
  });

  it("carries a value longer than a stored block, and a page larger than the deflate window", async () => {
    const long = "v".repeat(70_000);
    const big = crypto.randomBytes(100_000).toString("base64");
    const deflated = await deflateParts([Buffer.from(big), Buffer.from(big)], [long.length], [true]);
    expect(gunzip(spliceGzip(deflated, [Buffer.from(long)]))).toBe(big + long + big);
  });
});

describe("crc32Combine", () => {
  it("is the CRC of the two inputs one after the other", async () => {
    for (const [a, b] of [
      ["", "x"],
      ["hello ", "world"],
      ["a".repeat(100_000), "b".repeat(3)],
      ["z", "q".repeat(1 << 20)],
    ]) {
      const [x, y] = [Buffer.from(a), Buffer.from(b)];
      expect(crc32Combine(zlib.crc32(x), zlib.crc32(y), y.length)).toBe(zlib.crc32(Buffer.concat([x, y])));
    }
  });
});

describe("acceptsGzip", () => {
  it.each([
    ["gzip, deflate, br", true],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", true],
    ["x-gzip", true],
    ["*", true],
    ["br", false],
    ["identity", false],
    ["gzip;q=0, br", false],
    ["GZIP", true],
    ["", false],
    [null, false],
  ])("%s → %s", (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
