/**
 * What the user sees when the document database cannot be reached. Thrown by the
 * Firestore adapters; part of the port, so services and the HTTP edge can recognise it without
 * knowing which adapter is in use.
 */
export class FirestoreUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("Firestore not available", { cause });
    this.name = "FirestoreUnavailableError";
  }
}
