import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Described, Field } from "~/components/forms/Field";
import { SHIPPING_COUNTRIES } from "~/lib/countries";

type AddressField = "name" | "line1" | "line2" | "postalCode" | "city" | "country" | "phone";

/**
 * The delivery address fields, the same at checkout and in the address book. Checkout passes the
 * countries its shipping zones deliver to; a country in no zone is not in the list. `billingOnly`:
 * the name and country of a purchase that is e-mailed (gift cards), nothing to post.
 */
export function AddressFields({
  fields,
  countries = SHIPPING_COUNTRIES,
  billingOnly = false,
}: {
  fields: Record<AddressField, FieldMetadata<string | undefined>>;
  countries?: ReadonlyArray<{ code: string; name: string }>;
  billingOnly?: boolean;
}) {
  const part = billingOnly ? "billing" : "shipping";
  const country = (
    <Described meta={fields.country} label="Country">
      {/* Not `required`: a list without an empty choice always has a value (HTML forbids the pair). */}
      <select
        {...getSelectProps(fields.country)}
        required={false}
        key={fields.country.key}
        autoComplete={`${part} country`}
        className="input mt-1"
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </Described>
  );
  if (billingOnly)
    return (
      <>
        <Field meta={fields.name} label="Full name" type="text" autoComplete="billing name" />
        {country}
      </>
    );
  return (
    <>
      <Field meta={fields.name} label="Full name" type="text" autoComplete="shipping name" />
      <Field meta={fields.line1} label="Street address" type="text" autoComplete="shipping address-line1" />
      <Field
        meta={fields.line2}
        label="Apartment, floor (optional)"
        type="text"
        autoComplete="shipping address-line2"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.postalCode} label="Postcode" type="text" autoComplete="shipping postal-code" />
        <Field meta={fields.city} label="Town or city" type="text" autoComplete="shipping address-level2" />
      </div>
      {country}
      <Field
        meta={fields.phone}
        label="Phone (optional)"
        type="tel"
        autoComplete="shipping tel"
        hint="Only for the courier, if they cannot find you."
      />
    </>
  );
}
