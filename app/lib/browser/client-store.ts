// Small stores kept in the browser's localStorage, under a key prefixed with the shop's short
// name and the store id. What is stored
// may be missing, corrupt, from an older version or written by something else on the same
// origin: every read checks the shape and falls back to nothing, never to an error.

/** The part of Web Storage the stores use, so tests can hand in their own. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function storeKey(shopShortName: string, storeId: string): string {
  return `${shopShortName}:${storeId}`;
}

/** localStorage, or null where the browser refuses it (privacy modes throw SecurityError). */
export function browserLocalStorage(): KeyValueStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The parsed value, or null when it is missing, unreadable, not JSON or not of the expected shape. */
export function readStore<T>(
  storage: KeyValueStorage | null,
  key: string,
  parse: (value: unknown) => T | null,
): T | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** Whether the value was stored (a full quota or a refusing browser just means "not kept"). */
export function writeStore(storage: KeyValueStorage | null, key: string, value: unknown): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

// ---- Recently viewed products -------------------------------------------------------------

export const RECENTLY_VIEWED_STORE = "recently-viewed";
export const RECENTLY_VIEWED_MAX = 8;
const VERSION = 1;

export interface RecentlyViewedItem {
  id: string;
  name: string;
  priceMinor: number;
  /**
   * The currency `priceMinor` is in (the shopper's market when viewed). A price in another currency
   * than the one now shown is left out, never relabelled; null for items kept before it was recorded.
   */
  currency: string | null;
  /** A path on this shop ("/media/…"), or null when the product has no image. */
  imageUrl: string | null;
  imageAlt: string;
}

// A product id as route-params' ID_PATTERN has it (repeated here so this file, loaded after
// hydration, does not split that module into a file of its own).
const isId = (value: unknown): value is string => typeof value === "string" && /^[\w-]{1,64}$/.test(value);
const isText = (value: unknown, max: number): value is string => typeof value === "string" && value.length <= max;
// Only this shop's own paths: stored data must not make the page load images from elsewhere.
const isLocalPath = (value: unknown): value is string => isText(value, 500) && /^\/(?![/\\])/.test(value);

function parseItem(value: unknown): RecentlyViewedItem | null {
  if (!value || typeof value !== "object") return null;
  const { id, name, priceMinor, currency, imageUrl, imageAlt } = value as Record<string, unknown>;
  if (!isId(id)) return null;
  if (!isText(name, 200) || name.trim() === "") return null;
  if (typeof priceMinor !== "number" || !Number.isSafeInteger(priceMinor) || priceMinor < 0) return null;
  if (imageUrl !== null && !isLocalPath(imageUrl)) return null;
  if (!isText(imageAlt, 300)) return null;
  const code = typeof currency === "string" && /^[A-Z]{3}$/.test(currency) ? currency : null;
  // Only the known fields are kept; anything else in the stored object is dropped.
  return { id, name, priceMinor, currency: code, imageUrl, imageAlt };
}

/** The stored list, newest first: invalid entries are dropped, duplicates and extras removed. */
export function parseRecentlyViewed(value: unknown): RecentlyViewedItem[] | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const { v, items } = value as { v?: unknown; items?: unknown };
  if (v !== VERSION || !Array.isArray(items)) return null;
  const seen = new Set<string>();
  const result: RecentlyViewedItem[] = [];
  for (const entry of items) {
    const item = parseItem(entry);
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    result.push(item);
    if (result.length === RECENTLY_VIEWED_MAX) break;
  }
  return result;
}

export function serialiseRecentlyViewed(items: RecentlyViewedItem[]): { v: number; items: RecentlyViewedItem[] } {
  return { v: VERSION, items };
}

/** Put `item` first, without a second copy, keeping at most RECENTLY_VIEWED_MAX. */
export function addRecentlyViewed(items: RecentlyViewedItem[], item: RecentlyViewedItem): RecentlyViewedItem[] {
  return [item, ...items.filter((i) => i.id !== item.id)].slice(0, RECENTLY_VIEWED_MAX);
}

/** Read the shop's list; when `viewed` is given, record it first. Returns the list as stored. */
export function recentlyViewed(
  storage: KeyValueStorage | null,
  shopShortName: string,
  viewed?: RecentlyViewedItem,
): RecentlyViewedItem[] {
  const key = storeKey(shopShortName, RECENTLY_VIEWED_STORE);
  const items = readStore(storage, key, parseRecentlyViewed) ?? [];
  if (!viewed) return items;
  const next = addRecentlyViewed(items, viewed);
  writeStore(storage, key, serialiseRecentlyViewed(next));
  return next;
}
