import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

// A CSV import between its upload (dry run) and its end: the file's text, who uploaded it, and
// how far its apply got. Kept as one JSON file under DATA_DIR/imports, so every server process
// on the machine (WEB_CONCURRENCY) sees the same progress, on both backends, like uploads.

export type ImportStatus = "planned" | "running" | "done" | "failed";

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Products written before the end (or the failure). */
  written: number;
  error: string | null;
}

export interface ImportJob {
  token: string;
  fileName: string;
  actor: string;
  createdAt: string;
  updatedAt: string;
  status: ImportStatus;
  progress: { done: number; total: number };
  result: ImportResult | null;
  csv: string;
}

export const IMPORT_TOKEN = /^[a-f0-9]{32}$/;
/** A running import whose file has not moved for this long died with its process. */
export const STALE_RUNNING_MS = 5 * 60 * 1000;

export function createImportJobs(dataDir: string) {
  const dir = path.join(dataDir, "imports");
  const fileOf = (token: string) => path.join(dir, `${token}.json`);

  async function write(job: ImportJob): Promise<void> {
    await fs.mkdir(dir, { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${fileOf(job.token)}.${process.pid}.tmp`;
    await fs.writeFile(temp, JSON.stringify({ ...job, updatedAt: new Date().toISOString() }));
    await fs.rename(temp, fileOf(job.token));
  }

  return {
    write,
    async create(fileName: string, csv: string, actor: string): Promise<ImportJob> {
      const now = new Date().toISOString();
      const job: ImportJob = {
        token: crypto.randomBytes(16).toString("hex"),
        fileName: fileName.replace(/[^\w .()-]/g, "_").slice(0, 120) || "products.csv",
        actor,
        createdAt: now,
        updatedAt: now,
        status: "planned",
        progress: { done: 0, total: 0 },
        result: null,
        csv,
      };
      await write(job);
      return job;
    },
    async read(token: string): Promise<ImportJob | null> {
      if (!IMPORT_TOKEN.test(token)) return null;
      try {
        const job = JSON.parse(await fs.readFile(fileOf(token), "utf8")) as ImportJob;
        if (job.status === "running" && Date.now() - Date.parse(job.updatedAt) > STALE_RUNNING_MS) {
          return { ...job, status: "failed", result: { ...(job.result ?? { created: 0, updated: 0, unchanged: 0, rejected: 0, written: job.progress.done }), error: "The import stopped (the server restarted). The products listed as written were saved; run the import again to finish: unchanged products are skipped." } };
        }
        return job;
      } catch {
        return null;
      }
    },
  };
}
