import type { Readable, Writable } from "node:stream";

// The feed-files port: where built product feeds (and their gzipped copies) are kept for every
// instance to send (decision 0034). Local disk on the embedded backend (DATA_DIR/cache/feeds, as
// since decision 0031); Cloud Storage on the Firebase backend, so the one instance that builds a
// feed puts it where all of them read it. Files go in and out as streams: a feed of 100,000
// products is 1.7 GB and is never held in memory. The rules (when to build, what a feed holds)
// live in services/feed; an adapter only stores bytes.

export type FeedFileFormat = "xml" | "tsv";

/** One built feed: its group (format, country, origin) and key (the catalogue version it shows). */
export interface FeedFileRef {
  group: string;
  key: string;
  format: FeedFileFormat;
  /** The gzipped copy of the feed rather than the feed. */
  gzip?: boolean;
}

/** Where a build writes: nothing is visible to readers until commit() resolves, then all of it. */
export interface FeedFileWriter {
  /** Write with backpressure (wait for `drain` when write() answers false). */
  stream: Writable;
  /** Ends the stream; resolves once the whole file is in place for every reader. */
  commit(): Promise<void>;
  /** Drops what was written (a failed or abandoned build); the store is as before. */
  abort(): Promise<void>;
}

/** A kept feed file, opened for one reader. */
export interface OpenedFeedFile {
  key: string;
  /** When the build that wrote it began reading the catalogue (Last-Modified). */
  builtAt: Date;
  /** Its length in bytes (Content-Length). */
  size: number;
  /** Its bytes from the start, read only as fast as they are consumed. Call once. */
  read(): Readable;
  /** Let go of it without reading it. */
  close(): Promise<void>;
}

export interface FeedFileStore {
  /** Start writing a file; `builtAt` is kept with it. */
  create(file: FeedFileRef, builtAt: Date): Promise<FeedFileWriter>;
  /** Whether the file is kept (whole). */
  exists(file: FeedFileRef): Promise<boolean>;
  /** The file, opened; null when it is not kept. */
  open(file: FeedFileRef): Promise<OpenedFeedFile | null>;
  /** The newest feed (by builtAt, not gzipped) of a group and format, opened; null when none is kept. */
  newest(group: string, format: FeedFileFormat): Promise<OpenedFeedFile | null>;
  /**
   * Removes the group's files of every key but `keep` (plain and gzipped). A reader that opened
   * one of them keeps reading it where the store allows (a disk's open file; see the adapters).
   */
  removeOlder(group: string, keep: string): Promise<void>;
}

/** Groups and keys are names the service makes (base64url hashes): nothing else is accepted. */
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function assertFeedFileRef(file: FeedFileRef): void {
  if (!NAME.test(file.group) || !NAME.test(file.key) || !["xml", "tsv"].includes(file.format)) {
    throw new Error(`Not a feed file: ${JSON.stringify(file)}`);
  }
}

export function assertGroup(group: string): void {
  if (!NAME.test(group)) throw new Error(`Not a feed group: ${JSON.stringify(group)}`);
}

/** The store of feed files could not be reached in time (Cloud Storage down): the feed answers 503. */
export class FeedStorageUnavailableError extends Error {
  constructor(what: string, cause?: unknown) {
    super(`${what}: the feed storage cannot be reached`, { cause });
    this.name = "FeedStorageUnavailableError";
  }
}
