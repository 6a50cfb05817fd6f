// Shipping zones and markets are both a short list the back office edits and every page reads, with
// a default row standing in until the owner's first write. One shape for both: on Firestore a page
// reads the list at most once per `cacheMs` (0: every time); on SQLite it is kept until the database's
// change stamp moves (any commit); where money is taken it is read fresh.

import type { Store } from "~/server/store/port";

/** The store's change stamp as a function, when it has one. */
export const changeStampOf = (store: Pick<Store, "changeStamp">) =>
  store.changeStamp ? () => store.changeStamp!() : undefined;

export function keptList<T extends { updatedAt: string }>(deps: {
  list: () => Promise<T[]>;
  save: (row: T) => Promise<unknown>;
  /** The row that stands in while the store holds none (today's figures, from configuration). */
  fallback: () => T;
  cacheMs: number;
  /** The store's change stamp (Store.changeStamp): when given, a read is kept while it stays the same. */
  changeStamp?: () => string;
  now: () => Date;
}) {
  let kept: { at: number; stamp: string | null; rows: T[] } | null = null;
  const stillKept = (k: NonNullable<typeof kept>) =>
    deps.changeStamp ? k.stamp === deps.changeStamp() : Date.now() - k.at < deps.cacheMs;
  return {
    async read(options: { fresh?: boolean } = {}): Promise<T[]> {
      if (!options.fresh && kept && stillKept(kept)) return kept.rows;
      // Stamped before the read: a commit landing during it moves the stamp, so it is read again.
      const stamp = deps.changeStamp?.() ?? null;
      const stored = await deps.list();
      const rows = stored.length > 0 ? stored : [deps.fallback()];
      if (deps.cacheMs > 0 || stamp !== null) kept = { at: Date.now(), stamp, rows };
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
