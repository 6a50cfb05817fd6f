import { Transform } from "node:stream";

// React's streaming renderer writes a page in hundreds of small chunks, and Remix's Node adapter
// flushes the response after each one (writeReadableStreamToWritable calls res.flush(), there for
// deferred data): behind a compression middleware every flush ends a compressed block, so a
// streamed 54 KB page went out as 21.7 KB of brotli where compressed whole it is 10 KB, for more
// CPU (bench/results/2026-12-07-page-delivery.md). What React writes in one turn of the event loop
// is passed on as one chunk: the shell still leaves as soon as it is rendered, and each boundary
// React finishes later as soon as it is written.

/** A pass-through that sends on, once per turn of the event loop, everything written during it. */
export function coalescedStream(): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (size === 0) return;
    stream.push(parts.length === 1 ? parts[0] : Buffer.concat(parts, size));
    parts = [];
    size = 0;
  };
  const stream = new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      parts.push(bytes);
      size += bytes.length;
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      done();
    },
    flush(done) {
      release();
      done();
    },
  });
  return stream;
}
