import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AddressFields } from "~/components/forms/AddressFields";
import { FormErrors } from "~/components/forms/Field";
import { savedAddressSchema } from "~/lib/address-schema";

type Defaults = Partial<Record<"name" | "line1" | "line2" | "city" | "postalCode" | "country" | "phone", string>>;

/** Add or edit an address-book entry; posts intent=save to its own route. */
export function AddressForm({
  lastResult,
  defaultValue,
  submitLabel,
  showDefault,
  countries,
  homeCountry,
}: {
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Defaults;
  submitLabel: string;
  showDefault: boolean;
  /** The countries the shipping zones deliver to. */
  countries: ReadonlyArray<{ code: string; name: string }>;
  homeCountry: string;
}) {
  const [form, fields] = useForm({
    id: "address",
    lastResult,
    defaultValue: { country: homeCountry, ...defaultValue },
    constraint: getZodConstraint(savedAddressSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: savedAddressSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="save" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <AddressFields fields={fields} countries={countries} />
      {showDefault ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="makeDefault" />
          Make this my default delivery address
        </label>
      ) : null}
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}
