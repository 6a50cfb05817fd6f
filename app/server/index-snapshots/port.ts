// The index-snapshot port: where a serving instance finds the catalogue index another instance
// built (decision 0009): Cloud Storage on the Firebase backend, the database file on the embedded
// one (decision 0021). Which instance builds and refreshes it is a lease of the LeaseStore.

export interface IndexSnapshotStore {
  /** The latest snapshot's bytes, or null when none has been written. */
  read(): Promise<Uint8Array | null>;
  /** Replace the snapshot (one object, written whole, so a reader never sees half of one). */
  write(bytes: Uint8Array): Promise<void>;
}
