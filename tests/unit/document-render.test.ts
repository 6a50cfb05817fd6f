import type { EntryContext } from "@remix-run/node";
import { createElement as h, Fragment, Suspense, type ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readHandoffAhead, renderNow } from "~/server/http/document-render.server";
import { documentStream, titlePrefixStream } from "~/server/http/document-stream.server";

/** The page as the streaming renderer sends it (through documentStream, as entry.server did before). */
function streamed(tree: ReactElement, titlePrefix = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = documentStream();
    const out: Buffer[] = [];
    body.on("data", (chunk: Buffer) => out.push(chunk));
    body.on("end", () => resolve(Buffer.concat(out).toString("utf8")));
    const { pipe } = renderToPipeableStream(tree, {
      onAllReady: () => (titlePrefix ? pipe(titlePrefixStream(titlePrefix)).pipe(body) : pipe(body)),
      onShellError: reject,
    });
  });
}

// Shaped as a Remix page: the root renders <html>, and Remix's data scripts come after it.
const page = (main: ReactElement) =>
  h(
    Fragment,
    null,
    h(
      "html",
      null,
      h("head", null, h("title", null, "Linen shirt | Hemline")),
      h("body", null, h("main", null, "Linen shirt ", "€49.00"), h(Suspense, { fallback: null }, main)),
    ),
    h(Suspense, null, h("script", { dangerouslySetInnerHTML: { __html: "enqueue('data')" } })),
  );

const Throws = (): ReactElement => {
  throw new Error("a section failed");
};
const Suspends = (): ReactElement => {
  throw new Promise(() => {});
};

describe("renderNow", () => {
  it("writes the bytes the streaming renderer sent: doctype, markers, data scripts inside <body>", async () => {
    const tree = page(h("section", null, "Reviews"));
    const html = renderNow(tree)?.toString("utf8");
    expect(html).toBe(await streamed(tree));
    expect(html).toMatch(/^<!DOCTYPE html><html>/);
    expect(html).toMatch(/<script>enqueue\('data'\)<\/script><!--\/\$--><\/body><\/html>$/);
  });

  it("prefixes the first title of a page showing form errors, as the stream did", async () => {
    const tree = page(h("section", null, h("svg", null, h("title", null, "Stars"))));
    const html = renderNow(tree, () => "Error: ")?.toString("utf8");
    expect(html).toBe(await streamed(tree, "Error: "));
    expect(html).toContain("<title>Error: Linen shirt | Hemline</title>");
    expect(html).toContain("<title>Stars</title>");
    expect(renderNow(tree, () => "")?.toString("utf8")).toBe(await streamed(tree));
  });

  it("gives up (null) when a part of the page threw or would wait: the stream renders it and reports it", () => {
    expect(renderNow(page(h(Throws)))).toBeNull();
    expect(renderNow(page(h(Suspends)))).toBeNull();
  });
});

describe("readHandoffAhead", () => {
  it("hands Remix's renderer the whole data stream as already read, in one piece", async () => {
    // "é" split across two chunks, as a stream may cut it.
    const bytes = Buffer.from('[{"name":"Linen shirt é"}]\n');
    const cut = bytes.indexOf(0xc3) + 1;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, cut));
        controller.enqueue(bytes.subarray(cut));
        controller.close();
      },
    });
    const context = { serverHandoffStream: stream, renderMeta: {} } as unknown as EntryContext;
    expect(await readHandoffAhead(context)).toBe(true);
    const cache = context.renderMeta!.streamCache!;
    expect(cache[0].result).toEqual({ done: false, value: '[{"name":"Linen shirt é"}]\n' });
    expect(cache[1].result).toEqual({ done: true, value: "" });
    // Remix's StreamTransfer takes its reader when it renders: the stream is free and at its end.
    expect(await stream.getReader().read()).toEqual({ done: true, value: undefined });
  });

  it("leaves a page without single fetch's stream to the renderer", async () => {
    expect(await readHandoffAhead({ renderMeta: {} } as unknown as EntryContext)).toBe(false);
  });
});
