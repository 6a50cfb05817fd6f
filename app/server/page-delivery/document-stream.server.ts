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

/** The stream a rendered document goes through to the response. */
export function documentStream(): Transform {
  let held = Buffer.alloc(0); // the end of what came so far, which may be the start of CLOSING
  let found = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const bytes = withoutNul(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      if (found) return done(null, bytes);
      const data = held.length ? Buffer.concat([held, bytes]) : bytes;
      const at = data.indexOf(CLOSING);
      if (at >= 0) {
        found = true;
        held = Buffer.alloc(0);
        return done(null, Buffer.concat([data.subarray(0, at), data.subarray(at + CLOSING.length)]));
      }
      const keep = Math.min(CLOSING.length - 1, data.length);
      held = Buffer.from(data.subarray(data.length - keep));
      done(null, data.subarray(0, data.length - keep));
    },
    flush(done) {
      done(null, found ? Buffer.concat([held, CLOSING]) : held);
    },
  });
}

/** Writes `prefix` at the start of the document's first <title> (a page showing form errors: "Error: "). */
export function titlePrefixStream(prefix: string): Transform {
  const OPEN = Buffer.from("<title>");
  let held = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      if (done) return callback(null, bytes);
      const data = held.length ? Buffer.concat([held, bytes]) : bytes;
      const at = data.indexOf(OPEN);
      if (at >= 0) {
        done = true;
        held = Buffer.alloc(0);
        const end = at + OPEN.length;
        return callback(null, Buffer.concat([data.subarray(0, end), Buffer.from(prefix), data.subarray(end)]));
      }
      const keep = Math.min(OPEN.length - 1, data.length);
      held = Buffer.from(data.subarray(data.length - keep));
      callback(null, data.subarray(0, data.length - keep));
    },
    flush(callback) {
      callback(null, held);
    },
  });
}
