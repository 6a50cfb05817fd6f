/** Spec section 8: what the user sees when the document database cannot be reached. */
export class FirestoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("Firestore not available", { cause });
    this.name = "FirestoreUnavailableError";
  }
}

/** How long a page waits for Firestore before telling the user it is not available. */
const TIMEOUT_MS = 5000;

/**
 * The Firestore client retries an unreachable backend for a long time; a shopper should get a
 * clear message within seconds instead. Any failure to reach Firestore becomes FirestoreUnavailableError.
 */
export async function available<T>(work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FirestoreUnavailableError(new Error(`no answer in ${TIMEOUT_MS} ms`))), TIMEOUT_MS);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    if (error instanceof FirestoreUnavailableError) throw error;
    const code = (error as { code?: number | string }).code;
    // gRPC 14 UNAVAILABLE, 4 DEADLINE_EXCEEDED: the database did not answer.
    if (code === 14 || code === 4 || code === "unavailable" || code === "deadline-exceeded") throw new FirestoreUnavailableError(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
