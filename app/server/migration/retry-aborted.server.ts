// Firestore answers 10 ABORTED ("Transaction lock timeout") when a transaction waits on a lock held
// by another: typically the transactions of a migration run killed a moment ago, which the
// database lets go of within seconds. The migration is a copy that converges when run again, so
// the run tries again itself, a few times with growing waits, before telling the operator.

/** gRPC's ABORTED, as the Firestore client reports it. */
export const isAborted = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 10;

export class StillAbortedError extends Error {
  constructor(attempts: number, cause: unknown) {
    super(
      `Firestore kept aborting the copy (${attempts} tries: another run's writes still hold their locks). ` +
        "Make sure no other migration is running, wait a minute and run npm run migrate:to-firebase again.",
      { cause },
    );
    this.name = "StillAbortedError";
  }
}

/** Runs work, again after each ABORTED, waiting `waitsMs[i]` before try i + 2; other errors are thrown at once. */
export async function retryAborted<T>(
  work: () => Promise<T>,
  options: { waitsMs?: readonly number[]; log?: (line: string) => void } = {},
): Promise<T> {
  const waits = options.waitsMs ?? [2_000, 5_000, 10_000];
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isAborted(error)) throw error;
      if (attempt >= waits.length) throw new StillAbortedError(attempt + 1, error);
      options.log?.(
        `Firestore aborted a write (an earlier run's transaction may still hold its lock): trying again in ${waits[attempt] / 1000} s.`,
      );
      await new Promise((resolve) => setTimeout(resolve, waits[attempt]));
    }
  }
}
