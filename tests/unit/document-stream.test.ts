import { PassThrough, type Transform } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { documentStream, titlePrefixStream } from "~/server/page-delivery/document-stream.server";

/** Write `chunks` through the stream, as React's renderer writes them; the bytes that come out. */
async function through(stream: Transform, chunks: Array<string | Uint8Array>): Promise<Buffer> {
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  await ended;
  return Buffer.concat(out);
}
const streamed = async (chunks: Array<string | Uint8Array>) =>
  (await through(documentStream(), chunks)).toString("utf8");

/** A page rendered by React 18's streaming renderer into `stream`. */
function rendered(text: string, stream: Transform): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => out.push(Buffer.from(chunk)));
    stream.on("end", () => resolve(Buffer.concat(out)));
    // Many short text chunks, as a real page has: React encodes each into its 2 KB buffer.
    const paragraphs = Array.from({ length: 120 }, (_, i) => createElement("p", { key: i }, text));
    const page = createElement("html", null, createElement("body", null, paragraphs));
    const { pipe } = renderToPipeableStream(page, { onAllReady: () => pipe(stream), onShellError: reject });
  });
}

const SHELL =
  "<!DOCTYPE html><html><head><title>é</title></head><body><main>Hello</main><script>boot()</script></body></html>";
const LATER =
  '<!--$?--><template id="B:0"></template><!--/$--><div hidden id="S:0"><script>data()</script></div><script>$RC("B:0","S:0")</script>';
const MOVED = SHELL.replace("</body></html>", "") + LATER + "</body></html>";

describe("documentStream", () => {
  it("moves what React streams after the shell inside <body>", async () => {
    expect(await streamed([SHELL, LATER])).toBe(MOVED);
  });

  it("finds the closing tags split over any two chunks, and keeps multi-byte characters whole", async () => {
    const whole = Buffer.from(SHELL + LATER);
    for (let cut = 1; cut < whole.length; cut++) {
      expect(await streamed([whole.subarray(0, cut), whole.subarray(cut)])).toBe(MOVED);
    }
  });

  it("passes a document with nothing after the shell unchanged, and one without closing tags too", async () => {
    expect(await streamed([SHELL])).toBe(SHELL);
    expect(await streamed(["<p>fragment", "</p>"])).toBe("<p>fragment</p>");
  });

  it("moves only the first closing tags: a later one (in a script's text) stays where it is", async () => {
    const later = "<script>const s = '</body></html>';</script>";
    expect(await streamed([SHELL, later])).toBe(SHELL.replace("</body></html>", "") + later + "</body></html>");
  });

  it("drops the zero bytes React 18 pads a buffer with when a multi-byte character does not fit at its end", async () => {
    // Paragraphs of many lengths with 3-byte characters: for some, a character falls on the end of
    // React's buffer. React's own output then holds zero bytes; ours never does.
    let padded = 0;
    for (let n = 1; n <= 40; n++) {
      const text = `${"a".repeat(n)} “linen”`;
      const raw = await rendered(text, new PassThrough());
      if (raw.includes(0)) padded++;
      const html = (await rendered(text, documentStream())).toString("utf8");
      expect(html).not.toContain("\u0000");
      expect(html).toContain(`<p>${text}</p>`);
    }
    expect(padded, "React 18 no longer pads its buffers: documentStream's NUL filter can go").toBeGreaterThan(0);
  });
});

describe("titlePrefixStream", () => {
  it("starts the first <title> with the prefix, wherever the chunks are cut", async () => {
    const whole = Buffer.from(SHELL + "<title>not this one</title>");
    const expected = (SHELL + "<title>not this one</title>").replace("<title>", "<title>Error: ");
    for (let cut = 1; cut < whole.length; cut++) {
      const out = await through(titlePrefixStream("Error: "), [whole.subarray(0, cut), whole.subarray(cut)]);
      expect(out.toString("utf8")).toBe(expected);
    }
  });
});
