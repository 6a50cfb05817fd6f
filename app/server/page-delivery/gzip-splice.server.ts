import zlib from "node:zlib";

// A kept page is compressed once, and each response is one gzip member put together from that
// compressed page and the viewer's own values (decision 0028). The page (its values cut out) goes
// through ONE deflate stream, so a listing's 24 cards still compress against each other; at each
// cut the stream is flushed (byte-aligned, not final), a filler of the cut value's length goes in and
// its output is thrown away, and a response writes the viewer's value as a stored block in its place.
// That is sound because the decoder's history then holds the value where the compressor's held the
// filler, at the same distances, and no kept match can point into it: the filler is a control byte
// the page never contains, so no match of page bytes covers it. A value whose length may differ (the
// e-mail address) is followed by a full flush, which forgets the history: nothing after it points
// back across it. Plain RFC 1951/1952: one member, no multi-member gzip.

/** A page compressed as described: its pieces' deflate blocks, and what a response needs to finish it. */
export interface DeflatedPage {
  pieces: Buffer[];
  crcs: number[];
  lengths: number[];
  /** Per cut: the byte length its value must have, or -1 when any length goes (a full flush follows). */
  valueLengths: number[];
}

/** Compressed once per kept page; 6 is within 1 % of 9's size on a listing for ~75 % of its CPU. */
const LEVEL = 6;
/** What stands in the compressor's history for a cut value. */
const FILLER = 0x01;

/**
 * Deflates `parts` (the page between its cuts) as one stream, a cut after each part but the last.
 * `lengths[i]` is the rendered value's length at cut i; `anyLength[i]` says a viewer's may differ.
 */
export async function deflateParts(parts: Buffer[], lengths: number[], anyLength: boolean[]): Promise<DeflatedPage> {
  // A page holding the filler byte anywhere could match it: then every cut forgets the history.
  const safe = !parts.some((part) => part.includes(FILLER));
  // Paused, with room for a whole page: each flush's output is read from the buffer once it is done.
  // (Transform's option, which zlib passes on; its types do not list it.)
  const engine = zlib.createDeflateRaw({ level: LEVEL, readableHighWaterMark: 64 * 1024 * 1024 } as zlib.ZlibOptions);
  const { Z_SYNC_FLUSH, Z_FULL_FLUSH } = zlib.constants;
  const step = synchronousSteps(engine) ?? asynchronousSteps(engine);
  const valueLengths: number[] = [];
  const pieces: Buffer[] = [];
  try {
    for (let i = 0; i < parts.length; i++) {
      pieces.push(await step(parts[i], Z_SYNC_FLUSH));
      if (i === parts.length - 1) break;
      const forget = !safe || anyLength[i];
      // The filler's own output is thrown away: a response writes the viewer's value there.
      await step(Buffer.alloc(lengths[i], FILLER), forget ? Z_FULL_FLUSH : Z_SYNC_FLUSH);
      valueLengths.push(forget ? -1 : lengths[i]);
    }
  } finally {
    engine.close();
  }
  return { pieces, crcs: parts.map((part) => zlib.crc32(part)), lengths: parts.map((p) => p.length), valueLengths };
}

type Step = (bytes: Buffer, flush: number) => Buffer | Promise<Buffer>;

/** Documented API: a write and a flush per step, each a round trip to libuv's threads (~2× the CPU of the one below). */
function asynchronousSteps(engine: zlib.DeflateRaw): Step {
  return (bytes, flush) =>
    new Promise<Buffer>((resolve, reject) => {
      engine.once("error", reject);
      if (bytes.length > 0) engine.write(bytes);
      engine.flush(flush, () => {
        engine.off("error", reject);
        resolve((engine.read() as Buffer | null) ?? Buffer.alloc(0));
      });
    });
}

interface ZlibHandle {
  writeSync(
    flush: number,
    input: Buffer,
    inOff: number,
    inLen: number,
    out: Buffer,
    outOff: number,
    outLen: number,
  ): void;
}

const OUT_CHUNK = 16 * 1024;

/**
 * What Node's own deflateRawSync does (lib/zlib.js, processChunkSync) without closing the stream after one
 * input: the handle's writeSync, its state read from `_writeState`. Null when this Node lacks them.
 */
function synchronousSteps(engine: zlib.DeflateRaw): Step | null {
  const internals = engine as unknown as { _handle?: Partial<ZlibHandle>; _writeState?: unknown };
  const handle = internals._handle;
  const state = internals._writeState;
  if (!handle || typeof handle.writeSync !== "function" || !(state instanceof Uint32Array)) return null;
  const writeSync = handle.writeSync.bind(handle);
  let failure: unknown = null;
  engine.on("error", (error) => (failure = error));
  return (bytes, flush) => {
    const out: Buffer[] = [];
    let inOff = 0;
    let availIn = bytes.length;
    for (;;) {
      const buffer = Buffer.allocUnsafe(OUT_CHUNK);
      writeSync(flush, bytes, inOff, availIn, buffer, 0, OUT_CHUNK);
      if (failure) throw failure;
      const [availOutAfter, availInAfter] = [state[0], state[1]];
      if (OUT_CHUNK - availOutAfter > 0) out.push(buffer.subarray(0, OUT_CHUNK - availOutAfter));
      inOff += availIn - availInAfter;
      availIn = availInAfter;
      // Output space left over: zlib has taken all the input and written all it had.
      if (availOutAfter !== 0) break;
    }
    return Buffer.concat(out);
  };
}

/** The page's parts back (a client that takes no gzip). */
export function inflateParts(page: DeflatedPage): Buffer[] {
  const fillers = page.valueLengths.map((length) => Buffer.alloc(Math.max(length, 0), FILLER));
  const whole = zlib.gunzipSync(spliceGzip(page, fillers)!);
  const parts: Buffer[] = [];
  let at = 0;
  page.lengths.forEach((length, i) => {
    parts.push(Buffer.from(whole.subarray(at, at + length)));
    at += length + (fillers[i]?.length ?? 0);
  });
  return parts;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block (fixed Huffman codes): ends the deflate stream after the last sync flush. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const STORED_MAX = 0xffff;

/**
 * One gzip member: the page with `values[i]` at cut i. Null when a value's length is not the one
 * the page was compressed with (the caller then compresses the page as any other response).
 */
export function spliceGzip(page: DeflatedPage, values: Buffer[]): Buffer | null {
  if (page.valueLengths.some((length, i) => length !== -1 && values[i]?.length !== length)) return null;
  const out: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.pieces.forEach((piece, i) => {
    out.push(piece);
    crc = crc32Combine(crc, page.crcs[i], page.lengths[i]);
    length += page.lengths[i];
    const value = values[i];
    if (!value || value.length === 0) return;
    crc = zlib.crc32(value, crc);
    length += value.length;
    for (let at = 0; at < value.length; at += STORED_MAX) out.push(storedBlock(value.subarray(at, at + STORED_MAX)));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  out.push(FINAL_BLOCK, trailer);
  return Buffer.concat(out);
}

/** A non-final stored block: byte-aligned, as every piece ends after its flush. */
function storedBlock(bytes: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head[0] = 0;
  head.writeUInt16LE(bytes.length, 1);
  head.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([head, bytes]);
}

// CRC-32 of A‖B from crc(A), crc(B) and |B|: zlib's crc32_combine (multiplication modulo the
// polynomial), which Node does not expose.
const POLY = 0xedb88320;

function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X2N: number[] = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) table.push(multModP(table[k - 1], table[k - 1]));
  return table;
})();

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000;
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k & 31], p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

export function crc32Combine(crc1: number, crc2: number, length2: number): number {
  if (length2 === 0) return crc1 >>> 0;
  return (multModP(x2nModP(length2, 3), crc1) ^ crc2) >>> 0;
}
