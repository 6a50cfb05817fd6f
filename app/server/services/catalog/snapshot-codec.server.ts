import { promisify } from "node:util";
import { gunzip as gunzipCallback, gzip as gzipCallback } from "node:zlib";
import type { CatalogIndexData } from "./catalog-index.server";

// A catalogue index snapshot as bytes: gzip of [header length (4 bytes)][JSON header][postings].
// The postings (millions of numbers at 100,000 products) go as raw typed arrays, not JSON, so a
// snapshot parses in about a second; document numbers are stored as gaps, which gzip shrinks well.

/** Bumped whenever the layout or the index's meaning changes: an instance ignores other versions and builds (2: cards carry colour images; 3: and ratings). */
export const SNAPSHOT_FORMAT = 3;

// Off the event loop (libuv's thread pool): a refresh must not stall the requests being served.
const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

interface Header extends Omit<CatalogIndexData, "text"> {
  format: number;
  text: {
    terms: string[];
    slices: CatalogIndexData["text"]["slices"];
    docCount: number;
    postings: number;
    fields: number;
  };
}

export async function encodeSnapshot(data: CatalogIndexData): Promise<Buffer> {
  const { text, ...rest } = data;
  const header: Header = {
    ...rest,
    format: SNAPSHOT_FORMAT,
    text: {
      terms: text.terms,
      slices: text.slices,
      docCount: text.docCount,
      postings: text.docs.length,
      fields: text.fieldLengths.length,
    },
  };
  const json = Buffer.from(JSON.stringify(header));
  const gaps = new Int32Array(text.docs.length);
  for (const slice of text.slices) {
    for (const s of slice) {
      if (!s) continue;
      const [start, count] = s;
      for (let i = start; i < start + count; i++)
        gaps[i] = i === start ? text.docs[i] : text.docs[i] - text.docs[i - 1];
    }
  }
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  const parts = [length, json, bytes(gaps), bytes(text.freqs), ...text.fieldLengths.map(bytes)];
  return gzip(Buffer.concat(parts), { level: 6 });
}

/** The index data, or null when the bytes are of another format (an older or newer shop). */
export async function decodeSnapshot(compressed: Uint8Array): Promise<CatalogIndexData | null> {
  const raw = await gunzip(compressed);
  const headerLength = raw.readUInt32LE(0);
  const header = JSON.parse(raw.subarray(4, 4 + headerLength).toString("utf8")) as Header;
  if (header.format !== SNAPSHOT_FORMAT) return null;
  let at = 4 + headerLength;
  const take = <T>(make: (buffer: ArrayBuffer) => T, count: number, width: number): T => {
    // Copied into an aligned buffer of its own (the gunzipped bytes may sit at any offset).
    const copy = new ArrayBuffer(count * width);
    new Uint8Array(copy).set(raw.subarray(at, at + count * width));
    at += count * width;
    return make(copy);
  };
  const n = header.text.postings;
  const docs = take((b) => new Int32Array(b), n, 4);
  const freqs = take((b) => new Uint16Array(b), n, 2);
  const fieldLengths = Array.from({ length: header.text.fields }, () =>
    take((b) => new Uint16Array(b), header.text.docCount, 2),
  );
  for (const slice of header.text.slices) {
    for (const s of slice) {
      if (!s) continue;
      const [start, count] = s;
      for (let i = start + 1; i < start + count; i++) docs[i] += docs[i - 1];
    }
  }
  const { format: _format, text, ...rest } = header;
  return {
    ...rest,
    text: { terms: text.terms, slices: text.slices, docs, freqs, fieldLengths, docCount: text.docCount },
  };
}

function bytes(array: Int32Array | Uint16Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}
