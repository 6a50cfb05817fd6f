// Shipping zones and markets are both a short list the back office edits and every page reads, with
// a default row standing in until the owner's first write. One shape for both: on Firestore a page
// reads the list at most once per `cacheMs` (0: every time); where money is taken it is read fresh.

export function keptList<T extends { updatedAt: string }>(deps: {
  list: () => Promise<T[]>;
  save: (row: T) => Promise<unknown>;
  /** The row that stands in while the store holds none (today's figures, from configuration). */
  fallback: () => T;
  cacheMs: number;
  now: () => Date;
}) {
  let kept: { at: number; rows: T[] } | null = null;
  return {
    async read(options: { fresh?: boolean } = {}): Promise<T[]> {
      if (!options.fresh && kept && Date.now() - kept.at < deps.cacheMs) return kept.rows;
      const stored = await deps.list();
      const rows = stored.length > 0 ? stored : [deps.fallback()];
      if (deps.cacheMs > 0) kept = { at: Date.now(), rows };
      return rows;
    },
    /** After a write of this process: its next read is fresh. */
    forget(): void {
      kept = null;
    },
    /** Before the first write to an empty store: the stand-in becomes a row, so it survives that write. */
    async materialise(): Promise<void> {
      if ((await deps.list()).length > 0) return;
      await deps.save({ ...deps.fallback(), updatedAt: deps.now().toISOString() });
    },
  };
}
