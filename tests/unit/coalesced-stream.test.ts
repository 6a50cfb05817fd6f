import type { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { coalescedStream } from "~/server/page-delivery/coalesced-stream.server";

async function chunksOf(stream: Readable): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of stream) out.push(String(chunk));
  return out;
}

describe("coalescedStream", () => {
  it("sends what is written in one turn as one chunk, in order", async () => {
    const stream = coalescedStream();
    for (const part of ["<html>", "<body>", "<p>a</p>", "é", "</body></html>"]) stream.write(part);
    stream.end();
    expect(await chunksOf(stream)).toEqual(["<html><body><p>a</p>é</body></html>"]);
  });

  it("sends what is written later as a chunk of its own, without waiting for the end", async () => {
    const stream = coalescedStream();
    const seen: string[] = [];
    stream.on("data", (chunk) => seen.push(String(chunk)));
    stream.write("shell ");
    stream.write("more ");
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(["shell more "]);
    stream.write("boundary");
    stream.end();
    await new Promise((r) => stream.on("end", r));
    expect(seen).toEqual(["shell more ", "boundary"]);
  });

  it("ends with nothing when nothing was written", async () => {
    const stream = coalescedStream();
    stream.end();
    expect(await chunksOf(stream)).toEqual([]);
  });
});
