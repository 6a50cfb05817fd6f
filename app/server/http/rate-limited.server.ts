import { data } from "@remix-run/node";
import { RateLimitedError } from "../services/accounts/rate-limit.server";

/** Rethrow a rate-limit refusal as the 429 error page, with Retry-After. */
export function rethrowRateLimit(error: unknown): never {
  if (error instanceof RateLimitedError) {
    throw data(error.message, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
  }
  throw error;
}
