import type { SubmissionResult } from "@conform-to/react";

// Every form an action refuses comes back as conform's reply (`submission.reply()`), with its status.
// On a page with several forms the answer also names the form's intent, set by the server from the
// handler that ran, so each form shows only its own reply, and a page tells them apart by one key
// instead of by which properties an answer happens to have.

export type FormReply = SubmissionResult<string[]>;

/** The reply to the form sent with `intent`, if the last answer was that form's. */
export function replyFor(answer: unknown, intent: string): FormReply | undefined {
  if (!answer || typeof answer !== "object") return undefined;
  const { intent: answered, result } = answer as { intent?: unknown; result?: FormReply };
  return answered === intent ? result : undefined;
}

/** The reply in an answer that may also be a success's data (a fetcher's in-place answer). */
export function resultOf(answer: unknown): FormReply | undefined {
  if (!answer || typeof answer !== "object") return undefined;
  return (answer as { result?: FormReply }).result;
}

/** The first message of a reply and the field it belongs to ("" for the whole form), for forms that show one message. */
export function firstError(result: FormReply | undefined): { field: string; message: string } | null {
  for (const [field, messages] of Object.entries(result?.error ?? {})) {
    if (messages?.[0]) return { field, message: messages[0] };
  }
  return null;
}

/** A value the form sent, as the reply kept it: to put it back in the form, or to find the row it was about. */
export function sentValue(result: FormReply | undefined, name: string): string | undefined {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

/** The message for one field of a reply, if any. */
export function fieldError(result: FormReply | undefined, name: string): string | undefined {
  return result?.error?.[name]?.[0];
}

/** The values a list field (checkboxes) sent, as the reply kept them. */
export function sentValues(result: FormReply | undefined, name: string): string[] | undefined {
  const value = result?.initialValue?.[name];
  if (value === undefined) return result ? [] : undefined;
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
}
