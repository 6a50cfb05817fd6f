import crypto from "node:crypto";

// Rendered catalogue pages, kept and served again to any viewer whose page would be the same
// (decision 0021). A page is a function of its URL and its loaders' data, except for two values
// that differ per response without changing anything else: the viewer's CSRF token and the
// response's CSP nonce. The key is the URL and a hash of the loaders' data with the token taken
// out; the page is stored with both values cut out and gets the current ones put back. So a change
// to a product, a price, a cart count or a signed-in header makes a different key, never a stale page.
// Per process by design: it holds nothing that must be shared, only work that can be redone.

/** What a page's cut-out values are, in the order they are given to `get` and `set`. */
export interface PageSecrets {
  csrfToken: string;
  nonce: string;
}

interface Entry {
  parts: Buffer[];
  /** Between parts[i] and parts[i + 1]: which secret (0 the token, 1 the nonce). */
  slots: number[];
  bytes: number;
  storedAt: number;
}

/** A few hundred catalogue pages; a page of 24 cards is ~60 KB. */
const MAX_BYTES = 12 * 1024 * 1024;
/** What a page shows without reading it from a loader (the footer's year) is never older than this. */
const TTL_MS = 60_000;

const UNCACHEABLE = Symbol("uncacheable");

/**
 * The key of a page: null when its data cannot be compared (deferred promises, which the shop does
 * not use, or a value JSON cannot tell apart) or when there is no token to cut out.
 */
export function renderKey(url: string, loaderData: unknown, csrfToken: string): string | null {
  if (!csrfToken) return null;
  let json: string;
  try {
    json = JSON.stringify(loaderData, (_key, value: unknown) => {
      // The token is a field of its own (the root's csrfToken): left out without copying the text.
      if (value === csrfToken) return "";
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
  const hash = crypto.createHash("sha256").update(url).update("\0").update(json).digest();
  return hash.toString("base64url");
}

export class RenderCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private readonly ttlMs = TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The page for `key` with this response's secrets, or null. */
  get(key: string, secrets: PageSecrets): Buffer | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() - entry.storedAt > this.ttlMs) {
      this.drop(key, entry);
      return null;
    }
    // Most recently used last: Map keeps insertion order, so eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    const values = [Buffer.from(secrets.csrfToken), Buffer.from(secrets.nonce)];
    const pieces: Buffer[] = [entry.parts[0]];
    for (let i = 0; i < entry.slots.length; i++) pieces.push(values[entry.slots[i]], entry.parts[i + 1]);
    return Buffer.concat(pieces);
  }

  /** Keeps `html`, rendered with `secrets`, for `key`. */
  set(key: string, html: Buffer, secrets: PageSecrets): void {
    if (html.length > this.maxBytes) return;
    const { parts, slots } = cutOut(html, [Buffer.from(secrets.csrfToken), Buffer.from(secrets.nonce)]);
    const previous = this.entries.get(key);
    if (previous) this.drop(key, previous);
    this.entries.set(key, { parts, slots, bytes: html.length, storedAt: this.now() });
    this.bytes += html.length;
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
