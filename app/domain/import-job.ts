// A CSV import job as the store keeps it, shared by both adapters and the import service.

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

/** Who is applying a job: an id of one apply run, and when it claimed or last reported progress. */
export interface ImportClaim {
  owner: string;
  /** ISO time. */
  at: string;
}

/** A job without its file (what progress pages read; the file can be 10 MB). */
export interface ImportJob {
  /** 32 hex digits. */
  token: string;
  fileName: string;
  /** E-mail of the admin who uploaded it, then of the one who applies it. */
  actor: string;
  createdAt: string;
  updatedAt: string;
  status: ImportStatus;
  progress: { done: number; total: number };
  result: ImportResult | null;
  /** Null until an apply claims the job. */
  claim: ImportClaim | null;
}

/** What an apply run writes as it goes: its progress, then its end. */
export interface ImportJobUpdate {
  status: ImportStatus;
  progress: { done: number; total: number };
  result: ImportResult | null;
  /** ISO time of this report; it also renews the claim. */
  at: string;
}
