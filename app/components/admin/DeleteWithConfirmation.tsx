import { Form, Link } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/**
 * Delete in two POSTs, so it works without JavaScript: "delete" asks, "confirm-delete" deletes.
 * The action answers the first with `confirmDelete`, which shows the question.
 */
export function DeleteWithConfirmation({
  confirming,
  question,
  confirmLabel,
  buttonLabel,
  cancelTo,
}: {
  confirming: boolean;
  question: string;
  confirmLabel: string;
  buttonLabel: string;
  cancelTo: string;
}) {
  if (confirming) {
    return (
      <Form method="post" className="mt-4 rounded-md border border-red-200 bg-red-50 p-4">
        <AuthenticityTokenInput />
        <p role="alert" className="text-sm text-red-900">
          {question}
        </p>
        <div className="mt-3 flex gap-3">
          <button
            type="submit"
            name="intent"
            value="confirm-delete"
            className="btn-primary bg-red-700 hover:bg-red-800"
          >
            {confirmLabel}
          </button>
          <Link to={cancelTo} className="btn-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    );
  }
  return (
    <Form method="post" className="mt-4">
      <AuthenticityTokenInput />
      <p className="text-sm text-stone-600">You will be asked to confirm.</p>
      <button type="submit" name="intent" value="delete" className="btn-secondary mt-3">
        {buttonLabel}
      </button>
    </Form>
  );
}
