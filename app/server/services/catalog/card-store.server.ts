import { CATEGORIES } from "~/lib/categories";
import type { Colour, ProductImage } from "~/domain/product";

// The listing cards of the catalogue index, packed (decision 0019): numbers in typed columns (one
// entry per row, a row being the product's number in the text index), the in-stock sizes,
// colours and size×colour pairs and the card's colour and image numbers in one Int32 pool, and
// the card's text (slug, name, image addresses and alt texts) as UTF-8 in one byte pool. At
// 100,000 products this is a few tens of megabytes outside the JS heap, where one object graph
// per card took over a hundred inside it; a card is decoded to a plain object only when a page
// shows it. A snapshot holds the same arrays, so loading one allocates no per-product object.

/** Flags per row. */
const LIVE = 1;
const SOLD_OUT = 2;
const FEATURED = 4;

/** A card as the index hands it in: sizes, colours, pairs and palette entries as small integer ids. */
export interface CardInput {
  id: string;
  slug: string;
  name: string;
  /** Index into `categoryNames`. */
  category: number;
  priceMinor: number;
  compareAtMinor: number | null;
  /** Palette ids of the product's colours, in its order. */
  palette: number[];
  image: Omit<ProductImage, "colour"> | null;
  /** Per colour (its colour id) with a tagged image other than `image`: that image. */
  colourImages: Array<{ colour: number; url: string; alt: string; width: number; height: number }>;
  soldOut: boolean;
  featured: boolean;
  createdAt: number;
  rating: { average: number; count: number } | null;
  /** Ids of in-stock sizes and colours, and of in-stock size×colour pairs. */
  sizes: number[];
  colours: number[];
  pairs: number[];
  /** Bit i set when the price falls in price bucket i. */
  buckets: number;
}

/** The packed cards as a snapshot holds them: live rows only, numbered 0…rows-1, pools cut to size. */
export interface CardStoreData {
  rows: number;
  categoryNames: string[];
  palette: Array<[name: string, hex: string]>;
  /** The ids, UTF-8, "\n" after each. */
  ids: Uint8Array;
  price: Float64Array;
  /** NaN when none. */
  compareAt: Float64Array;
  createdAt: Float64Array;
  category: Uint8Array;
  flags: Uint8Array;
  buckets: Uint8Array;
  /** NaN and 0 when no review yet. */
  ratingAverage: Float64Array;
  ratingCount: Int32Array;
  /** Where each row's lists and text end in the pools (each starts where the previous ended). */
  listsEnd: Int32Array;
  lists: Int32Array;
  textEnd: Int32Array;
  text: Uint8Array;
}

/** What a card decodes to (the listing's ProductSummary, before a colour filter picks its picture). */
export interface DecodedCard {
  id: string;
  slug: string;
  name: string;
  category: string;
  priceMinor: number;
  compareAtMinor: number | null;
  colours: Colour[];
  image: ProductImage | null;
  colourImages?: ProductImage[];
  soldOut: boolean;
  rating: { average: number; count: number } | null;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function grown<T extends Float64Array<ArrayBufferLike> | Int32Array<ArrayBufferLike> | Uint8Array<ArrayBufferLike>>(
  array: T,
  size: number,
): T {
  const next = new (array.constructor as new (n: number) => T)(size);
  next.set(array);
  return next;
}

export class CardStore {
  /** Per row, the product id; undefined for a removed product's row. */
  ids: Array<string | undefined> = [];
  categoryNames: string[] = CATEGORIES.map((c) => c.id);
  /** One Colour object per name and hex, shared by every card that shows it. */
  palette: Colour[] = [];
  private paletteIds = new Map<string, number>();

  price: Float64Array<ArrayBufferLike> = new Float64Array(0);
  compareAt: Float64Array<ArrayBufferLike> = new Float64Array(0);
  createdAt: Float64Array<ArrayBufferLike> = new Float64Array(0);
  category: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  flags: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  buckets: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  ratingAverage: Float64Array<ArrayBufferLike> = new Float64Array(0);
  ratingCount: Int32Array<ArrayBufferLike> = new Int32Array(0);
  /** Where row r's lists start: [sizes count, sizes…, colours count, colours…, pairs count, pairs…, display numbers]. */
  listStart: Int32Array<ArrayBufferLike> = new Int32Array(0);
  listEnd: Int32Array<ArrayBufferLike> = new Int32Array(0);
  textStart: Int32Array<ArrayBufferLike> = new Int32Array(0);
  textEnd: Int32Array<ArrayBufferLike> = new Int32Array(0);
  lists: Int32Array<ArrayBufferLike> = new Int32Array(1024);
  listsLength = 0;
  text: Uint8Array<ArrayBufferLike> = new Uint8Array(4096);
  textLength = 0;
  /** Pool space of removed or replaced rows, reclaimed when it is most of the pool. */
  private deadLists = 0;
  private deadText = 0;

  paletteId(colour: Colour): number {
    const key = `${colour.name}|${colour.hex}`;
    let id = this.paletteIds.get(key);
    if (id === undefined) {
      id = this.palette.length;
      this.paletteIds.set(key, id);
      this.palette.push({ name: colour.name, hex: colour.hex });
    }
    return id;
  }

  categoryId(name: string): number {
    let id = this.categoryNames.indexOf(name);
    if (id === -1) id = this.categoryNames.push(name) - 1;
    return id;
  }

  isLive(row: number): boolean {
    return (this.flags[row] & LIVE) !== 0;
  }
  isSoldOut(row: number): boolean {
    return (this.flags[row] & SOLD_OUT) !== 0;
  }
  isFeatured(row: number): boolean {
    return (this.flags[row] & FEATURED) !== 0;
  }
  /** -1 for products without reviews, so they sort after every rated one. */
  ratingOf(row: number): number {
    return this.ratingCount[row] > 0 ? this.ratingAverage[row] : -1;
  }

  /** Where row r's in-stock sizes (count, then ids), colours and pairs sit in `lists`. */
  sizesAt(row: number): number {
    return this.listStart[row];
  }
  coloursAt(row: number): number {
    const at = this.listStart[row];
    return at + 1 + this.lists[at];
  }
  pairsAt(row: number): number {
    const at = this.coloursAt(row);
    return at + 1 + this.lists[at];
  }
  /** Whether the list at `at` (count, then values) holds `value`. */
  has(at: number, value: number): boolean {
    const end = at + 1 + this.lists[at];
    for (let i = at + 1; i < end; i++) if (this.lists[i] === value) return true;
    return false;
  }

  private ensureRows(rows: number): void {
    if (rows <= this.price.length) return;
    const size = Math.max(rows, this.price.length * 2, 1024);
    this.price = grown(this.price, size);
    this.compareAt = grown(this.compareAt, size);
    this.createdAt = grown(this.createdAt, size);
    this.category = grown(this.category, size);
    this.flags = grown(this.flags, size);
    this.buckets = grown(this.buckets, size);
    this.ratingAverage = grown(this.ratingAverage, size);
    this.ratingCount = grown(this.ratingCount, size);
    this.listStart = grown(this.listStart, size);
    this.listEnd = grown(this.listEnd, size);
    this.textStart = grown(this.textStart, size);
    this.textEnd = grown(this.textEnd, size);
  }

  /** Store a card at `row` (rows are added in increasing order, as the text index numbers them). */
  add(row: number, card: CardInput): void {
    this.ensureRows(row + 1);
    this.ids[row] = card.id;
    this.price[row] = card.priceMinor;
    this.compareAt[row] = card.compareAtMinor ?? NaN;
    this.createdAt[row] = card.createdAt;
    this.category[row] = card.category;
    this.flags[row] = LIVE | (card.soldOut ? SOLD_OUT : 0) | (card.featured ? FEATURED : 0);
    this.buckets[row] = card.buckets;
    this.ratingAverage[row] = card.rating ? card.rating.average : NaN;
    this.ratingCount[row] = card.rating ? card.rating.count : 0;

    const numbers = [card.sizes.length, ...card.sizes, card.colours.length, ...card.colours];
    numbers.push(card.pairs.length, ...card.pairs, card.palette.length, ...card.palette);
    const strings = [card.slug, card.name];
    if (card.image) {
      numbers.push(1, card.image.width, card.image.height);
      strings.push(card.image.url, card.image.alt);
    } else numbers.push(0);
    numbers.push(card.colourImages.length);
    for (const i of card.colourImages) {
      numbers.push(i.colour, i.width, i.height);
      strings.push(i.url, i.alt);
    }
    this.reserve(numbers.length, 0);
    this.listStart[row] = this.listsLength;
    this.lists.set(numbers, this.listsLength);
    this.listsLength += numbers.length;
    this.listEnd[row] = this.listsLength;

    const json = JSON.stringify(strings);
    this.reserve(0, json.length * 3);
    this.textStart[row] = this.textLength;
    this.textLength += encoder.encodeInto(json, this.text.subarray(this.textLength)).written;
    this.textEnd[row] = this.textLength;
  }

  remove(row: number): void {
    if (!this.isLive(row)) return;
    this.flags[row] = 0;
    this.ids[row] = undefined;
    this.deadLists += this.listEnd[row] - this.listStart[row];
    this.deadText += this.textEnd[row] - this.textStart[row];
  }

  /** Room for more in the pools: reclaim removed rows' space when it is most of a pool, else grow it. */
  private reserve(numbers: number, bytes: number): void {
    if (this.listsLength + numbers > this.lists.length) {
      if (this.deadLists > this.listsLength / 2) this.compact();
      if (this.listsLength + numbers > this.lists.length)
        this.lists = grown(this.lists, Math.max(this.listsLength + numbers, this.lists.length * 2));
    }
    if (this.textLength + bytes > this.text.length) {
      if (this.deadText > this.textLength / 2) this.compact();
      if (this.textLength + bytes > this.text.length)
        this.text = grown(this.text, Math.max(this.textLength + bytes, this.text.length * 2));
    }
  }

  /** Move live rows' lists and text down over removed rows' (rows sit in the pools in row order). */
  private compact(): void {
    let lists = 0;
    let text = 0;
    for (let row = 0; row < this.ids.length; row++) {
      if (!this.isLive(row)) continue;
      const listLength = this.listEnd[row] - this.listStart[row];
      this.lists.copyWithin(lists, this.listStart[row], this.listEnd[row]);
      this.listStart[row] = lists;
      this.listEnd[row] = lists += listLength;
      const textLength = this.textEnd[row] - this.textStart[row];
      this.text.copyWithin(text, this.textStart[row], this.textEnd[row]);
      this.textStart[row] = text;
      this.textEnd[row] = text += textLength;
    }
    this.listsLength = lists;
    this.textLength = text;
    this.deadLists = 0;
    this.deadText = 0;
  }

  /** The card at `row` as a plain object (with its per-colour pictures, which a listing picks from). */
  decode(row: number, colourNames: readonly string[]): DecodedCard {
    const strings = JSON.parse(decoder.decode(this.text.subarray(this.textStart[row], this.textEnd[row]))) as string[];
    const lists = this.lists;
    let at = this.pairsAt(row);
    at += 1 + lists[at];
    const colours: Colour[] = [];
    for (let i = 0, n = lists[at++]; i < n; i++) colours.push(this.palette[lists[at++]]);
    let s = 2;
    let image: ProductImage | null = null;
    if (lists[at++] === 1) {
      image = { url: strings[s++], alt: strings[s++], width: lists[at++], height: lists[at++] };
    }
    const colourImages: ProductImage[] = [];
    for (let i = 0, n = lists[at++]; i < n; i++) {
      const colour = colourNames[lists[at++]];
      colourImages.push({ url: strings[s++], alt: strings[s++], width: lists[at++], height: lists[at++], colour });
    }
    const compareAt = this.compareAt[row];
    return {
      id: this.ids[row]!,
      slug: strings[0],
      name: strings[1],
      category: this.categoryNames[this.category[row]],
      priceMinor: this.price[row],
      compareAtMinor: Number.isNaN(compareAt) ? null : compareAt,
      colours,
      image,
      colourImages: colourImages.length ? colourImages : undefined,
      soldOut: this.isSoldOut(row),
      rating: this.ratingCount[row] > 0 ? { average: this.ratingAverage[row], count: this.ratingCount[row] } : null,
    };
  }

  /** The live rows, renumbered in order, for a snapshot; `renumber[old]` is the new row (or -1). */
  export(): { data: CardStoreData; renumber: Int32Array } {
    const rowCount = this.ids.length;
    const renumber = new Int32Array(rowCount).fill(-1);
    let rows = 0;
    let listsLength = 0;
    let textLength = 0;
    for (let row = 0; row < rowCount; row++) {
      if (!this.isLive(row)) continue;
      renumber[row] = rows++;
      listsLength += this.listEnd[row] - this.listStart[row];
      textLength += this.textEnd[row] - this.textStart[row];
    }
    const pick = <T extends Float64Array<ArrayBufferLike> | Int32Array<ArrayBufferLike> | Uint8Array<ArrayBufferLike>>(
      column: T,
    ): T => {
      const out = new (column.constructor as new (n: number) => T)(rows);
      for (let row = 0; row < rowCount; row++) if (renumber[row] >= 0) out[renumber[row]] = column[row];
      return out;
    };
    const lists = new Int32Array(listsLength);
    const listsEnd = new Int32Array(rows);
    const text = new Uint8Array(textLength);
    const textEnd = new Int32Array(rows);
    let l = 0;
    let t = 0;
    const ids: string[] = [];
    for (let row = 0; row < rowCount; row++) {
      const n = renumber[row];
      if (n < 0) continue;
      ids.push(this.ids[row]!);
      lists.set(this.lists.subarray(this.listStart[row], this.listEnd[row]), l);
      listsEnd[n] = l += this.listEnd[row] - this.listStart[row];
      text.set(this.text.subarray(this.textStart[row], this.textEnd[row]), t);
      textEnd[n] = t += this.textEnd[row] - this.textStart[row];
    }
    return {
      renumber,
      data: {
        rows,
        categoryNames: this.categoryNames,
        palette: this.palette.map((c) => [c.name, c.hex]),
        ids: encoder.encode(ids.map((id) => `${id}\n`).join("")),
        price: pick(this.price),
        compareAt: pick(this.compareAt),
        createdAt: pick(this.createdAt),
        category: pick(this.category),
        flags: pick(this.flags),
        buckets: pick(this.buckets),
        ratingAverage: pick(this.ratingAverage),
        ratingCount: pick(this.ratingCount),
        listsEnd,
        lists,
        textEnd,
        text,
      },
    };
  }

  /** The cards a snapshot holds; its arrays are taken over, not copied. */
  static import(data: CardStoreData): CardStore {
    const store = new CardStore();
    store.categoryNames = data.categoryNames;
    for (const [name, hex] of data.palette) store.paletteId({ name, hex });
    const ids = decoder.decode(data.ids).split("\n");
    ids.pop();
    if (ids.length !== data.rows) throw new Error("Catalogue snapshot: the ids do not match the cards");
    store.ids = ids;
    store.price = data.price;
    store.compareAt = data.compareAt;
    store.createdAt = data.createdAt;
    store.category = data.category;
    store.flags = data.flags;
    store.buckets = data.buckets;
    store.ratingAverage = data.ratingAverage;
    store.ratingCount = data.ratingCount;
    const starts = (ends: Int32Array) => {
      const out = new Int32Array(ends.length);
      for (let i = 1; i < ends.length; i++) out[i] = ends[i - 1];
      return out;
    };
    store.listStart = starts(data.listsEnd);
    store.listEnd = data.listsEnd;
    store.textStart = starts(data.textEnd);
    store.textEnd = data.textEnd;
    store.lists = data.lists;
    store.listsLength = data.lists.length;
    store.text = data.text;
    store.textLength = data.text.length;
    return store;
  }
}
