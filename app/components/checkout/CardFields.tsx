import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Described, describedBy } from "~/components/forms/Field";

type Meta = FieldMetadata<string | undefined>;

/** The card fields' labels (the error summary links to the fields by them). */
export const CARD_LABELS = { cardNumber: "Card number", expiry: "Expiry (MM/YY)", cvc: "Security code (CVC)" };

/** One card input: numeric keyboard, the browser's card autofill, never refilled after a failed submit. */
function CardInput({
  meta,
  label,
  autoComplete,
  placeholder,
}: {
  meta: Meta;
  label: string;
  autoComplete: string;
  placeholder: string;
}) {
  return (
    <Described meta={meta} label={label}>
      <input
        {...getInputProps(meta, { type: "text", ariaAttributes: true })}
        key={meta.key}
        defaultValue=""
        required
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        aria-describedby={describedBy(meta, false)}
        className="input mt-1"
      />
    </Described>
  );
}

/** Card number, expiry and CVC for the built-in test processor. */
export function CardFields({
  number,
  expiry,
  cvc,
  processorLabel,
}: {
  number: Meta;
  expiry: Meta;
  cvc: Meta;
  processorLabel: string;
}) {
  return (
    <div className="space-y-4">
      <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900">
        {processorLabel}: pay with 4242 4242 4242 4242, any future expiry date and any CVC. 4000 0000 0000 0002 is
        declined.
      </p>
      <CardInput
        meta={number}
        label={CARD_LABELS.cardNumber}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
      />
      <div className="grid grid-cols-2 gap-4">
        <CardInput meta={expiry} label={CARD_LABELS.expiry} autoComplete="cc-exp" placeholder="MM/YY" />
        <CardInput meta={cvc} label={CARD_LABELS.cvc} autoComplete="cc-csc" placeholder="123" />
      </div>
    </div>
  );
}
