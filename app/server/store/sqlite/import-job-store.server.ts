import type { ImportJob, ImportResult, ImportStatus } from "~/domain/import-job";
import type { ImportJobStore } from "../port";
import type { SqliteDatabase } from "./database.server";

interface JobRow {
  token: string;
  file_name: string;
  actor: string;
  created_at: string;
  updated_at: string;
  status: string;
  progress_done: number;
  progress_total: number;
  result_json: string | null;
  claim_owner: string | null;
  claim_at: string | null;
}

const COLUMNS =
  "token, file_name, actor, created_at, updated_at, status, progress_done, progress_total, result_json, claim_owner, claim_at";

const fromRow = (row: JobRow): ImportJob => ({
  token: row.token,
  fileName: row.file_name,
  actor: row.actor,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  status: row.status as ImportStatus,
  progress: { done: row.progress_done, total: row.progress_total },
  result: row.result_json === null ? null : (JSON.parse(row.result_json) as ImportResult),
  claim: row.claim_owner === null || row.claim_at === null ? null : { owner: row.claim_owner, at: row.claim_at },
});

export function createSqliteImportJobStore(db: SqliteDatabase): ImportJobStore {
  const insert = db.prepare(
    `INSERT INTO import_jobs (${COLUMNS}, csv)
     VALUES (@token, @fileName, @actor, @createdAt, @updatedAt, @status, @done, @total, @result, @claimOwner, @claimAt, @csv)`,
  );
  const select = db.prepare<[string], JobRow>(`SELECT ${COLUMNS} FROM import_jobs WHERE token = ?`);
  const selectCsv = db.prepare<[string], { csv: string }>("SELECT csv FROM import_jobs WHERE token = ?");
  // One statement, so two processes on the file can never both win (SQLite writes one at a time).
  const claim = db.prepare<{ token: string; owner: string; actor: string; at: string; staleBefore: string }, JobRow>(
    `UPDATE import_jobs SET status = 'running', claim_owner = @owner, claim_at = @at, actor = @actor, updated_at = @at
     WHERE token = @token AND (status = 'planned' OR (status = 'running' AND claim_at < @staleBefore))
     RETURNING ${COLUMNS}`,
  );
  const update = db.prepare(
    `UPDATE import_jobs SET status = @status, progress_done = @done, progress_total = @total, result_json = @result, claim_at = @at, updated_at = @at
     WHERE token = @token AND claim_owner = @owner`,
  );
  const sweep = db.prepare("DELETE FROM import_jobs WHERE created_at < ?");
  return {
    async create(job, csv) {
      insert.run({
        token: job.token,
        fileName: job.fileName,
        actor: job.actor,
        createdAt: job.createdAt,
        updatedAt: job.updatedAt,
        status: job.status,
        done: job.progress.done,
        total: job.progress.total,
        result: job.result === null ? null : JSON.stringify(job.result),
        claimOwner: job.claim?.owner ?? null,
        claimAt: job.claim?.at ?? null,
        csv,
      });
    },
    async get(token) {
      const row = select.get(token);
      return row ? fromRow(row) : null;
    },
    async csv(token) {
      return selectCsv.get(token)?.csv ?? null;
    },
    async claim(token, request) {
      const row = claim.get({ token, ...request });
      return row ? fromRow(row) : null;
    },
    async update(token, owner, change) {
      const { changes } = update.run({
        token,
        owner,
        status: change.status,
        done: change.progress.done,
        total: change.progress.total,
        result: change.result === null ? null : JSON.stringify(change.result),
        at: change.at,
      });
      return changes === 1;
    },
    async sweep(createdBefore) {
      return sweep.run(createdBefore).changes;
    },
  };
}
