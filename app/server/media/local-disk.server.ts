import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { MIN_FREE_BYTES, StorageFullError } from "../store/storage-full";
import { freeBytes } from "../store/free-space.server";
import { assertMediaKey, mediaTypeOf, type MediaStore } from "./port";

// Media on local disk (the embedded default): key "products/x.webp" is the file
// {root}/products/x.webp, root being DATA_DIR/uploads, the layout uploads have always had.
// The content type is the one the extension names, so no metadata is kept beside a file.

/** What a full disk or a quota answers a write with. */
const FULL_CODES = new Set(["ENOSPC", "EDQUOT", "EFBIG"]);

export interface LocalDiskOptions {
  /**
   * Test hook (TEST_HOOKS): while it answers true, every write stops half-way with ENOSPC, as on
   * a disk that fills up during the upload.
   */
  full?: () => boolean;
}

type Write = (file: string, bytes: Uint8Array) => Promise<void>;

const writeNew: Write = (file, bytes) => fs.writeFile(file, bytes, { flag: "wx" });

const writeHalfThenFail: Write = async (file, bytes) => {
  await fs.writeFile(file, bytes.subarray(0, Math.floor(bytes.length / 2)), { flag: "wx" });
  throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: "ENOSPC" });
};

export function createLocalDiskMedia(root: string, options: LocalDiskOptions = {}): MediaStore {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  const write: Write = (file, bytes) => (options.full?.() ? writeHalfThenFail : writeNew)(file, bytes);
  let fullSeen = false;

  /** Writes the whole file or nothing: beside it, then renamed, a partial file removed. */
  async function writeWhole(file: string, bytes: Uint8Array) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    try {
      await write(temp, bytes);
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      if (FULL_CODES.has((error as NodeJS.ErrnoException).code ?? "")) {
        fullSeen = true;
        throw new StorageFullError(error);
      }
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      assertMediaKey(key, contentType);
      // A reader sees the whole file or none.
      await writeWhole(fileOf(key), bytes);
    },
    async get(key) {
      const contentType = mediaTypeOf(key);
      if (!contentType) return null;
      try {
        return { bytes: new Uint8Array(await fs.readFile(fileOf(key))), contentType };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return null;
        throw error;
      }
    },
    async remove(key) {
      if (mediaTypeOf(key)) await fs.rm(fileOf(key), { force: true });
    },
    async writable() {
      if (freeBytes(path.dirname(root)) < MIN_FREE_BYTES) return false;
      if (!fullSeen) return true;
      // Refused before: a small file written and removed shows whether there is room again.
      const probe = path.join(root, `.storage-probe-${crypto.randomBytes(6).toString("hex")}`);
      try {
        await writeWhole(probe, new Uint8Array(4096));
        await fs.rm(probe, { force: true });
        fullSeen = false;
        return true;
      } catch (error) {
        if (error instanceof StorageFullError) return false;
        throw error;
      }
    },
  };
}
