import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Described, describedBy } from "~/components/forms/Field";

/**
 * Card number, expiry and CVC for the built-in test processor. Plain inputs with the browser's
 * card autofill hints; the number is never sent back to the page after a failed submit.
 */
export function CardFields({
  number,
  expiry,
  cvc,
  processorLabel,
}: {
  number: FieldMetadata<string | undefined>;
  expiry: FieldMetadata<string | undefined>;
  cvc: FieldMetadata<string | undefined>;
  processorLabel: string;
}) {
  return (
    <div className="space-y-4">
      <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
        {processorLabel}: pay with 4242 4242 4242 4242, any future expiry date and any CVC. 4000 0000 0000 0002 is declined.
      </p>
      <Described meta={number} label="Card number">
        <input
          {...getInputProps(number, { type: "text", ariaAttributes: true })}
          key={number.key}
          defaultValue=""
          required
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          aria-describedby={describedBy(number, false)}
          className="input mt-1"
        />
      </Described>
      <div className="grid grid-cols-2 gap-4">
        <Described meta={expiry} label="Expiry (MM/YY)">
          <input
            {...getInputProps(expiry, { type: "text", ariaAttributes: true })}
            key={expiry.key}
            defaultValue=""
          required
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            aria-describedby={describedBy(expiry, false)}
            className="input mt-1"
          />
        </Described>
        <Described meta={cvc} label="Security code (CVC)">
          <input
            {...getInputProps(cvc, { type: "text", ariaAttributes: true })}
            key={cvc.key}
            defaultValue=""
          required
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            aria-describedby={describedBy(cvc, false)}
            className="input mt-1"
          />
        </Described>
      </div>
    </div>
  );
}
