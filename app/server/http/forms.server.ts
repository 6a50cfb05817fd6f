import type { SubmissionResult } from "@conform-to/react";
import { data, type HeadersFunction } from "@remix-run/node";
import type { ShownOnce } from "~/lib/shown-once";
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

/** A service's messages by field (`form` for the whole form) as conform's reply options. */
export function serviceErrors(errors: Record<string, string | undefined>) {
  const { form, ...fields } = errors;
  return {
    formErrors: form ? [form] : [],
    fieldErrors: Object.fromEntries(
      Object.entries(fields).flatMap(([name, message]) => (message ? [[name, [message]]] : [])),
    ),
  };
}

/** The answer that shows a secret once (see ~/lib/shown-once): kept by no cache or history. */
export function shownOnceAnswer<Intent extends string>(intent: Intent, shown: ShownOnce) {
  return data({ intent, shown }, { headers: { "Cache-Control": "no-store" } });
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
