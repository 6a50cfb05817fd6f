import { Transform } from "node:stream";

// What React 18's streaming renderer writes, made into valid HTML on its way out:
// - It writes the shell with its closing `</body></html>`, and what it renders later (Remix's
//   single-fetch data scripts, finished Suspense boundaries) after them, which the browser moves
//   back into <body> except for the boundaries' comment markers. The closing tags are held back to
//   the end of the stream: valid HTML, and the DOM React's scripts expect.
// - When a multi-byte character does not fit at the end of its 2 KB buffer, it sends the whole
//   buffer, zero bytes after the text included (React 19 fixed this). A 0x00 byte in UTF-8 is only
//   ever U+0000, which HTML forbids and the shop never writes, so every one is dropped.

const CLOSING = Buffer.from("</body></html>");
const NUL = 0;

function withoutNul(bytes: Buffer): Buffer {
  return bytes.indexOf(NUL) === -1 ? bytes : Buffer.from(bytes.filter((b) => b !== NUL));
}

const EMPTY = Buffer.alloc(0);

/**
 * A stream that writes `replacement` in place of the first `marker` (found across chunk
 * boundaries: the end of a chunk that may start it is held back), `each` applied to every chunk,
 * and `end(found)` after the last.
 */
function replaceFirst(
  marker: Buffer,
  replacement: Buffer,
  options: { each?: (bytes: Buffer) => Buffer; end?: (found: boolean) => Buffer } = {},
): Transform {
  let held = EMPTY;
  let found = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const raw = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      const bytes = options.each ? options.each(raw) : raw;
      if (found) return done(null, bytes);
      const data = held.length ? Buffer.concat([held, bytes]) : bytes;
      const at = data.indexOf(marker);
      if (at >= 0) {
        found = true;
        held = EMPTY;
        return done(null, Buffer.concat([data.subarray(0, at), replacement, data.subarray(at + marker.length)]));
      }
      const keep = Math.min(marker.length - 1, data.length);
      held = Buffer.from(data.subarray(data.length - keep));
      done(null, data.subarray(0, data.length - keep));
    },
    flush(done) {
      done(null, Buffer.concat([held, options.end?.(found) ?? EMPTY]));
    },
  });
}

/** The stream a rendered document goes through to the response: the closing tags moved to the end, no NUL. */
export function documentStream(): Transform {
  return replaceFirst(CLOSING, EMPTY, { each: withoutNul, end: (found) => (found ? CLOSING : EMPTY) });
}

const OPEN_TITLE = Buffer.from("<title>");

/** Writes `prefix` at the start of the document's first <title> (a page showing form errors: "Error: "). */
export function titlePrefixStream(prefix: string): Transform {
  return replaceFirst(OPEN_TITLE, Buffer.concat([OPEN_TITLE, Buffer.from(prefix)]));
}
