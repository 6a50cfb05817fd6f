import type { Bucket } from "~/server/media/cloud-storage.server";
import type { IndexSnapshotStore } from "./port";

// The snapshot is one object in the shop's Cloud Storage bucket.

const OBJECT = "indexes/catalogue-index.bin";
/** A snapshot at 100,000 products is a few megabytes: allow for a slow link. */
const TIMEOUT_MS = 30_000;

async function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function createFirebaseIndexSnapshots(bucket: Bucket): IndexSnapshotStore {
  const file = bucket.file(OBJECT);
  return {
    async read() {
      try {
        const [bytes] = await within(file.download(), "Reading the catalogue index snapshot");
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if ((error as { code?: unknown }).code === 404) return null;
        throw error;
      }
    },
    async write(bytes) {
      await within(
        file.save(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
          contentType: "application/octet-stream",
          resumable: false,
        }),
        "Writing the catalogue index snapshot",
      );
    },
  };
}
