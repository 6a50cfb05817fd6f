import SearchableMap from "minisearch/SearchableMap";
import { fuzzinessFor, processTerm } from "./search-terms.server";

// Full-text search over the listed products, scored exactly as MiniSearch scores them (BM25+
// with its defaults, per-field boosts, prefix and fuzzy weights, AND/OR combination and the
// "quality" factor of matched query words), but with postings kept in typed arrays: MiniSearch
// keeps one Map entry per (word, field, product), which at 100,000 products is 3.8 million
// entries and some 180 MB; here the same postings take about 25 MB and serialise as they are,
// so a snapshot loads without rebuilding (decision 0009). text-index.server.test.ts compares
// the two on the demo catalogue.

export const FIELDS = ["name", "category", "colours", "material", "description"] as const;
export type SearchFields = Record<(typeof FIELDS)[number], string>;
const BOOSTS = [4, 3, 2, 1.5, 1];
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const WEIGHTS = { fuzzy: 0.45, prefix: 0.375 };
const MAX_FUZZY = 2;
/** MiniSearch's default tokenizer. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/** Documents of one word in one field, in the order they were added, with the word's count in each. */
class Postings {
  docs: Int32Array<ArrayBufferLike>;
  freqs: Uint16Array<ArrayBufferLike>;
  length = 0;
  constructor(
    docs: Int32Array<ArrayBufferLike> = new Int32Array(4),
    freqs: Uint16Array<ArrayBufferLike> = new Uint16Array(4),
    length = 0,
  ) {
    this.docs = docs;
    this.freqs = freqs;
    this.length = length;
  }
  push(doc: number, freq: number): void {
    if (this.length === this.docs.length) {
      const docs = new Int32Array(this.length * 2);
      docs.set(this.docs);
      const freqs = new Uint16Array(this.length * 2);
      freqs.set(this.freqs);
      this.docs = docs;
      this.freqs = freqs;
    }
    this.docs[this.length] = doc;
    this.freqs[this.length] = Math.min(freq, 65535);
    this.length += 1;
  }
}

function grow<T extends Uint8Array | Uint16Array>(array: T, needed: number, make: (n: number) => T): T {
  if (needed <= array.length) return array;
  const next = make(Math.max(needed, array.length * 2, 1024));
  next.set(array);
  return next;
}

function bm25(termFreq: number, matching: number, total: number, fieldLength: number, avgFieldLength: number): number {
  const invDocFreq = Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
  return (
    invDocFreq *
    (BM25.d + (termFreq * (BM25.k + 1)) / (termFreq + BM25.k * (1 - BM25.b + (BM25.b * fieldLength) / avgFieldLength)))
  );
}

interface Hit {
  score: number;
  /** The distinct query words this document matched. */
  terms: string[];
}

/** What a snapshot holds of the text index: words in the order first seen, postings per word and field, field lengths. */
export interface TextIndexData {
  terms: string[];
  /** Per word, per field: [start, count] into docs/freqs, or null. */
  slices: Array<Array<[number, number] | null>>;
  docs: Int32Array;
  freqs: Uint16Array;
  fieldLengths: Uint16Array[];
  docCount: number;
}

export class TextIndex {
  private words = new SearchableMap<number>();
  private wordNames: string[] = [];
  private postings: Array<Array<Postings | undefined>> = [];
  private fieldLengths: Uint16Array[] = FIELDS.map(() => new Uint16Array(1024));
  private live = new Uint8Array(1024);
  private liveCount = 0;
  private lengthSums = new Float64Array(FIELDS.length);
  private docLimit = 0;
  private removed = 0;

  /** The next document number: documents are numbered in the order they are added. */
  get nextDoc(): number {
    return this.docLimit;
  }

  private wordId(word: string): number {
    let id = this.words.get(word);
    if (id === undefined) {
      id = this.wordNames.length;
      this.words.set(word, id);
      this.wordNames.push(word);
      this.postings.push([]);
    }
    return id;
  }

  add(doc: number, fields: SearchFields): void {
    if (doc < this.docLimit) throw new Error("TextIndex: documents are added in increasing order");
    this.docLimit = doc + 1;
    this.live = grow(this.live, doc + 1, (n) => new Uint8Array(n));
    this.live[doc] = 1;
    this.liveCount += 1;
    FIELDS.forEach((field, f) => {
      const tokens = fields[field].split(SPACE_OR_PUNCTUATION);
      // Like MiniSearch: a field's length is its number of distinct raw tokens.
      const length = new Set(tokens).size;
      this.fieldLengths[f] = grow(this.fieldLengths[f], doc + 1, (n) => new Uint16Array(n));
      this.fieldLengths[f][doc] = length;
      this.lengthSums[f] += length;
      const counts = new Map<number, number>();
      for (const token of tokens) {
        const word = processTerm(token);
        if (!word) continue;
        const id = this.wordId(word);
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      for (const [id, count] of counts) (this.postings[id][f] ??= new Postings()).push(doc, count);
    });
  }

  remove(doc: number): void {
    if (!this.live[doc]) return;
    this.live[doc] = 0;
    this.liveCount -= 1;
    FIELDS.forEach((_, f) => {
      this.lengthSums[f] -= this.fieldLengths[f][doc];
    });
    this.removed += 1;
    // Postings of removed documents are skipped; drop them once they are a good share.
    if (this.removed > 1000 && this.removed > this.liveCount / 4) this.vacuum();
  }

  private vacuum(): void {
    for (const byField of this.postings) {
      for (const p of byField) {
        if (!p) continue;
        let kept = 0;
        for (let i = 0; i < p.length; i++) {
          if (!this.live[p.docs[i]]) continue;
          p.docs[kept] = p.docs[i];
          p.freqs[kept] = p.freqs[i];
          kept += 1;
        }
        p.length = kept;
      }
    }
    this.removed = 0;
  }

  /** Document number -> score, best first (ties in the order documents were added), as MiniSearch's search answers. */
  search(text: string, combineWith: "AND" | "OR"): Map<number, number> {
    const words = text
      .split(SPACE_OR_PUNCTUATION)
      .map((t) => processTerm(t))
      .filter((t): t is string => !!t);
    if (words.length === 0) return new Map();
    const results = words.map((w) => this.wordResults(w));
    const combined = results.reduce(combineWith === "AND" ? and : or);
    const ranked = [...combined].map(([doc, hit]) => ({ doc, score: hit.score * (hit.terms.length || 1) }));
    ranked.sort((a, b) => b.score - a.score);
    return new Map(ranked.map((r) => [r.doc, r.score]));
  }

  private wordResults(word: string): Map<number, Hit> {
    const results = new Map<number, Hit>();
    const exact = this.words.get(word);
    if (exact !== undefined) this.termResults(word, exact, 1, results);
    const fuzziness = fuzzinessFor(word);
    const fuzzy = fuzziness ? this.words.fuzzyGet(word, Math.min(MAX_FUZZY, fuzziness)) : undefined;
    if (word.length >= 2) {
      for (const [term, id] of this.words.atPrefix(word)) {
        const distance = term.length - word.length;
        if (!distance) continue;
        // A word that is both a prefix and a fuzzy match counts as a prefix match.
        fuzzy?.delete(term);
        this.termResults(word, id, (WEIGHTS.prefix * term.length) / (term.length + 0.3 * distance), results);
      }
    }
    if (fuzzy) {
      for (const [term, [id, distance]] of fuzzy) {
        if (!distance) continue;
        this.termResults(word, id, (WEIGHTS.fuzzy * term.length) / (term.length + distance), results);
      }
    }
    return results;
  }

  private termResults(source: string, wordId: number, weight: number, results: Map<number, Hit>): void {
    const byField = this.postings[wordId];
    for (let f = 0; f < FIELDS.length; f++) {
      const p = byField[f];
      if (!p) continue;
      let matching = 0;
      for (let i = 0; i < p.length; i++) matching += this.live[p.docs[i]];
      if (matching === 0) continue;
      const avgLength = this.lengthSums[f] / this.liveCount;
      const lengths = this.fieldLengths[f];
      for (let i = 0; i < p.length; i++) {
        const doc = p.docs[i];
        if (!this.live[doc]) continue;
        const score = weight * BOOSTS[f] * bm25(p.freqs[i], matching, this.liveCount, lengths[doc], avgLength);
        const hit = results.get(doc);
        if (hit) {
          hit.score += score;
          if (!hit.terms.includes(source)) hit.terms.push(source);
        } else {
          results.set(doc, { score, terms: [source] });
        }
      }
    }
  }

  /** The index with live documents renumbered 0..n-1 by `renumber` (which maps old numbers to new, or -1). */
  export(renumber: Int32Array, docCount: number): TextIndexData {
    let total = 0;
    for (const byField of this.postings) for (const p of byField) if (p) total += p.length;
    const docs = new Int32Array(total);
    const freqs = new Uint16Array(total);
    let at = 0;
    const slices = this.postings.map((byField) =>
      FIELDS.map((_, f): [number, number] | null => {
        const p = byField[f];
        if (!p) return null;
        const start = at;
        for (let i = 0; i < p.length; i++) {
          const doc = renumber[p.docs[i]];
          if (doc < 0 || !this.live[p.docs[i]]) continue;
          docs[at] = doc;
          freqs[at] = p.freqs[i];
          at += 1;
        }
        return at > start ? [start, at - start] : null;
      }),
    );
    const fieldLengths = this.fieldLengths.map(() => new Uint16Array(docCount));
    for (let old = 0; old < this.docLimit; old++) {
      const doc = renumber[old];
      if (doc < 0 || !this.live[old]) continue;
      FIELDS.forEach((_, f) => {
        fieldLengths[f][doc] = this.fieldLengths[f][old];
      });
    }
    return {
      terms: [...this.wordNames],
      slices,
      docs: docs.subarray(0, at),
      freqs: freqs.subarray(0, at),
      fieldLengths,
      docCount,
    };
  }

  static import(data: TextIndexData): TextIndex {
    const index = new TextIndex();
    data.terms.forEach((word, id) => {
      index.wordId(word);
      index.postings[id] = FIELDS.map((_, f) => {
        const slice = data.slices[id][f];
        if (!slice) return undefined;
        const [start, count] = slice;
        // Views into the snapshot's arrays: a list that grows moves into an array of its own.
        return new Postings(data.docs.subarray(start, start + count), data.freqs.subarray(start, start + count), count);
      });
    });
    index.docLimit = data.docCount;
    index.liveCount = data.docCount;
    index.live = new Uint8Array(Math.max(1024, data.docCount)).fill(1, 0, data.docCount);
    index.fieldLengths = data.fieldLengths.map((lengths, f) => {
      const copy = new Uint16Array(Math.max(1024, data.docCount));
      copy.set(lengths);
      for (let d = 0; d < data.docCount; d++) index.lengthSums[f] += lengths[d];
      return copy;
    });
    return index;
  }
}

function or(a: Map<number, Hit>, b: Map<number, Hit>): Map<number, Hit> {
  for (const [doc, hit] of b) {
    const existing = a.get(doc);
    if (!existing) a.set(doc, hit);
    else {
      existing.score += hit.score;
      for (const t of hit.terms) if (!existing.terms.includes(t)) existing.terms.push(t);
    }
  }
  return a;
}

function and(a: Map<number, Hit>, b: Map<number, Hit>): Map<number, Hit> {
  const combined = new Map<number, Hit>();
  for (const [doc, hit] of b) {
    const existing = a.get(doc);
    if (!existing) continue;
    for (const t of hit.terms) if (!existing.terms.includes(t)) existing.terms.push(t);
    combined.set(doc, { score: existing.score + hit.score, terms: existing.terms });
  }
  return combined;
}
