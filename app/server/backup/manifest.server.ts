import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

// What a backup folder says about itself: written last, so a folder without it is not a backup.

export const MANIFEST_FILE = "manifest.json";

/** A backup folder's name: its UTC start time, with "-" for ":" so it is a valid name everywhere. */
export const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/;
export const backupName = (at: Date) => at.toISOString().replace(/:/g, "-");

/** A path inside the backup folder, with "/" separators, never absolute nor climbing out of it. */
const relativePath = z
  .string()
  .min(1)
  .refine(
    (p) =>
      !p.startsWith("/") && !p.includes("\\") && p.split("/").every((part) => part && part !== ".." && part !== "."),
    {
      message: "must be a relative path inside the backup",
    },
  );

export const manifestSchema = z.object({
  format: z.literal(1),
  /** When the backup began (UTC ISO time): it holds everything committed before then. */
  takenAt: z.string().datetime(),
  /** The last migration applied to the database (PRAGMA user_version). */
  schemaVersion: z.number().int().min(0),
  database: relativePath,
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  /**
   * A fingerprint (never the key) of the key that sealed gift-card codes waiting for their send
   * date, so a restore can say when the shop it makes could not open them. Absent in older backups.
   */
  giftCardKeyId: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  /** SHA-256 (hex) of every file of the backup but the manifest, by path. */
  files: z.record(relativePath, z.string().regex(/^[0-9a-f]{64}$/)),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** The session secret `npm start` keeps in DATA_DIR when SESSION_SECRET is not set: carried in backups. */
export const SESSION_SECRET_FILE = "session-secret";

/** A key's fingerprint: 16 hex characters of its SHA-256, which say whether two keys are one, not what it is. */
export const keyId = (key: string) =>
  crypto.createHash("sha256").update(`hemline-key-id:${key}`).digest("hex").slice(0, 16);

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash("sha256");
    fs.createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/** Every regular file under dir, as "/"-separated paths relative to it. */
export function filesUnder(dir: string, prefix = ""): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesUnder(path.join(dir, entry.name), rel);
    return entry.isFile() ? [rel] : [];
  });
}

/** Forces a file (or a folder's entries) to disk, so a rename that follows never points at lost data. */
export function syncPath(target: string): void {
  const fd = fs.openSync(target, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
