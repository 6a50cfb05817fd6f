import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * One button acting on one row of a back-office table (revoke, remove, void…): a small form of its
 * own carrying the row's id, the intent and the CSRF token, so it works without JavaScript.
 * The label names the row for screen readers, as a table has many buttons of the same text.
 */
export function RowAction({
  idName,
  id,
  intent,
  label,
  className = "btn-secondary",
  children,
}: {
  idName: string;
  id: string;
  intent?: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <AuthenticityTokenInput />
      <input type="hidden" name={idName} value={id} />
      <button
        type="submit"
        name={intent ? "intent" : undefined}
        value={intent}
        className={className}
        aria-label={label}
      >
        {children}
      </button>
    </Form>
  );
}
