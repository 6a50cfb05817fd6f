import { data } from "@remix-run/node";
import { StorageFullError } from "../store/storage-full";
import { FirestoreUnavailableError } from "../store/unavailable";

// When the database cannot be reached, a page says 'Firestore not available'
// with a 503 (and recovers by itself once it answers again). Adapters throw
// FirestoreUnavailableError; this turns it into that answer at the edge between the services and
// the routes, so no route has to know, and Remix never hides it behind a generic 500.

export const UNAVAILABLE_MESSAGE = "Firestore not available";

function toResponse(error: unknown): never {
  if (error instanceof FirestoreUnavailableError)
    throw data(UNAVAILABLE_MESSAGE, { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
  // The embedded store's disk is full: nothing was written (the transaction rolled back).
  if (error instanceof StorageFullError) {
    console.error("A write was refused: the shop's storage is full", error.cause);
    throw data(error.message, { status: 503, headers: { "Retry-After": "60", "Cache-Control": "no-store" } });
  }
  throw error;
}

/** The service, every method answering a 503 instead of throwing FirestoreUnavailableError or StorageFullError. */
export function answeringUnavailable<T extends object>(service: T): T {
  return new Proxy(service, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return function (this: unknown, ...args: unknown[]) {
        try {
          const result = value.apply(this === receiver ? target : this, args);
          return result instanceof Promise ? result.catch(toResponse) : result;
        } catch (error) {
          return toResponse(error);
        }
      };
    },
  });
}
