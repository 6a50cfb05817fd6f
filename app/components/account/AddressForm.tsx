import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Described, Field, FormErrors } from "~/components/forms/Field";
import { savedAddressSchema } from "~/lib/address-schema";
import { SHIPPING_COUNTRIES } from "~/lib/countries";

type Defaults = Partial<Record<"name" | "line1" | "line2" | "city" | "postalCode" | "country" | "phone", string>>;

/** Add or edit an address-book entry; posts intent=save to its own route. */
export function AddressForm({ lastResult, defaultValue, submitLabel, showDefault }: { lastResult?: SubmissionResult<string[]>; defaultValue?: Defaults; submitLabel: string; showDefault: boolean }) {
  const [form, fields] = useForm({
    id: "address",
    lastResult,
    defaultValue: { country: "IE", ...defaultValue },
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
      <Field meta={fields.name} label="Full name" type="text" autoComplete="shipping name" />
      <Field meta={fields.line1} label="Street address" type="text" autoComplete="shipping address-line1" />
      <Field meta={fields.line2} label="Apartment, floor (optional)" type="text" autoComplete="shipping address-line2" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.postalCode} label="Postcode" type="text" autoComplete="shipping postal-code" />
        <Field meta={fields.city} label="Town or city" type="text" autoComplete="shipping address-level2" />
      </div>
      <Described meta={fields.country} label="Country">
        <select {...getSelectProps(fields.country)} required={false} key={fields.country.key} autoComplete="shipping country" className="input mt-1">
          {SHIPPING_COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </Described>
      <Field meta={fields.phone} label="Phone (optional)" type="tel" autoComplete="shipping tel" hint="Only for the courier, if they cannot find you." />
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
