// The index-snapshot port: where a serving instance finds the catalogue index another instance
// built, and the lease that lets only one instance build and refresh it (decision 0009): Cloud
// Storage and Firestore on the Firebase backend, the database file on the embedded one (decision 0021).

export interface IndexSnapshotStore {
  /** The latest snapshot's bytes, or null when none has been written. */
  read(): Promise<Uint8Array | null>;
  /** Replace the snapshot (one object, written whole, so a reader never sees half of one). */
  write(bytes: Uint8Array): Promise<void>;
  /**
   * Take or renew the lease for `holder` until `now + ttlMs`: true when `holder` holds it now.
   * A lease whose holder stopped renewing it lapses and can be taken by another instance.
   */
  lease(holder: string, ttlMs: number, now?: Date): Promise<boolean>;
  /** Give the lease up (the holder stops), so another instance need not wait for it to lapse. */
  release(holder: string): Promise<void>;
}
