import type { SubmissionResult } from "@conform-to/react";
import { data, type HeadersFunction } from "@remix-run/node";
import { csrfProblem } from "./csrf.server";
import { honeypotProblem } from "./honeypot.server";

/** An action's answer to a form that cannot be accepted: the form comes back with errors. */
export function formFailure(result: SubmissionResult<string[]>, status = 400, headers?: HeadersInit) {
  return data({ result }, { status, headers });
}

/** The same, on a page with several forms: the answer names the form's intent (see ~/lib/form-reply). */
export function intentFailure<Intent extends string>(
  intent: Intent,
  result: SubmissionResult<string[]>,
  status = 400,
  headers?: HeadersInit,
) {
  return data({ intent, result }, { status, headers });
}

/** The status and headers for a failed account operation: 429 with Retry-After when rate limited. */
export function failureStatus(
  failure: { retryAfterSeconds?: number },
  otherwise: number,
): [number, HeadersInit | undefined] {
  return failure.retryAfterSeconds
    ? [429, { "Retry-After": String(failure.retryAfterSeconds) }]
    : [otherwise, undefined];
}

/** CSRF (every form) and, for public account forms, the honeypot: a message when either fails. */
export async function formGuardProblem(formData: FormData, request: Request, options: { honeypot?: boolean } = {}) {
  const csrf = await csrfProblem(formData, request);
  if (csrf) return { message: csrf, status: 403 };
  if (options.honeypot) {
    const spam = honeypotProblem(formData);
    if (spam) return { message: spam, status: 400 };
  }
  return null;
}

/** Remix passes only Set-Cookie through on its own: routes that may answer 429 keep Retry-After. */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
