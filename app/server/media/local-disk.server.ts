import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { assertMediaKey, mediaTypeOf, type MediaStore } from "./port";

// Media on local disk (the embedded default): key "products/x.webp" is the file
// {root}/products/x.webp, root being DATA_DIR/uploads, the layout uploads have always had.
// The content type is the one the extension names, so no metadata is kept beside a file.

export function createLocalDiskMedia(root: string): MediaStore {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  return {
    async put(key, bytes, contentType) {
      assertMediaKey(key, contentType);
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside it, then renamed: a reader sees the whole file or none.
      const temp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.writeFile(temp, bytes, { flag: "wx" });
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
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
  };
}
