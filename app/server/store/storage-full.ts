/**
 * What the user reads when the shop's own storage (the embedded database or the uploads folder)
 * has no room left: nothing was saved, and it is worth trying again once an operator frees space.
 */
export const STORAGE_FULL_MESSAGE =
  "The shop cannot save anything right now because its storage is full. Nothing was saved: please try again in a few minutes.";

/**
 * A write refused for want of space (SQLITE_FULL, ENOSPC, a quota). Thrown by the embedded
 * adapters; part of the port, like FirestoreUnavailableError, so services and the HTTP edge
 * recognise it without knowing which adapter is in use. Answered with a 503: it passes once
 * space is freed, without a restart.
 */
export class StorageFullError extends Error {
  constructor(cause?: unknown) {
    super(STORAGE_FULL_MESSAGE, { cause });
    this.name = "StorageFullError";
  }
}

/** Reported by /healthz while a store cannot write for want of space. */
export const DISK_FULL_PROBLEM = "disk-full";

/** Free bytes below which the embedded data directory counts as full (SQLite needs room to grow its WAL). */
export const MIN_FREE_BYTES = 1024 * 1024;
