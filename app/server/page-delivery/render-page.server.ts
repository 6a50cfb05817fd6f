import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { Readable } from "node:stream";
import { ERROR_TITLE_PREFIX } from "~/lib/error-title";
import { documentStream, titlePrefixStream } from "./document-stream.server";
import { ABORT_DELAY, type ErrorTitle } from "./page-tree.server";

// React's streaming renderer, the one way every page is rendered. Streamed (PAGE_CACHE=off) the
// response starts with the shell; whole (the render cache's way) it waits for everything.

export interface Rendering {
  /** The HTML, mended (document-stream.server.ts) and retitled when the page shows form errors. */
  body: Readable;
  /** 500 once a part of the page failed to render after its shell. */
  status: () => number;
}

/**
 * Renders `tree`; resolves when the shell is ready (`wait: "shell"`) or the whole page is (`"all"`).
 * `retitle` says, once the shell rendered, whether the title gets ERROR_TITLE_PREFIX.
 */
export function renderPage(
  tree: ReactElement,
  options: { nonce: string; wait: "shell" | "all"; status: number; errorTitle: ErrorTitle; retitle: () => boolean },
): Promise<Rendering> {
  let status = options.status;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // The timer holds the render (its tree, its stream and every chunk written) until it fires:
    // cleared as soon as the page is written, or under load each page stays in memory for ABORT_DELAY.
    const timer: { id?: ReturnType<typeof setTimeout> } = {};
    const start = () => {
      const body = documentStream();
      body.on("end", () => clearTimeout(timer.id)).on("error", () => clearTimeout(timer.id));
      if (options.retitle()) pipe(titlePrefixStream(ERROR_TITLE_PREFIX)).pipe(body);
      else pipe(body);
      resolve({ body, status: () => status });
    };
    const { pipe, abort } = renderToPipeableStream(tree, {
      nonce: options.nonce,
      onShellReady() {
        shellRendered = true;
        if (options.wait === "shell") start();
      },
      onAllReady() {
        if (options.wait === "all") start();
      },
      onShellError(error: unknown) {
        clearTimeout(timer.id);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors after the shell are logged here; before it, Remix's ErrorBoundary renders them.
        if (shellRendered) console.error(error);
      },
    });
    timer.id = setTimeout(abort, ABORT_DELAY);
  });
}

/** Everything a stream gives, in one buffer. */
export function collect(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}
