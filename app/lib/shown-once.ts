// A secret the shop keeps only as a hash (an API key, a webhook's signing secret, a staff
// invitation link) is shown once, in the answer to the form that made it: never in a URL, a
// cookie or the store. The answer names the form's intent, like a refusal (see ./form-reply).

export type ShownOnce = {
  /** What was made, and that the secret will not be shown again. */
  message: string;
  /** The secret's name, as the field that shows it is labelled. */
  label: string;
  secret: string;
};

/** The secret in the last answer, if it was the answer to the form sent with `intent`. */
export function shownOnceFor(answer: unknown, intent: string): ShownOnce | undefined {
  if (!answer || typeof answer !== "object") return undefined;
  const { intent: answered, shown } = answer as { intent?: unknown; shown?: ShownOnce };
  return answered === intent ? shown : undefined;
}
