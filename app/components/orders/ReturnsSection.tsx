import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { OrderLine } from "~/domain/commerce";
import { RETURN_REASON_MAX, RETURN_STATUS_LABELS } from "~/domain/return";
import type { ReturnRequest } from "~/domain/return-record";
import { FormErrors } from "~/components/forms/Field";

/** The shopper's returns on the order page: each return's status, and the form while the returns window is open. */
export function ReturnsSection({
  lines,
  returns,
  returnable,
  canStart,
  windowDays,
  errors,
}: {
  lines: OrderLine[];
  returns: ReturnRequest[];
  /** Units of each line (same order as `lines`) that may still be returned. */
  returnable: number[];
  canStart: boolean;
  windowDays: number;
  errors?: string[];
}) {
  if (returns.length === 0 && !canStart) return null;
  return (
    <section aria-labelledby="returns-heading">
      <h2 id="returns-heading" className="mb-3 text-lg font-semibold">
        Returns
      </h2>
      {returns.length > 0 ? (
        <ul className="mb-4 grid gap-2 text-sm">
          {returns.map((r) => (
            <li key={r.id}>
              <span className="font-semibold">{r.number}</span>: {RETURN_STATUS_LABELS[r.status]}
              {r.message ? ` — ${r.message}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {canStart && returnable.some((n) => n > 0) ? (
        <Form method="post" className="grid gap-3 text-sm" aria-describedby="return-errors">
          <AuthenticityTokenInput />
          <input type="hidden" name="intent" value="return" />
          <p>You can return items within {windowDays} days of delivery. Choose what you are sending back.</p>
          <FormErrors id="return-errors" errors={errors} />
          {lines.map((l, i) =>
            returnable[i] > 0 ? (
              <div key={l.sku} className="flex items-center gap-3">
                <label htmlFor={`return-qty-${i}`} className="min-w-48">
                  {l.name} ({l.colour}, {l.size}), up to {returnable[i]}
                </label>
                <input
                  id={`return-qty-${i}`}
                  name={`quantity-${i}`}
                  type="number"
                  min={0}
                  max={returnable[i]}
                  defaultValue={0}
                  className="input w-20"
                />
              </div>
            ) : null,
          )}
          <label htmlFor="return-reason" className="font-medium">
            Why are you returning them?
          </label>
          <textarea
            id="return-reason"
            name="reason"
            rows={2}
            required
            maxLength={RETURN_REASON_MAX}
            className="input"
          />
          <button type="submit" className="btn-secondary justify-self-start">
            Start a return
          </button>
        </Form>
      ) : null}
    </section>
  );
}
