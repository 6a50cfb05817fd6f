import { promisify } from "node:util";
import { createGunzip, gzip as gzipCallback } from "node:zlib";
import type { CatalogIndexData } from "./catalog-index.server";
import type { CardStoreData } from "./card-store.server";

// A catalogue index snapshot as bytes: gzip of [header length (4 bytes)][JSON header][arrays].
// The header holds only what is small (vocabulary, size and colour names, the cursor, and the
// type and length of each array); the cards (decision 0019) and the postings go as raw typed
// arrays, document numbers as gaps, which gzip shrinks well. Decoding streams: each array is
// gunzipped straight into its own buffer, so neither the whole inflated snapshot nor a JSON text
// of the catalogue ever exists in memory, and nothing per product is allocated on the JS heap.

/**
 * Bumped whenever the layout or the index's meaning changes: an instance ignores other versions
 * and builds (2: cards carry colour images; 3: and ratings; 4: cards packed in typed arrays; 5: and
 * the products' own prices in markets; 6: and gift cards' smallest amount per currency).
 */
export const SNAPSHOT_FORMAT = 6;

// Off the event loop (libuv's thread pool): a refresh must not stall the requests being served.
const gzip = promisify(gzipCallback);

type Typed = Uint8Array | Uint16Array | Int32Array | Float64Array;
const TYPES = { u8: Uint8Array, u16: Uint16Array, i32: Int32Array, f64: Float64Array } as const;
type TypeName = keyof typeof TYPES;

/** The card columns, in snapshot order. */
const CARD_ARRAYS = [
  "ids",
  "price",
  "compareAt",
  "createdAt",
  "category",
  "flags",
  "buckets",
  "ratingAverage",
  "ratingCount",
  "listsEnd",
  "lists",
  "textEnd",
  "blocksEnd",
  "zipped",
] as const satisfies ReadonlyArray<keyof CardStoreData>;

interface Header {
  format: number;
  cursor: CatalogIndexData["cursor"];
  sizes: string[];
  colours: string[];
  colourHex: Array<[string, string]>;
  /** Few products have own prices in markets: by product id, so renumbered rows need nothing. */
  ownPrices: CatalogIndexData["ownPrices"];
  cards: Pick<CardStoreData, "rows" | "categoryNames" | "palette">;
  text: Pick<CatalogIndexData["text"], "terms" | "slices" | "docCount">;
  /** Type and length of each array that follows, in order: the card columns, gaps, freqs, field lengths. */
  arrays: Array<[TypeName, number]>;
}

function typeOf(array: Typed): TypeName {
  if (array instanceof Uint8Array) return "u8";
  if (array instanceof Uint16Array) return "u16";
  if (array instanceof Int32Array) return "i32";
  return "f64";
}

export async function encodeSnapshot(data: CatalogIndexData): Promise<Buffer> {
  const { text, cards } = data;
  const gaps = new Int32Array(text.docs.length);
  for (const slice of text.slices) {
    for (const s of slice) {
      if (!s) continue;
      const [start, count] = s;
      for (let i = start; i < start + count; i++)
        gaps[i] = i === start ? text.docs[i] : text.docs[i] - text.docs[i - 1];
    }
  }
  const arrays: Typed[] = [...CARD_ARRAYS.map((name) => cards[name]), gaps, text.freqs, ...text.fieldLengths];
  const header: Header = {
    format: SNAPSHOT_FORMAT,
    cursor: data.cursor,
    sizes: data.sizes,
    colours: data.colours,
    colourHex: data.colourHex,
    ownPrices: data.ownPrices,
    cards: { rows: cards.rows, categoryNames: cards.categoryNames, palette: cards.palette },
    text: { terms: text.terms, slices: text.slices, docCount: text.docCount },
    arrays: arrays.map((a) => [typeOf(a), a.length]),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return gzip(Buffer.concat([length, json, ...arrays.map(bytes)]), { level: 6 });
}

/** Reads an inflating stream in order, into buffers the caller allocates. */
function streamReader(compressed: Uint8Array) {
  const gunzip = createGunzip();
  gunzip.end(compressed);
  const chunks = gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let chunk: Buffer = Buffer.alloc(0);
  let at = 0;
  return {
    async fill(target: Uint8Array): Promise<void> {
      let filled = 0;
      while (filled < target.length) {
        if (at === chunk.length) {
          const next = await chunks.next();
          if (next.done) throw new Error("Catalogue snapshot: shorter than its header says");
          chunk = next.value;
          at = 0;
        }
        const n = Math.min(target.length - filled, chunk.length - at);
        target.set(chunk.subarray(at, at + n), filled);
        filled += n;
        at += n;
      }
    },
    /** Stop inflating (another format, or done). */
    close(): void {
      gunzip.destroy();
    },
  };
}

/** The index data, or null when the bytes are of another format (an older or newer shop). */
export async function decodeSnapshot(compressed: Uint8Array): Promise<CatalogIndexData | null> {
  const reader = streamReader(compressed);
  try {
    const length = new Uint8Array(4);
    await reader.fill(length);
    const headerBytes = new Uint8Array(Buffer.from(length.buffer).readUInt32LE(0));
    await reader.fill(headerBytes);
    const header = JSON.parse(Buffer.from(headerBytes.buffer).toString("utf8")) as Header;
    if (header.format !== SNAPSHOT_FORMAT) return null;
    const arrays: Typed[] = [];
    for (const [type, count] of header.arrays) {
      const array = new TYPES[type](count);
      await reader.fill(new Uint8Array(array.buffer));
      arrays.push(array);
    }
    const column = <T extends Typed>(i: number) => arrays[i] as T;
    const cards = Object.fromEntries(CARD_ARRAYS.map((name, i) => [name, column(i)])) as unknown as Omit<
      CardStoreData,
      "rows" | "categoryNames" | "palette"
    >;
    const docs = column<Int32Array>(CARD_ARRAYS.length);
    const freqs = column<Uint16Array>(CARD_ARRAYS.length + 1);
    const fieldLengths = arrays.slice(CARD_ARRAYS.length + 2) as Uint16Array[];
    for (const slice of header.text.slices) {
      for (const s of slice) {
        if (!s) continue;
        const [start, count] = s;
        for (let i = start + 1; i < start + count; i++) docs[i] += docs[i - 1];
      }
    }
    return {
      cursor: header.cursor,
      sizes: header.sizes,
      colours: header.colours,
      colourHex: header.colourHex,
      ownPrices: header.ownPrices,
      cards: { ...header.cards, ...cards },
      text: { ...header.text, docs, freqs, fieldLengths },
    };
  } finally {
    reader.close();
  }
}

function bytes(array: Typed): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}
