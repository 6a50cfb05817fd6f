import type { Storage } from "firebase-admin/storage";
import { assertMediaKey, MediaUnavailableError, mediaTypeOf, type MediaStore } from "./port";

// Media in Cloud Storage for Firebase (the Firebase backend): one object per key in the shop's
// bucket, with its content type as object metadata. Every instance reads and writes the same
// bucket, so an image stored through one is served by all.

export type Bucket = ReturnType<Storage["bucket"]>;

/** How long a page waits for a stored image before saying storage is not available. */
const READ_TIMEOUT_MS = 5000;
/** A write carries up to a few megabytes: a little longer. */
const WRITE_TIMEOUT_MS = 15_000;

/** A network failure (ECONNREFUSED, ENOTFOUND, …) or a server-side one (5xx, 429): not a missing object. */
export function unreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") return /^E[A-Z_]+$/.test(code);
  return typeof code === "number" && (code >= 500 || code === 429);
}

/**
 * The Cloud Storage client retries an unreachable server with backoff for minutes; a shopper or
 * an admin should be told within seconds instead. Such failures become MediaUnavailableError.
 */
async function reachable<T>(work: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MediaUnavailableError(new Error(`no answer in ${timeoutMs} ms`))), timeoutMs);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    if (error instanceof MediaUnavailableError || !unreachable(error)) throw error;
    throw new MediaUnavailableError(error);
  } finally {
    clearTimeout(timer);
  }
}

export function createCloudStorageMedia(bucket: Bucket): MediaStore {
  return {
    async put(key, bytes, contentType) {
      assertMediaKey(key, contentType);
      // One request (no resumable session): the files are small.
      await reachable(
        () =>
          bucket
            .file(key)
            .save(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { contentType, resumable: false }),
        WRITE_TIMEOUT_MS,
      );
    },
    async get(key) {
      if (!mediaTypeOf(key)) return null;
      const file = bucket.file(key);
      try {
        const [[metadata], [bytes]] = await reachable(
          () => Promise.all([file.getMetadata(), file.download()]),
          READ_TIMEOUT_MS,
        );
        // A plain Uint8Array over the Buffer's memory, as the local adapter answers.
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: metadata.contentType ?? "application/octet-stream",
        };
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return null;
        throw error;
      }
    },
  };
}
