// Named leases: which one instance (of several processes or machines) does a piece of background
// work at a time, such as building one product feed (decision 0034). A lease is held by one holder
// until it lapses (the holder stopped renewing it: it died or hangs) or is released. Firestore on
// the Firebase backend (documents leases/{name}); rows of the database file on the embedded one,
// where the workers of WEB_CONCURRENCY share one machine.

export interface LeaseStore {
  /**
   * Take or renew the lease `name` for `holder` until `now + ttlMs`: true when `holder` holds it
   * now, false when another holder does and it has not lapsed.
   */
  take(name: string, holder: string, ttlMs: number, now?: Date): Promise<boolean>;
  /** Give the lease up if `holder` holds it, so another need not wait for it to lapse. */
  release(name: string, holder: string): Promise<void>;
}

const NAME = /^[a-z0-9][a-z0-9_-]{0,200}$/i;

/** Lease names become Firestore document ids: letters, digits, "-" and "_" only. */
export function assertLeaseName(name: string): void {
  if (!NAME.test(name)) throw new Error(`Not a lease name: ${JSON.stringify(name)}`);
}
