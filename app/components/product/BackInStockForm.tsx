import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { HoneypotFields } from "~/components/forms/HoneypotFields";

/**
 * "E-mail me when it is back": offered for the sold-out sizes × colours of a product. A plain
 * form on the product page (intent stock-alert); one e-mail when the chosen one is back.
 */
export function BackInStockForm({
  soldOut,
  email,
  failure,
}: {
  soldOut: Array<{ colour: string; size: string }>;
  email: string;
  failure: { error: string; email: string; variant: string } | null;
}) {
  if (soldOut.length === 0) return null;
  return (
    <section aria-labelledby="back-in-stock-heading" className="mt-8 rounded-md border border-stone-200 p-4">
      <h2 id="back-in-stock-heading" className="text-sm font-semibold">
        Sold out in your size?
      </h2>
      <Form method="post" className="mt-3 space-y-3" preventScrollReset>
        <AuthenticityTokenInput />
        <HoneypotFields />
        <input type="hidden" name="intent" value="stock-alert" />
        {failure ? (
          <p id="back-in-stock-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {failure.error}
          </p>
        ) : null}
        <div>
          <label htmlFor="back-in-stock-variant" className="block text-sm font-medium text-stone-800">
            Colour and size
          </label>
          <select id="back-in-stock-variant" name="variant" defaultValue={failure?.variant} className="input mt-1">
            {soldOut.map((v) => (
              <option key={`${v.colour}|${v.size}`} value={`${v.colour}|${v.size}`}>
                {v.colour}, {v.size}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="back-in-stock-email" className="block text-sm font-medium text-stone-800">
            Your e-mail
          </label>
          <input
            id="back-in-stock-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            defaultValue={failure?.email ?? email}
            aria-describedby={failure ? "back-in-stock-error" : undefined}
            className="input mt-1"
          />
        </div>
        <button type="submit" className="btn-secondary">
          E-mail me when it is back
        </button>
      </Form>
    </section>
  );
}
