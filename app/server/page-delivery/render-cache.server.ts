import crypto from "node:crypto";
import { pageIdentity } from "../http/tracking-params.server";
import { deflateParts, inflateParts, spliceGzip, type DeflatedPage } from "./gzip-splice.server";

// Rendered catalogue pages, kept and served again to any viewer whose page would be the same
// (decision 0021; signed-in viewers since issue 27). A page is a function of its URL and its loaders' data, except
// for values that differ per viewer without changing anything else: the viewer's CSRF token, the
// response's CSP nonce and the signed-in viewer's e-mail address. The key is the page's identity
// (path and sorted parameters, tracking ones left out) and a hash of the loaders' data with those
// values replaced by markers; the page is stored with them cut out and gets the viewer's put back.
// So two signed-in shoppers with the same cart count share one render, while a change to a product,
// a price, a cart count, a wishlist or being signed in at all makes a different key, never a stale
// or foreign page. Per process by design: it holds nothing that must be shared, only work that can be redone.

/** The values cut out of a page and put back for each viewer; slots number them in this order. */
export interface PageSecrets {
  csrfToken: string;
  nonce: string;
  /** The signed-in viewer's address when it can be put back (see `substitutableEmail`), else "". */
  email: string;
}

/** A page with its secrets cut out. */
export interface CutPage {
  parts: Buffer[];
  /** Between parts[i] and parts[i + 1]: which secret (0 the token, 1 the nonce, 2 the e-mail). */
  slots: number[];
  bytes: number;
}

/**
 * A page as the cache keeps it: its parts compressed once (decision 0028), so a hit is answered with
 * gzip put together around the viewer's values, without compressing the page again.
 */
export interface PackedPage {
  deflated: DeflatedPage;
  slots: number[];
  /** What it holds in memory: the compressed parts. */
  bytes: number;
}

interface Entry extends PackedPage {
  storedAt: number;
}

/** Compressed catalogue pages: a page of 24 cards is ~60–100 KB, ~10–15 KB compressed. */
const MAX_BYTES = 6 * 1024 * 1024;
/** What a page shows without reading it from a loader (the footer's year) is never older than this. */
const TTL_MS = 60_000;
/** Keys of pages rendered once and not kept (see `admits`): a few MB at most. */
const MAX_SEEN = 20_000;

const UNCACHEABLE = Symbol("uncacheable");

/**
 * An address whose text is the same in HTML text, attributes, JSON and the page's data stream (no
 * character any of them escapes): only such an address is cut out and put back. Any other one stays
 * in the loaders' data, so its pages are the viewer's own entries, as all signed-in pages once were.
 */
const PLAIN_EMAIL = /^[A-Za-z0-9._+-]{1,64}@[A-Za-z0-9.-]{1,255}$/;

/** What the key hashes in place of a viewer's value (no loader returns strings with NUL characters). */
const TOKEN_MARK = "\0csrf\0";
const EMAIL_MARK = "\0email\0";

/** The viewer's address when the cache may cut it out and put it back, else "". */
export function substitutableEmail(email: string | null | undefined): string {
  return email && PLAIN_EMAIL.test(email) ? email : "";
}

/**
 * The key of a page: null when its data cannot be compared (deferred promises, which the shop does
 * not use, or a value JSON cannot tell apart) or when there is no token to cut out.
 * `identity` is the page's path and parameters as `pageIdentity` gives them.
 */
export function renderKey(
  identity: string,
  loaderData: unknown,
  viewer: { csrfToken: string; email: string },
): string | null {
  const { csrfToken, email } = viewer;
  if (!csrfToken) return null;
  let json: string;
  try {
    json = JSON.stringify(loaderData, (_key, value: unknown) => {
      // The token is a field of its own (the root's csrfToken): left out without copying the text.
      if (value === csrfToken) return TOKEN_MARK;
      if (email && value === email) return EMAIL_MARK;
      if (value instanceof Promise || typeof value === "function" || typeof value === "symbol") throw UNCACHEABLE;
      if (typeof value === "bigint") return `${value}n`;
      if (value instanceof Map) return { "~map": [...value] };
      if (value instanceof Set) return { "~set": [...value] };
      return value;
    });
  } catch (error) {
    if (error === UNCACHEABLE) return null;
    throw error;
  }
  const hash = crypto.createHash("sha256").update(identity).update("\0").update(json).digest();
  return hash.toString("base64url");
}

/**
 * The page at `url` in the shopper's market (the root's `market`): the same URL in two markets is
 * two pages, so a page kept in pounds is never served to a shopper in euros, whatever else its data
 * holds (decision 0030).
 */
export function pageIn(url: URL, loaderData: Record<string, unknown>): string {
  const market = (loaderData.root as { market?: { id?: unknown } } | undefined)?.market?.id;
  return `${pageIdentity(url)}\0market=${typeof market === "string" ? market : ""}`;
}

/**
 * `html`, rendered with `rendered`'s values, cut where they are; null when the viewer's address is
 * also part of a longer word (another address that ends with it): cutting there would put the next
 * viewer's address into text that is not theirs, so such a page is not kept.
 */
export function cutPage(html: Buffer, rendered: PageSecrets): CutPage | null {
  const { parts, slots } = cutOut(html, secretBuffers(rendered));
  for (let i = 0; i < slots.length; i++)
    if (
      slots[i] === EMAIL_SLOT &&
      (ADDRESS_BYTE.test(lastChar(parts[i])) || ADDRESS_BYTE.test(firstChar(parts[i + 1])))
    )
      return null;
  return { parts, slots, bytes: html.length };
}

/** A character an address may hold (PLAIN_EMAIL's), so an address beside it would be a longer word. */
const ADDRESS_BYTE = /[A-Za-z0-9._+@-]/;
const lastChar = (part: Buffer) => (part.length ? String.fromCharCode(part[part.length - 1]) : "");
const firstChar = (part: Buffer) => (part.length ? String.fromCharCode(part[0]) : "");

/** The page with `secrets` put where its values were cut out. */
export function fillPage(page: CutPage, secrets: PageSecrets): Buffer {
  const values = secretBuffers(secrets);
  const pieces: Buffer[] = [page.parts[0]];
  for (let i = 0; i < page.slots.length; i++) pieces.push(values[page.slots[i]], page.parts[i + 1]);
  return Buffer.concat(pieces);
}

/** A cut page (rendered with `rendered`'s values) compressed, as the cache keeps it. */
export async function packPage(page: CutPage, rendered: PageSecrets): Promise<PackedPage> {
  const values = secretBuffers(rendered);
  const deflated = await deflateParts(
    page.parts,
    page.slots.map((slot) => values[slot].length),
    // The address's length is the viewer's; the token's and the nonce's are fixed by their formats.
    page.slots.map((slot) => slot === EMAIL_SLOT),
  );
  return { deflated, slots: page.slots, bytes: deflated.pieces.reduce((sum, piece) => sum + piece.length, 0) };
}

/** The cut page back from its compressed form (for a client that takes no gzip). */
export function unpackPage(page: PackedPage): CutPage {
  const parts = inflateParts(page.deflated);
  return { parts, slots: page.slots, bytes: parts.reduce((sum, part) => sum + part.length, 0) };
}

/**
 * The page with `secrets` put back, as one gzip member, from its compressed form; null when a value
 * does not fit (a token of another length), and the page is then filled and compressed as usual.
 */
export function gzipPage(page: PackedPage, secrets: PageSecrets): Buffer | null {
  const values = secretBuffers(secrets);
  return spliceGzip(
    page.deflated,
    page.slots.map((slot) => values[slot]),
  );
}

const EMAIL_SLOT = 2;

function secretBuffers(secrets: PageSecrets): Buffer[] {
  return [Buffer.from(secrets.csrfToken), Buffer.from(secrets.nonce), Buffer.from(secrets.email)];
}

/** Sets `key` as the newest entry of `map`, dropping the oldest beyond MAX_SEEN (Map keeps insertion order). */
function latest<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  for (const [oldest] of map) {
    if (map.size <= MAX_SEEN) break;
    map.delete(oldest);
  }
}

export class RenderCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Pages rendered once within the time to live, not kept: when each was. */
  private readonly seen = new Map<string, number>();
  /** Pages (`pageIn`) rendered within the time to live: when last, and whether their data was hashed then. */
  private readonly pages = new Map<string, { at: number; hashed: boolean }>();

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private readonly ttlMs = TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The page kept for `key` (its secrets cut out, its parts compressed), or null. */
  get(key: string): PackedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.drop(key, entry);
      return null;
    }
    // Most recently used last: Map keeps insertion order, so eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Notes a render of the page `page` (`pageIn`: its path, parameters and market) and says what its
   * data's key is worth. "first": it was not rendered within the time to live, so nothing is kept for
   * it and it will not be kept now, whatever its data: its key is not worth its hash (a fortieth of a
   * rendered page's CPU, and most pages asked for in a minute are asked for once). "second": the render
   * before was such a first one, whose key was not made: this one is kept (`admits` by the page).
   * "again": the render before had its key, so the key decides (`get`, then `admits`).
   */
  renderOf(page: string): "first" | "second" | "again" {
    const now = this.now();
    const last = this.pages.get(page);
    const known = last !== undefined && now - last.at <= this.ttlMs;
    latest(this.pages, page, { at: now, hashed: known });
    if (!known) return "first";
    return last.hashed ? "again" : "second";
  }

  /**
   * Whether a page just rendered for `key` is worth keeping: only from its second render within the
   * time to live. Most pages asked for once in a minute (a product of the long tail, a one-off search)
   * are not asked for again, and compressing them for the cache cost more than the rest of the miss
   * (bench/results/2026-11-27-cold.md); kept, they would also push out pages that are asked for.
   */
  admits(key: string): boolean {
    const at = this.seen.get(key);
    const now = this.now();
    if (at !== undefined && now - at <= this.ttlMs) {
      this.seen.delete(key);
      return true;
    }
    latest(this.seen, key, now);
    return false;
  }

  /** Keeps `page` for `key`. */
  set(key: string, page: PackedPage): void {
    if (page.bytes > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    this.entries.set(key, { ...page, storedAt: this.now() });
    this.bytes += page.bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** `html` split at every occurrence of the needles (non-empty), and which needle each cut was. */
export function cutOut(html: Buffer, needles: Buffer[]): { parts: Buffer[]; slots: number[] } {
  const parts: Buffer[] = [];
  const slots: number[] = [];
  let from = 0;
  for (;;) {
    let at = -1;
    let which = -1;
    needles.forEach((needle, i) => {
      if (needle.length === 0) return;
      const found = html.indexOf(needle, from);
      if (found !== -1 && (at === -1 || found < at)) [at, which] = [found, i];
    });
    if (at === -1) break;
    // Copies, so an entry does not hold the whole response buffer it came from twice.
    parts.push(Buffer.from(html.subarray(from, at)));
    slots.push(which);
    from = at + needles[which].length;
  }
  parts.push(Buffer.from(html.subarray(from)));
  return { parts, slots };
}
