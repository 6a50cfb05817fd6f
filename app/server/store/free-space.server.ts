import fs from "node:fs";

/** Free bytes, for an unprivileged process, on the file system holding `dir`; Infinity when it cannot be measured. */
export function freeBytes(dir: string): number {
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return Infinity;
  }
}
