import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { replyFor } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { formRowsOf, MAX_BANDS, MAX_METHODS, zoneFormSchema, zoneFromForm } from "~/lib/shipping-zone-form";
import { taxFormOf, taxRuleFromForm, type TaxFormValue } from "~/lib/tax-rule-form";
import { DEFAULT_TAX_RULE, TAX_RULE_KINDS, TAX_RULE_LABELS } from "~/domain/tax-rule";
import { WORLD_COUNTRIES } from "~/lib/world-countries";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { notFound } from "~/server/http/not-found.server";
import { requirePermission } from "~/server/http/permissions.server";

// One shipping zone (or a new one at /admin/shipping/new): its countries and delivery methods.
// Everything is one form that works without JavaScript: spare method and band rows are blank,
// and blank rows are not saved. Nothing is written unless the whole zone is valid.

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Shipping zone", description: "A zone's countries and delivery methods.", noindex: true });

const SPARE_BANDS = 2;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "shipping.manage");
  const { shipping } = context.shop;
  const zones = await shipping.zones();
  const zone = params.id === "new" ? null : (zones.find((z) => z.id === params.id) ?? null);
  if (params.id !== "new" && !zone) throw notFound(request);
  // Which other zone holds each country, so the owner sees where a country is before moving it.
  const heldBy = Object.fromEntries(
    zones.filter((z) => z.id !== zone?.id).flatMap((z) => z.countries.map((c) => [c, z.name] as const)),
  );
  return {
    zone: zone ? { id: zone.id, name: zone.name, countries: zone.countries, methods: formRowsOf(zone.methods) } : null,
    tax: taxFormOf(zone?.taxRule ?? DEFAULT_TAX_RULE),
    countries: WORLD_COUNTRIES.map((c) => ({ code: c.code, name: c.name, heldBy: heldBy[c.code] ?? null })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "shipping.manage");
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: zoneFormSchema });
  const problem = await formGuardProblem(formData, request);
  if (problem) return intentFailure("save", submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return intentFailure("save", submission.reply(), 400);
  const read = zoneFromForm(submission.value);
  const tax = taxRuleFromForm(submission.value);
  const problems = [...(read.ok ? [] : read.problems), ...(tax.ok ? [] : tax.problems)];
  if (!read.ok || !tax.ok) return intentFailure("save", submission.reply({ formErrors: problems }), 400);
  const id = params.id === "new" ? null : (params.id ?? null);
  const result = await context.shop.shipping.save({ ...read.zone, taxRule: tax.rule, id }, actor);
  if (result.kind === "not-found")
    return intentFailure("save", submission.reply({ formErrors: ["This zone was deleted meanwhile."] }), 404);
  if (result.kind === "invalid") return intentFailure("save", submission.reply({ formErrors: result.problems }), 400);
  return redirectWithFlash(
    "/admin/shipping",
    `Saved the zone ${result.zone.name}: checkout, the shipping page and the feed use it from now on.`,
  );
}

type Row = ReturnType<typeof formRowsOf>[number];

export default function AdminShippingZone() {
  const { zone, countries, tax } = useLoaderData<typeof loader>();
  const reply = replyFor(useActionData<typeof action>(), "save");
  // After a refusal the form shows what was sent; otherwise the zone as saved.
  const sent = reply?.initialValue as
    | ({ name?: string; countries?: string[] | string; methods?: Array<Partial<Row> | undefined> } & Partial<
        Record<keyof TaxFormValue, string>
      >)
    | undefined;
  const taxShown = sent ? { ...tax, ...sent, euRates: sent.euRates ?? "" } : tax;
  const name = sent ? (sent.name ?? "") : (zone?.name ?? "");
  const chosen = new Set(sent ? [sent.countries ?? []].flat() : (zone?.countries ?? []));
  const rows: Array<Partial<Row>> = (sent ? (sent.methods ?? []).map((m) => m ?? {}) : (zone?.methods ?? [])).slice(
    0,
    MAX_METHODS,
  );
  if (rows.length < MAX_METHODS) rows.push({});
  // The form's own messages and any field's, in one list above the form.
  const allErrors = Object.values(reply?.error ?? {}).flatMap((messages) => messages ?? []);
  const title = zone ? `Shipping zone: ${zone.name}` : "New shipping zone";
  return (
    <AdminPage title={title} back={{ to: "/admin/shipping", label: "Shipping" }}>
      <Form method="post" className="mt-6 space-y-8" aria-describedby={allErrors.length ? "zone-errors" : undefined}>
        <AuthenticityTokenInput />
        {allErrors.length ? (
          <div id="zone-errors" role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="font-medium">The zone was not saved:</p>
            <ul className="mt-1 list-disc pl-5">
              {allErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="max-w-md">
          <label htmlFor="zone-name" className="block text-sm font-medium">
            Zone name
          </label>
          <input id="zone-name" name="name" required maxLength={60} defaultValue={name} className="input mt-1 w-full" />
        </div>

        <fieldset>
          <legend className="text-lg font-semibold">Countries</legend>
          <p className="text-sm text-stone-600">
            A country can be in one zone only: take it out of its zone before adding it here.
          </p>
          <div className="mt-2 grid gap-1 rounded-md border border-stone-300 p-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {countries.map((c) => (
              <label key={c.code} className="flex items-center gap-2">
                <input type="checkbox" name="countries" value={c.code} defaultChecked={chosen.has(c.code)} />
                <span>
                  {c.name}
                  {c.heldBy ? <span className="text-stone-500"> (in {c.heldBy})</span> : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {rows.map((row, i) => (
          <MethodFields
            key={`${row.id ?? "new"}-${i}`}
            index={i}
            row={row}
            spare={!row.name && i === rows.length - 1}
          />
        ))}

        <TaxFields values={taxShown} />

        <button type="submit" className="btn-primary">
          Save zone
        </button>
      </Form>
    </AdminPage>
  );
}

function MethodFields({ index, row, spare }: { index: number; row: Partial<Row>; spare: boolean }) {
  const p = `methods[${index}]`;
  // Sent rows left blank come back as holes (null): they are blank rows again.
  const bands = (row.bands ?? []).slice(0, MAX_BANDS).map((b) => b ?? { from: "", price: "" });
  for (let n = 0; n < SPARE_BANDS && bands.length < MAX_BANDS; n++) bands.push({ from: "", price: "" });
  const label = spare ? "New delivery method" : `Delivery method ${index + 1}`;
  const id = (name: string) => `method-${index}-${name}`;
  return (
    <fieldset className="rounded-md border border-stone-300 p-4">
      <legend className="px-1 text-lg font-semibold">{label}</legend>
      {spare ? <p className="text-sm text-stone-600">Leave it blank to add no method.</p> : null}
      {row.id ? <input type="hidden" name={`${p}.id`} value={row.id} /> : null}
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={id("name")} className="block text-sm font-medium">
            {spare ? "New method's name" : `Method ${index + 1} name`}
          </label>
          <input
            id={id("name")}
            name={`${p}.name`}
            maxLength={80}
            defaultValue={row.name ?? ""}
            className="input mt-1 w-full"
          />
        </div>
        <div>
          <label htmlFor={id("estimate")} className="block text-sm font-medium">
            {spare ? "New method's delivery estimate" : `Method ${index + 1} delivery estimate`}
          </label>
          <input
            id={id("estimate")}
            name={`${p}.estimate`}
            maxLength={80}
            placeholder="2–4 working days"
            defaultValue={row.estimate ?? ""}
            className="input mt-1 w-full"
          />
        </div>
        <div>
          <label htmlFor={id("basis")} className="block text-sm font-medium">
            {spare ? "New method's price bands by" : `Method ${index + 1} price bands by`}
          </label>
          <select
            id={id("basis")}
            name={`${p}.basis`}
            defaultValue={row.basis ?? "value"}
            className="input mt-1 w-full"
          >
            <option value="value">Order value (euros)</option>
            <option value="weight">Weight (grams)</option>
          </select>
        </div>
        <div>
          <label htmlFor={id("free")} className="block text-sm font-medium">
            {spare ? "New method free from (euros, optional)" : `Method ${index + 1} free from (euros, optional)`}
          </label>
          <input
            id={id("free")}
            name={`${p}.freeFrom`}
            inputMode="decimal"
            defaultValue={row.freeFrom ?? ""}
            className="input mt-1 w-full"
          />
        </div>
      </div>
      <table className="mt-4 text-sm">
        <caption className="text-left font-medium">
          Price bands: each starts where it says and runs to the next (the first starts at 0)
        </caption>
        <thead>
          <tr>
            <th scope="col" className="pr-2 text-left">
              From (euros, or grams for weight)
            </th>
            <th scope="col" className="text-left">
              Price (euros)
            </th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band, b) => (
            <tr key={b}>
              <td className="pr-2">
                <input
                  name={`${p}.bands[${b}].from`}
                  aria-label={`${spare ? "New method" : `Method ${index + 1}`} band ${b + 1} from`}
                  inputMode="decimal"
                  defaultValue={band.from ?? ""}
                  className="input mt-1 w-32"
                />
              </td>
              <td>
                <input
                  name={`${p}.bands[${b}].price`}
                  aria-label={`${spare ? "New method" : `Method ${index + 1}`} band ${b + 1} price`}
                  inputMode="decimal"
                  defaultValue={band.price ?? ""}
                  className="input mt-1 w-32"
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!spare ? (
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input type="checkbox" name={`${p}.remove`} /> Remove this method
        </label>
      ) : null}
    </fieldset>
  );
}

/** The zone's tax rule (decision 0033): every field shows without JavaScript; only the chosen rule's are read. */
function TaxFields({ values }: { values: Partial<Record<keyof TaxFormValue, string>> }) {
  return (
    <fieldset className="rounded-md border border-stone-300 p-4">
      <legend className="px-1 text-lg font-semibold">Taxes</legend>
      <p className="text-sm text-stone-600">
        Prices include VAT and shoppers pay the same shop price everywhere: the rule decides how much of it is VAT.
      </p>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor="tax-rule" className="block text-sm font-medium">
            Tax rule
          </label>
          <select id="tax-rule" name="taxRule" defaultValue={values.taxRule ?? "eu-vat"} className="input mt-1 w-full">
            {TAX_RULE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {TAX_RULE_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <TaxInput
          name="euRates"
          label="EU VAT rate corrections (optional)"
          value={values.euRates}
          placeholder="FI 25.5, DE 19"
          help="A country not listed uses its standard rate."
        />
        <TaxInput name="ukRate" label="UK VAT rate (%)" value={values.ukRate} />
        <TaxInput name="ukThreshold" label="UK VAT collected up to (pounds of goods)" value={values.ukThreshold} />
        <TaxInput
          name="ukGbpRate"
          label="Pounds per euro for the threshold"
          value={values.ukGbpRate}
          help="Used when no market sells in pounds; otherwise that market's rate is used."
        />
      </div>
    </fieldset>
  );
}

/** One figure of a tax rule, with its label and, where it needs one, a line of help. */
function TaxInput({
  name,
  label,
  value,
  placeholder,
  help,
}: {
  name: keyof TaxFormValue;
  label: string;
  value: string | undefined;
  placeholder?: string;
  help?: string;
}) {
  const id = `tax-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        inputMode={name === "euRates" ? undefined : "decimal"}
        placeholder={placeholder}
        defaultValue={value ?? ""}
        aria-describedby={help ? `${id}-help` : undefined}
        className="input mt-1 w-full"
      />
      {help ? (
        <p id={`${id}-help`} className="mt-1 text-xs text-stone-600">
          {help}
        </p>
      ) : null}
    </div>
  );
}
