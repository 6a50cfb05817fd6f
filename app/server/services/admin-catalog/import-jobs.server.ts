import crypto from "node:crypto";
import type { ImportJob, ImportJobUpdate } from "~/domain/import-job";
import type { ImportJobStore } from "../../store/port";

// The rules of CSV import jobs between their upload (dry run) and their end; the store keeps
// them (a table, or Firestore documents), so every server instance shows the same progress and
// any instance can continue a job whose instance died.

export type { ImportJob, ImportResult, ImportStatus } from "~/domain/import-job";

export const IMPORT_TOKEN = /^[a-f0-9]{32}$/;
/** Jobs (each holds its CSV, up to 10 MB) are removed a week after their upload. */
export const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * A running import that has not reported progress for this long died with its instance (a chunk
 * takes seconds): another apply may take it over.
 */
export const STALE_RUNNING_MS = 5 * 60 * 1000;

/** What a stalled job says; applying it again finishes it (products already written are unchanged). */
export const STALLED_MESSAGE =
  "The import stopped (the server restarted). The products listed as written were saved; apply it again to finish: unchanged products are skipped.";

export function isStalled(job: ImportJob, now = Date.now()): boolean {
  return job.status === "running" && (job.claim === null || now - Date.parse(job.claim.at) > STALE_RUNNING_MS);
}

export function createImportJobs(store: ImportJobStore, clock: () => number = Date.now) {
  const iso = () => new Date(clock()).toISOString();
  return {
    async create(fileName: string, csv: string, actor: string): Promise<ImportJob> {
      const now = iso();
      const job: ImportJob = {
        token: crypto.randomBytes(16).toString("hex"),
        fileName: fileName.replace(/[^\w .()-]/g, "_").slice(0, 120) || "products.csv",
        actor,
        createdAt: now,
        updatedAt: now,
        status: "planned",
        progress: { done: 0, total: 0 },
        result: null,
        claim: null,
      };
      // Old jobs go when new ones come; a failed sweep never fails an upload.
      await store.sweep(new Date(clock() - KEEP_MS).toISOString()).catch(() => 0);
      await store.create(job, csv);
      return job;
    },
    async read(token: string): Promise<ImportJob | null> {
      return IMPORT_TOKEN.test(token) ? store.get(token) : null;
    },
    async csv(token: string): Promise<string | null> {
      return IMPORT_TOKEN.test(token) ? store.csv(token) : null;
    },
    /**
     * Claim a job for applying, once across every instance: a planned job, or a running one that
     * stalled. Null when another apply holds it, it ended, or it does not exist.
     */
    async claim(token: string, actor: string): Promise<{ job: ImportJob; owner: string } | null> {
      if (!IMPORT_TOKEN.test(token)) return null;
      const owner = crypto.randomUUID();
      const job = await store.claim(token, {
        owner,
        actor,
        at: iso(),
        staleBefore: new Date(clock() - STALE_RUNNING_MS).toISOString(),
      });
      return job ? { job, owner } : null;
    },
    /** Report progress or the end; false when another apply took the job over (this one should stop). */
    async report(token: string, owner: string, update: Omit<ImportJobUpdate, "at">): Promise<boolean> {
      return store.update(token, owner, { ...update, at: iso() });
    },
  };
}
