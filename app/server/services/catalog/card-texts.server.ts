import { deflateRawSync, inflateRawSync } from "node:zlib";

// The text of the listing cards (slug, name, image addresses and alt texts, one small JSON array
// per row), deflated in blocks of 32 consecutive rows (decision 0019). Card text repeats a lot
// (a product's name in its alt texts, the same address prefixes and suffixes): at 100,000
// products it is 27 MB as it is and 5 MB in blocks, and a page's 24 cards inflate at most 24
// blocks of a few kilobytes, well under a millisecond. Rows are added in increasing order; the
// block being filled stays inflated until its last row arrives.

const SHIFT = 5;
const BLOCK = 1 << SHIFT;
/** Inflated blocks kept: 64 × 32 cards, a few hundred KB. */
const INFLATED_BLOCKS = 64;

/** The texts as a snapshot holds them: live rows renumbered, blocks rebuilt. */
export interface CardTextsData {
  /** Per row: where its text ends in its block, inflated (it starts where the previous row's ended, or at 0). */
  textEnd: Int32Array;
  /** Per block: where its deflated bytes end in `zipped`. */
  blocksEnd: Int32Array;
  zipped: Uint8Array;
}

function grown<T extends Int32Array<ArrayBufferLike> | Uint8Array<ArrayBufferLike>>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 1024));
  next.set(array);
  return next;
}

const startsOf = (ends: Int32Array, first: (i: number) => boolean) => {
  const out = new Int32Array(ends.length);
  for (let i = 1; i < ends.length; i++) out[i] = first(i) ? 0 : ends[i - 1];
  return out;
};

export class CardTexts {
  /** Per row: where its text starts and ends in its block, inflated. */
  private start: Int32Array<ArrayBufferLike> = new Int32Array(0);
  private end: Int32Array<ArrayBufferLike> = new Int32Array(0);
  /** Per sealed block: where its deflated bytes are in `zipped`. */
  private blockStart: Int32Array<ArrayBufferLike> = new Int32Array(0);
  private blockEnd: Int32Array<ArrayBufferLike> = new Int32Array(0);
  private zipped: Uint8Array<ArrayBufferLike> = new Uint8Array(4096);
  private zippedLength = 0;
  /** The block rows are being added to, and its text so far. */
  private open = 0;
  private openText: Uint8Array<ArrayBufferLike> = new Uint8Array(4096);
  private openLength = 0;
  /** Rows added so far (the next row's number), and how many of them are live. */
  private rows = 0;
  private live = 0;
  private removedSinceCompaction = 0;
  /**
   * The blocks inflated last, most recent last: a listing's cards come from a few blocks, and the
   * pages shoppers ask for most are the same few (inflating them was 10 % of a cached listing's CPU).
   */
  private inflatedBlocks = new Map<number, Uint8Array>();

  constructor(private readonly isLive: (row: number) => boolean) {}

  /** Deflated bytes held (tests, benchmarks). */
  get zippedBytes(): number {
    return this.zippedLength;
  }

  add(row: number, text: Uint8Array): void {
    const block = row >> SHIFT;
    if (block !== this.open) {
      this.seal();
      this.open = block;
    }
    this.start = grown(this.start, row + 1);
    this.end = grown(this.end, row + 1);
    this.openText = grown(this.openText, this.openLength + text.length);
    this.start[row] = this.openLength;
    this.openText.set(text, this.openLength);
    this.end[row] = this.openLength += text.length;
    this.rows = row + 1;
    this.live += 1;
  }

  remove(): void {
    this.live -= 1;
    this.removedSinceCompaction += 1;
  }

  get(row: number): Uint8Array {
    const block = row >> SHIFT;
    const text = block === this.open ? this.openText : this.inflated(block);
    return text.subarray(this.start[row], this.end[row]);
  }

  private inflated(block: number): Uint8Array {
    let text = this.inflatedBlocks.get(block);
    if (text) {
      this.inflatedBlocks.delete(block);
    } else {
      text = inflateRawSync(this.zipped.subarray(this.blockStart[block], this.blockEnd[block]));
      if (this.inflatedBlocks.size >= INFLATED_BLOCKS)
        this.inflatedBlocks.delete(this.inflatedBlocks.keys().next().value!);
    }
    this.inflatedBlocks.set(block, text);
    return text;
  }

  /** Deflate the open block into the pool. */
  private seal(): void {
    if (this.openLength === 0) return;
    const bytes = deflateRawSync(this.openText.subarray(0, this.openLength));
    if (this.zippedLength + bytes.length > this.zipped.length && this.removedSinceCompaction > this.live / 2)
      this.compact();
    this.zipped = grown(this.zipped, this.zippedLength + bytes.length);
    this.blockStart = grown(this.blockStart, this.open + 1);
    this.blockEnd = grown(this.blockEnd, this.open + 1);
    this.blockStart[this.open] = this.zippedLength;
    this.zipped.set(bytes, this.zippedLength);
    this.blockEnd[this.open] = this.zippedLength += bytes.length;
    this.openLength = 0;
  }

  /** Rebuild the pool without removed rows' text: blocks with none left go, the others shrink. */
  private compact(): void {
    const next = new Uint8Array(Math.max(this.zippedLength, 4096));
    let at = 0;
    for (let block = 0; block < this.open; block++) {
      const first = block << SHIFT;
      const last = Math.min(first + BLOCK, this.rows);
      let live = 0;
      for (let row = first; row < last; row++) if (this.isLive(row)) live += 1;
      if (live === 0) {
        this.blockStart[block] = this.blockEnd[block] = 0;
        continue;
      }
      let bytes = this.zipped.subarray(this.blockStart[block], this.blockEnd[block]);
      if (live < last - first) {
        const text = inflateRawSync(bytes);
        let kept = 0;
        for (let row = first; row < last; row++) {
          if (!this.isLive(row)) continue;
          const length = this.end[row] - this.start[row];
          text.copyWithin(kept, this.start[row], this.end[row]);
          this.start[row] = kept;
          this.end[row] = kept += length;
        }
        bytes = deflateRawSync(text.subarray(0, kept));
      }
      next.set(bytes, at);
      this.blockStart[block] = at;
      this.blockEnd[block] = at += bytes.length;
    }
    this.zipped = next;
    this.zippedLength = at;
    this.removedSinceCompaction = 0;
    this.inflatedBlocks.clear();
  }

  /** The live rows' texts, renumbered as `renumber` says (-1: left out), in fresh blocks. */
  export(renumber: Int32Array, rows: number): CardTextsData {
    const textEnd = new Int32Array(rows);
    const blocks: Uint8Array[] = [];
    let block: Uint8Array<ArrayBufferLike> = new Uint8Array(8192);
    let length = 0;
    let n = 0;
    const flush = () => {
      blocks.push(deflateRawSync(block.subarray(0, length)));
      length = 0;
    };
    for (let row = 0; row < this.rows; row++) {
      if (renumber[row] < 0) continue;
      const text = this.get(row);
      block = grown(block, length + text.length);
      block.set(text, length);
      textEnd[n++] = length += text.length;
      if (n % BLOCK === 0) flush();
    }
    if (length > 0) flush();
    const blocksEnd = new Int32Array(blocks.length);
    const zipped = new Uint8Array(blocks.reduce((sum, b) => sum + b.length, 0));
    let at = 0;
    blocks.forEach((b, i) => {
      zipped.set(b, at);
      blocksEnd[i] = at += b.length;
    });
    return { textEnd, blocksEnd, zipped };
  }

  /** The texts a snapshot holds (its arrays taken over); a last block not full is reopened for the rows to come. */
  static import(data: CardTextsData, isLive: (row: number) => boolean): CardTexts {
    const texts = new CardTexts(isLive);
    const rows = data.textEnd.length;
    texts.start = startsOf(data.textEnd, (row) => row % BLOCK === 0);
    texts.end = data.textEnd;
    texts.blockStart = startsOf(data.blocksEnd, () => false);
    texts.blockEnd = data.blocksEnd;
    texts.zipped = data.zipped;
    texts.zippedLength = data.zipped.length;
    texts.rows = texts.live = rows;
    texts.open = rows >> SHIFT;
    if (rows % BLOCK !== 0) {
      const last = texts.inflated(texts.open);
      texts.openText = grown(new Uint8Array(0), last.length * 2);
      texts.openText.set(last);
      texts.openLength = last.length;
      texts.inflatedBlocks.clear();
    }
    return texts;
  }
}
