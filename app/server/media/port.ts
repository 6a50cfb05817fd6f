// The media port: where uploaded images (product photos, blog covers) are kept. Local disk on
// the embedded default; Cloud Storage for Firebase on the Firebase backend, so every instance
// serves what any instance stored. The rules about images (what is accepted, names, sizes)
// live in product-images.server.ts and blog-images.server.ts; an adapter only stores bytes.

/** What a key holds: its bytes and the content type it was stored with. */
export interface StoredMedia {
  bytes: Uint8Array;
  contentType: string;
}

export interface MediaStore {
  /**
   * Store bytes under a key such as "products/{name}.webp" (folders and a name of letters,
   * digits, "-", "_" and "."; never ".."), replacing what it held. The content type must be the
   * one the key's extension names (MEDIA_TYPES), so a store without metadata (a plain disk)
   * keeps it too; anything else is refused with an error.
   */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** What the key holds; null when nothing is stored under it (or it is not a valid key). */
  get(key: string): Promise<StoredMedia | null>;
  /** Removes what the key holds, if anything (a half-finished upload's other files). */
  remove?(key: string): Promise<void>;
  /**
   * Local disk: false while a write cannot get through for want of space (StorageFullError),
   * for /healthz. Absent where the platform manages the storage.
   */
  writable?(): Promise<boolean>;
}

/** The content types media may have, by the key's extension. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};

const KEY = /^(?:[a-z0-9][a-z0-9_-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\.([a-z0-9]+)$/;

/** The content type a key's extension names; null for a key that is not valid. */
export function mediaTypeOf(key: string): string | null {
  const match = KEY.exec(key);
  if (!match || key.includes("..")) return null;
  return MEDIA_TYPES[match[1]] ?? null;
}

/** Throws unless the key is valid and its extension names this content type (see MediaStore.put). */
export function assertMediaKey(key: string, contentType: string): void {
  const expected = mediaTypeOf(key);
  if (!expected) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  if (expected !== contentType) throw new Error(`Media key ${key} holds ${expected}, not ${contentType}`);
}

/** The media storage could not be reached in time: the page answers 503, a form says so. */
export class MediaUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("Media storage not available", { cause });
    this.name = "MediaUnavailableError";
  }
}
