import type { Firestore } from "firebase-admin/firestore";
import { closedTransactionRetries } from "../../observability/metrics.server";
import { FirestoreUnavailableError } from "../unavailable";
import { testHooksOf } from "../../test-hook-switch";

export { FirestoreUnavailableError };

/** How long a page waits for Firestore before telling the user it is not available. */
export const DEFAULT_FIRESTORE_TIMEOUT_MS = 5000;
/**
 * Tests on a loaded emulator wait longer (HEMLINE_TEST_HOOKS=firestore-timeout-ms=…, checked at start by
 * config.server.ts). Read here rather than passed down: every adapter (and every test that makes one) shares it.
 */
const TIMEOUT_MS = testHooksOf(process.env.HEMLINE_TEST_HOOKS)?.firestoreTimeoutMs ?? DEFAULT_FIRESTORE_TIMEOUT_MS;
/** Probes of a transaction's database that may go unanswered (a loaded machine) before it is called down. */
const PROBES_BEFORE_GIVING_UP = 2;

/**
 * The Firestore client retries an unreachable backend for a long time; a shopper should get a
 * clear message within seconds instead. Any failure to reach Firestore becomes FirestoreUnavailableError.
 */
export async function available<T>(work: () => Promise<T>, timeoutMs = TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    if (timeoutMs !== Infinity) {
      timer = setTimeout(
        () => reject(new FirestoreUnavailableError(new Error(`no answer in ${timeoutMs} ms`))),
        timeoutMs,
      );
    }
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    if (error instanceof FirestoreUnavailableError) throw error;
    const code = (error as { code?: number | string }).code;
    // gRPC 14 UNAVAILABLE, 4 DEADLINE_EXCEEDED: the database did not answer.
    if (code === 14 || code === 4 || code === "unavailable" || code === "deadline-exceeded")
      throw new FirestoreUnavailableError(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For transactions, which under contention may rightly take longer than a read (Firestore retries
 * an aborted one with backoff): once TIMEOUT_MS pass, ask the database something trivial; only
 * when that goes unanswered too is it not available. A busy shop is never told it is down.
 */
export async function availableTransaction<T>(probe: () => Promise<unknown>, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let settled = false;
  const watchdog = new Promise<never>((_, reject) => {
    let unanswered = 0;
    const check = () => {
      timer = setTimeout(() => {
        available(probe).then(
          () => {
            unanswered = 0;
            if (!settled) check();
          },
          (error) => {
            // A refused connection is final; one slow answer on a loaded machine is not.
            const final =
              !(error instanceof FirestoreUnavailableError) ||
              !(error.cause instanceof Error) ||
              !error.cause.message.startsWith("no answer");
            unanswered += 1;
            if (final || unanswered >= PROBES_BEFORE_GIVING_UP)
              reject(error instanceof FirestoreUnavailableError ? error : new FirestoreUnavailableError(error));
            else if (!settled) check();
          },
        );
      }, TIMEOUT_MS);
    };
    check();
  });
  try {
    return await Promise.race([available(() => rerunClosed(work), Infinity), watchdog]);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}

/** How many times a transaction the database closed before it committed is run again. */
const CLOSED_ATTEMPTS = 4;

/**
 * INVALID_ARGUMENT "Transaction is invalid or closed": the client retried a read of a transaction
 * after a transient failure, and the database had meanwhile closed it (the emulator does this to a
 * transaction that waited on another's locks). Nothing was committed, so running it again is safe;
 * the client itself retries only production's wording of it, "transaction has expired".
 */
export function isClosedTransaction(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 3 && typeof message === "string" && /transaction is invalid or closed/i.test(message);
}

/** Runs `work` (a whole runTransaction) again when the database closed its transaction first. */
export async function rerunClosed<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= CLOSED_ATTEMPTS || !isClosedTransaction(error)) throw error;
      closedTransactionRetries.inc();
      console.warn(`A Firestore transaction was closed before it committed; running it again (attempt ${attempt + 1})`);
    }
  }
}

/** The trivial question: one read of a document that need not exist. */
export function healthProbe(db: Firestore): () => Promise<unknown> {
  const ref = db.collection("meta").doc("health");
  return () => ref.get();
}
