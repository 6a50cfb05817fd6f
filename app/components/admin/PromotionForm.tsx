import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Described, Field, FormErrors, invalidFields, describedBy } from "~/components/forms/Field";
import { BASE_CURRENCY, currencySymbol } from "~/domain/money";
import { CATEGORIES } from "~/lib/categories";
import { promotionSchema } from "~/lib/promotion-schema";

// Amounts are typed in the shop's base currency, whose sign the labels show.
const SIGN = currencySymbol(BASE_CURRENCY);

const LABELS = {
  name: "Name",
  code: "Code",
  kind: "Kind",
  percentOff: "Percentage off",
  amountOff: `Amount off (${SIGN})`,
  minimumSubtotal: `Minimum subtotal (${SIGN})`,
  productIds: "Product ids",
  startsAt: "Starts at (UTC)",
  endsAt: "Ends at (UTC)",
  usageLimit: "Usage limit",
  perCustomerLimit: "Limit per customer",
};

export interface PromotionFormDefaults {
  name?: string;
  code?: string;
  kind?: string;
  percentOff?: string;
  amountOff?: string;
  minimumSubtotal?: string;
  categories?: string[];
  productIds?: string;
  startsAt?: string;
  endsAt?: string;
  usageLimit?: string;
  perCustomerLimit?: string;
  combinable?: string;
}

/** The back office's promotion editor (new and edit). */
export function PromotionForm({
  defaults,
  lastResult,
  submitLabel,
}: {
  defaults: PromotionFormDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
}) {
  const [form, fields] = useForm<PromotionFormDefaults, PromotionFormDefaults>({
    id: "promotion",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(promotionSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The typed value is the server's business; the form only needs the errors.
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: promotionSchema }) as unknown as Submission<PromotionFormDefaults>,
  });
  const chosen = new Set(defaults.categories ?? []);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <AuthenticityTokenInput />
      <FormErrors id={form.errorId} errors={form.errors} fields={invalidFields(form, LABELS)} />
      <Field meta={fields.name} label={LABELS.name} type="text" />
      <Field
        meta={fields.code}
        label={LABELS.code}
        type="text"
        hint="What shoppers type, in any case. Leave empty for an automatic promotion."
      />
      <Described meta={fields.kind} label={LABELS.kind}>
        <select
          {...getSelectProps(fields.kind)}
          // A select whose first option is a real choice always has a value: HTML forbids "required" on it.
          required={false}
          key={fields.kind.key}
          aria-describedby={describedBy(fields.kind, false)}
          className="input mt-1"
        >
          <option value="percentage">Percentage off</option>
          <option value="fixed">Amount off</option>
          <option value="free_delivery">Free standard delivery</option>
        </select>
      </Described>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.percentOff} label={LABELS.percentOff} type="number" hint="For percentage off: 1 to 100." />
        <Field meta={fields.amountOff} label={LABELS.amountOff} type="text" hint="For amount off, like 10.00." />
      </div>
      <Field
        meta={fields.minimumSubtotal}
        label={LABELS.minimumSubtotal}
        type="text"
        hint="Of the items it applies to. Optional."
      />
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Categories (none ticked: every category)</legend>
        <div className="mt-1 flex flex-wrap gap-4 text-sm">
          {CATEGORIES.map((c) => (
            <label key={c.id} className="flex items-center gap-2">
              <input type="checkbox" name={fields.categories.name} value={c.id} defaultChecked={chosen.has(c.id)} />
              {c.name}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        meta={fields.productIds}
        label={LABELS.productIds}
        type="text"
        hint="Comma-separated; with categories, a line applies when either matches. Optional."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Described meta={fields.startsAt} label={LABELS.startsAt} hint="Optional, like 2026-12-01T09:00.">
          <input
            {...getInputProps(fields.startsAt, { type: "datetime-local", ariaAttributes: true })}
            key={fields.startsAt.key}
            aria-describedby={describedBy(fields.startsAt, true)}
            className="input mt-1"
          />
        </Described>
        <Described meta={fields.endsAt} label={LABELS.endsAt} hint="Optional.">
          <input
            {...getInputProps(fields.endsAt, { type: "datetime-local", ariaAttributes: true })}
            key={fields.endsAt.key}
            aria-describedby={describedBy(fields.endsAt, true)}
            className="input mt-1"
          />
        </Described>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.usageLimit} label={LABELS.usageLimit} type="number" hint="Orders in all. Optional." />
        <Field
          meta={fields.perCustomerLimit}
          label={LABELS.perCustomerLimit}
          type="number"
          hint="Orders per account, or per e-mail for guests. Optional."
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name={fields.combinable.name} defaultChecked={defaults.combinable === "on"} />
        Combines with other promotions (one code plus automatic promotions)
      </label>
      <button type="submit" className="btn-primary">
        {submitLabel}
      </button>
    </Form>
  );
}
