import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

/** The discount code on the cart and at checkout: apply one, or remove the one applied. Posts to the page's own action. */
export function PromotionCodeForm({
  code,
  problem,
  error,
}: {
  /** The applied code, if any. */
  code: string | null;
  /** Why the applied code does not apply now (it stays until removed). */
  problem: string | null;
  /** The last apply's refusal (400). */
  error: string | null;
}) {
  return (
    <div className="mt-6 border-t border-stone-200 pt-4">
      {code ? (
        <Form method="post" className="flex items-center justify-between gap-3 text-sm">
          <AuthenticityTokenInput />
          <p>
            Discount code{" "}
            <span className="font-semibold" data-testid="applied-code">
              {code}
            </span>
          </p>
          <button type="submit" name="intent" value="remove-code" className="underline">
            Remove <span className="sr-only">discount code {code}</span>
          </button>
        </Form>
      ) : (
        <Form method="post" className="text-sm">
          <AuthenticityTokenInput />
          <label htmlFor="promotion-code" className="font-medium">
            Discount code
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="promotion-code"
              name="code"
              className="input w-full uppercase"
              autoComplete="off"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "promotion-code-error" : undefined}
            />
            <button type="submit" name="intent" value="apply-code" className="btn-secondary">
              Apply
            </button>
          </div>
        </Form>
      )}
      {error ? (
        <p id="promotion-code-error" role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {code && problem ? (
        <p role="note" className="mt-2 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
