import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { csrfProblem } from "./csrf.server";
import { honeypotProblem } from "./honeypot.server";

/** An action's answer to a form that cannot be accepted: the form comes back with errors. */
export function formFailure(result: SubmissionResult<string[]>, status = 400) {
  return data({ result }, { status });
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
