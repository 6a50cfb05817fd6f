import { ProductSlugTakenError, type Store } from "../../store/port";
import type { AuditService } from "../audit/audit.server";
import type { AdminCatalogService } from "./admin-catalog.server";
import { newProductId } from "./admin-catalog.server";
import { createImportJobs, type ImportJob } from "./import-jobs.server";
import { planImport, type ImportPlan } from "./product-csv.server";

// CSV imports in two steps. Upload: the file is kept and checked line by line (the dry run);
// nothing is written. Apply: the file is checked again against the catalogue as it is now, then
// the valid products are written in chunks of CHUNK_SIZE, each chunk one store call (one SQLite
// transaction; Firestore transactions of up to 150 products). The job file records how far it
// got, which the import page shows (it refreshes itself while the import runs). Rejected
// products are never written; a failure stops the import and says how many were written.

export const CHUNK_SIZE = 200;

export function createProductImportService(deps: { store: Store; audit: AuditService; adminCatalog: AdminCatalogService; dataDir: string; chunkSize?: number }) {
  const chunkSize = deps.chunkSize ?? CHUNK_SIZE;
  const jobs = createImportJobs(deps.dataDir);
  const running = new Map<string, Promise<ImportJob>>();

  async function plan(csv: string): Promise<ImportPlan> {
    const owners = await deps.adminCatalog.owners();
    return planImport(csv, { ...owners, load: (id) => deps.store.products.get(id), newId: newProductId });
  }

  async function run(job: ImportJob): Promise<ImportJob> {
    const checked = await plan(job.csv);
    const toWrite = checked.products.filter((p) => p.input);
    const result = { created: checked.counts.create, updated: checked.counts.update, unchanged: checked.counts.unchanged, rejected: checked.counts.reject, written: 0, error: null as string | null };
    let current: ImportJob = { ...job, status: "running", progress: { done: 0, total: toWrite.length }, result };
    await jobs.write(current);
    try {
      for (let i = 0; i < toWrite.length; i += chunkSize) {
        const chunk = toWrite.slice(i, i + chunkSize);
        await deps.store.products.upsertMany(chunk.map((p) => p.input!));
        const written = await Promise.all(chunk.map((p) => deps.store.products.get(p.input!.id)));
        for (const [i, p] of chunk.entries()) {
          const after = written[i];
          await deps.audit.record({
            actor: job.actor,
            entityType: "product",
            entityId: p.input!.id,
            action: p.before ? "import-update" : "import-create",
            summary: `${p.before ? "Changed" : "Created"} “${p.name}” by CSV import ${job.fileName}${p.changes.length ? `: ${p.changes.join(", ")}` : ""}`,
            before: p.before,
            after,
          });
        }
        result.written += chunk.length;
        current = { ...current, progress: { done: result.written, total: toWrite.length }, result };
        await jobs.write(current);
      }
      current = { ...current, status: "done", result };
    } catch (error) {
      result.error =
        error instanceof ProductSlugTakenError
          ? `Stopped: the slug “${error.slug}” was taken by another product after the dry run. ${result.written} products were written before it; fix the file and import again.`
          : `Stopped by an error after ${result.written} products were written: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}.`;
      current = { ...current, status: "failed", result };
    }
    await jobs.write(current);
    await deps.audit.record({
      actor: job.actor,
      entityType: "import",
      entityId: job.token,
      action: current.status === "done" ? "import" : "import-failed",
      summary: `CSV import ${job.fileName}: ${result.created} created, ${result.updated} changed, ${result.unchanged} unchanged, ${result.rejected} rejected${result.error ? ` — ${result.error}` : ""}`,
      before: null,
      after: { fileName: job.fileName, ...result, products: toWrite.slice(0, 500).map((p) => ({ id: p.input!.id, slug: p.slug, outcome: p.outcome })) },
    });
    await deps.adminCatalog.changed();
    return current;
  }

  return {
    /** Keep an uploaded file as a job and check it (the dry run); writes no product. */
    async upload(fileName: string, csv: string, actor: string): Promise<{ job: ImportJob | null; plan: ImportPlan }> {
      const checked = await plan(csv);
      // A file that cannot be read at all (wrong columns) is not kept: there is nothing to apply.
      const job = checked.fileError ? null : await jobs.create(fileName, csv, actor);
      return { job, plan: checked };
    },

    /** A job and, while it waits to be applied, its dry run against the catalogue as it is now. */
    async status(token: string): Promise<{ job: ImportJob; plan: ImportPlan | null } | null> {
      const job = await jobs.read(token);
      if (!job) return null;
      return { job, plan: job.status === "planned" ? await plan(job.csv) : null };
    },

    /**
     * Start applying a planned job (once: a second press does nothing). Resolves when it ends;
     * the import page does not wait for that and shows the progress instead.
     */
    async apply(token: string, actor?: string): Promise<ImportJob | null> {
      const active = running.get(token);
      if (active) return active;
      const job = await jobs.read(token);
      if (!job) return null;
      if (job.status !== "planned") return job;
      // The admin who presses "Apply" is the one who changes the catalogue.
      const promise = run(actor ? { ...job, actor } : job).finally(() => running.delete(token));
      running.set(token, promise);
      return promise;
    },
  };
}

export type ProductImportService = ReturnType<typeof createProductImportService>;
