// Reads started before it is known whether they will be used (e.g. beside the session check):
// each is kept as its outcome, so one left unused never becomes an unhandled rejection.

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function settled<T>(read: Promise<T>): Promise<Settled<T>> {
  return read.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}

/** The value, or the read's error thrown: as if it had been awaited directly. */
export function outcome<T>(read: Settled<T>): T {
  if (!read.ok) throw read.error;
  return read.value;
}
