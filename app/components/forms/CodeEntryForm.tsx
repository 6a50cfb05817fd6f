import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * A code a shopper types to get something off their order (a discount code, a gift card): one form to
 * apply it, or, once applied, one to remove it. Both post to the page's own action with an intent, so
 * they work without JavaScript; the refusal of the last apply is shown under the field.
 */
export function CodeEntryForm({
  field,
  label,
  applyIntent,
  removeIntent,
  applyHint,
  placeholder,
  error,
  applied,
  className = "mt-6 border-t border-stone-200 pt-4",
}: {
  /** The input's id (its error's id derives from it) and the name the action reads. */
  field: { id: string; name: string };
  label: string;
  applyIntent: string;
  removeIntent: string;
  /** Read after "Apply" by screen readers where two such forms share a page. */
  applyHint?: string;
  placeholder?: string;
  error: string | null;
  applied: {
    /** What is applied, e.g. "Discount code SUMMER". */
    summary: ReactNode;
    /** Read after "Remove" by screen readers. */
    what: string;
    /** Shown under the summary: what it pays, or why it does not apply now. */
    details?: ReactNode;
    testId?: string;
  } | null;
  className?: string;
}) {
  const errorId = `${field.id}-error`;
  return (
    <div className={className}>
      {applied ? (
        <Form method="post" className="text-sm" data-testid={applied.testId}>
          <AuthenticityTokenInput />
          <div className="flex items-center justify-between gap-3">
            <p>{applied.summary}</p>
            <button type="submit" name="intent" value={removeIntent} className="underline">
              Remove <span className="sr-only">{applied.what}</span>
            </button>
          </div>
          {applied.details}
        </Form>
      ) : (
        <Form method="post" className="text-sm">
          <AuthenticityTokenInput />
          <label htmlFor={field.id} className="font-medium">
            {label}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={field.id}
              name={field.name}
              className="input w-full uppercase"
              autoComplete="off"
              placeholder={placeholder}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <button type="submit" name="intent" value={applyIntent} className="btn-secondary">
              Apply{applyHint ? <span className="sr-only"> {applyHint}</span> : null}
            </button>
          </div>
        </Form>
      )}
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
