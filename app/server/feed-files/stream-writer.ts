import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import type { FeedFileWriter } from "./port";

/**
 * A writer over a store's upload stream. The stream's first error is kept (without a listener a
 * failed write would crash the process) and thrown by commit(); `stored` makes the written file
 * visible once the stream has ended, `dropped` clears what an abort left.
 */
export function streamWriter(
  stream: Writable,
  steps: { stored?: () => Promise<void>; dropped?: () => Promise<void> } = {},
): FeedFileWriter {
  let failure: Error | undefined;
  stream.on("error", (error) => (failure ??= error));
  return {
    stream,
    async commit() {
      if (failure) throw failure;
      stream.end();
      await finished(stream);
      await steps.stored?.();
    },
    async abort() {
      stream.destroy();
      await finished(stream).catch(() => undefined);
      await steps.dropped?.();
    },
  };
}
