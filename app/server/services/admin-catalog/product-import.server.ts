import { ProductSlugTakenError, type Store } from "../../store/port";
import type { AuditService } from "../audit/audit.server";
import type { AdminCatalogService } from "./admin-catalog.server";
import { newProductId } from "./admin-catalog.server";
import { createImportJobs, isStalled, STALLED_MESSAGE, type ImportJob } from "./import-jobs.server";
import { planImport, type ImportPlan } from "./product-csv.server";

// CSV imports in two steps. Upload: the file is kept and checked line by line (the dry run);
// nothing is written. Apply: the file is checked again against the catalogue as it is now, then
// the valid products are written in chunks of CHUNK_SIZE, each chunk one store call (one SQLite
// transaction; Firestore transactions of up to 120 products). The job, in the store, records how
// far it got, which the import page shows on any instance (it refreshes itself while the import
// runs). Rejected products are never written; a failure stops the import and says how many were
// written. An apply whose instance died can be applied again: products already written are then
// unchanged and skipped.

export const CHUNK_SIZE = 200;

export function createProductImportService(deps: {
  store: Store;
  audit: AuditService;
  adminCatalog: AdminCatalogService;
  chunkSize?: number;
  clock?: () => number;
  /** Called with the products each chunk wrote: stock may have come back (back-in-stock alerts). */
  onStockWritten?: (productIds: string[]) => Promise<unknown>;
}) {
  const chunkSize = deps.chunkSize ?? CHUNK_SIZE;
  const clock = deps.clock ?? Date.now;
  const jobs = createImportJobs(deps.store.importJobs, clock);
  const running = new Map<string, Promise<ImportJob | null>>();

  async function plan(csv: string): Promise<ImportPlan> {
    const owners = await deps.adminCatalog.owners();
    // Read fresh: a market's column of own prices is checked against the markets as they are now.
    const markets = await deps.store.markets.list();
    return planImport(csv, {
      ...owners,
      markets,
      load: (id) => deps.store.products.get(id),
      newId: newProductId,
    });
  }

  /** Apply a claimed job; stops quietly when another apply takes it over (this one stalled). */
  async function run(job: ImportJob, owner: string): Promise<ImportJob | null> {
    const csv = await jobs.csv(job.token);
    if (csv === null) return null;
    const checked = await plan(csv);
    const toWrite = checked.products.filter((p) => p.input);
    const result = {
      created: checked.counts.create,
      updated: checked.counts.update,
      unchanged: checked.counts.unchanged,
      rejected: checked.counts.reject,
      written: 0,
      error: null as string | null,
    };
    let current: ImportJob = { ...job, status: "running", progress: { done: 0, total: toWrite.length }, result };
    const report = (next: ImportJob) =>
      jobs.report(job.token, owner, { status: next.status, progress: next.progress, result: next.result });
    if (!(await report(current))) return jobs.read(job.token);
    try {
      for (let i = 0; i < toWrite.length; i += chunkSize) {
        const chunk = toWrite.slice(i, i + chunkSize);
        await deps.store.products.upsertMany(
          chunk.map((p) => p.input!),
          { announce: true },
        );
        await deps.onStockWritten?.(chunk.map((p) => p.input!.id));
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
        if (!(await report(current))) return jobs.read(job.token);
      }
      current = { ...current, status: "done", result };
    } catch (error) {
      result.error =
        error instanceof ProductSlugTakenError
          ? `Stopped: the slug “${error.slug}” was taken by another product after the dry run. ${result.written} ` +
            `products were written before it; fix the file and import again.`
          : `Stopped by an error after ${result.written} products were written: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}.`;
      current = { ...current, status: "failed", result };
    }
    if (!(await report(current))) return jobs.read(job.token);
    await deps.audit.record({
      actor: job.actor,
      entityType: "import",
      entityId: job.token,
      action: current.status === "done" ? "import" : "import-failed",
      summary:
        `CSV import ${job.fileName}: ${result.created} created, ${result.updated} changed, ` +
        `${result.unchanged} unchanged, ${result.rejected} rejected${result.error ? ` — ${result.error}` : ""}`,
      before: null,
      after: {
        fileName: job.fileName,
        ...result,
        products: toWrite.slice(0, 500).map((p) => ({ id: p.input!.id, slug: p.slug, outcome: p.outcome })),
      },
    });
    await deps.adminCatalog.changed();
    return (await jobs.read(job.token)) ?? current;
  }

  return {
    /** Keep an uploaded file as a job and check it (the dry run); writes no product. */
    async upload(fileName: string, csv: string, actor: string): Promise<{ job: ImportJob | null; plan: ImportPlan }> {
      const checked = await plan(csv);
      // A file that cannot be read at all (wrong columns) is not kept: there is nothing to apply.
      const job = checked.fileError ? null : await jobs.create(fileName, csv, actor);
      return { job, plan: checked };
    },

    /**
     * A job and, while it waits to be applied, its dry run against the catalogue as it is now. A
     * job whose apply stalled (its instance died) shows as stopped, with `stalled` set: applying
     * it again finishes it.
     */
    async status(token: string): Promise<{ job: ImportJob; plan: ImportPlan | null; stalled: boolean } | null> {
      const job = await jobs.read(token);
      if (!job) return null;
      if (isStalled(job, clock()) && !running.has(token)) {
        const result = {
          ...(job.result ?? { created: 0, updated: 0, unchanged: 0, rejected: 0, written: job.progress.done }),
          error: STALLED_MESSAGE,
        };
        return { job: { ...job, status: "failed", result }, plan: null, stalled: true };
      }
      const csv = job.status === "planned" ? await jobs.csv(token) : null;
      return { job, plan: csv === null ? null : await plan(csv), stalled: false };
    },

    /**
     * Start applying a planned job, or take over one whose apply stalled (once across every
     * instance: a second press does nothing). Resolves when it ends; the import page does not
     * wait for that and shows the progress instead. Null when there is no such job.
     */
    async apply(token: string, actor?: string): Promise<ImportJob | null> {
      const active = running.get(token);
      if (active) return active;
      const job = await jobs.read(token);
      if (!job) return null;
      if (job.status !== "planned" && !isStalled(job, clock())) return job;
      // The admin who presses "Apply" is the one who changes the catalogue.
      const claimed = await jobs.claim(token, actor ?? job.actor);
      if (!claimed) return (await jobs.read(token)) ?? job;
      const promise = run(claimed.job, claimed.owner).finally(() => running.delete(token));
      running.set(token, promise);
      return promise;
    },
  };
}

export type ProductImportService = ReturnType<typeof createProductImportService>;
