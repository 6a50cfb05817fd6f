import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { streamWriter } from "./stream-writer";
import { assertFeedFileRef, assertGroup, type FeedFileRef, type FeedFileStore, type OpenedFeedFile } from "./port";

// Feed files on local disk (the embedded backend, and the default of the feed service): the file
// {dir}/{group}-{key}.{format} and its .gz, the layout of decision 0031. A file is written beside
// its place and renamed when whole, so a reader never sees half of one; its modification time is
// its builtAt. A reader holds an open file, which a newer build's removal does not take away.

const nameOf = (file: FeedFileRef) => `${file.group}-${file.key}.${file.format}${file.gzip ? ".gz" : ""}`;

export interface LocalDiskFeedFilesOptions {
  /**
   * How much of a file one read takes (FEED_READ_CHUNK_BYTES, tuning.server.ts): Node's default of 64 KB makes ~27,000 reads and
   * socket writes for a 1.7 GB feed (bench/results/2026-11-27-feed-4.md).
   */
  readChunkBytes?: number;
}

async function opened(file: string, key: string, chunk?: number): Promise<OpenedFeedFile | null> {
  const handle = await fsp.open(file, "r").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!handle) return null;
  const stat = await handle.stat();
  return {
    key,
    builtAt: stat.mtime,
    size: stat.size,
    read: () => handle.createReadStream(chunk ? { highWaterMark: chunk } : {}),
    close: () => handle.close(),
  };
}

export function createLocalDiskFeedFiles(dir: string, options: LocalDiskFeedFilesOptions = {}): FeedFileStore {
  const chunk = options.readChunkBytes;
  const pathOf = (file: FeedFileRef) => {
    assertFeedFileRef(file);
    return path.join(dir, nameOf(file));
  };
  return {
    async create(file, builtAt) {
      const target = pathOf(file);
      await fsp.mkdir(dir, { recursive: true });
      const temp = `${target}.${process.pid}.${crypto.randomUUID()}.tmp`;
      return streamWriter(fs.createWriteStream(temp, { flags: "wx" }), {
        stored: async () => {
          await fsp.utimes(temp, builtAt, builtAt);
          await fsp.rename(temp, target);
        },
        dropped: () => fsp.rm(temp, { force: true }),
      });
    },
    async exists(file) {
      return fs.existsSync(pathOf(file));
    },
    async open(file) {
      return opened(pathOf(file), file.key, chunk);
    },
    async newest(group, format) {
      assertGroup(group);
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      const found: OpenedFeedFile[] = [];
      for (const name of names) {
        if (!name.startsWith(`${group}-`) || !name.endsWith(`.${format}`)) continue;
        const file = await opened(path.join(dir, name), name.slice(group.length + 1, -(format.length + 1)), chunk);
        if (file) found.push(file);
      }
      found.sort((a, b) => b.builtAt.getTime() - a.builtAt.getTime());
      for (const older of found.slice(1)) await older.close();
      return found[0] ?? null;
    },
    async removeOlder(group, keep) {
      assertGroup(group);
      const names = await fsp.readdir(dir).catch(() => [] as string[]);
      const kept = new Set(
        ["xml", "tsv"].flatMap((format) => [`${group}-${keep}.${format}`, `${group}-${keep}.${format}.gz`]),
      );
      await Promise.all(
        names
          // Files being written (.tmp) belong to a build still at work; requests (.json) are not feeds.
          .filter((name) => name.startsWith(`${group}-`) && !name.endsWith(".tmp") && !kept.has(name))
          .map((name) => fsp.rm(path.join(dir, name), { force: true })),
      );
    },
  };
}
