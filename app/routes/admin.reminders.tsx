import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { Field, FormErrors } from "~/components/forms/Field";
import { ScrollBox } from "~/components/ScrollBox";
import { formatDateTime } from "~/lib/admin-format";
import { replyFor } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Reminders", description: "Abandoned-checkout reminders.", noindex: true });

// Empty fields mean "off" and "none"; a number of hours, a code the shop has (checked on save).
const settingsSchema = z.object({
  secondAfterHours: z.coerce
    .number({ invalid_type_error: "Enter a number of hours, or leave it empty for no second reminder." })
    .int("Enter a whole number of hours.")
    .min(1, "The second reminder goes at least 1 hour after the first.")
    .max(720, "The second reminder goes at most 720 hours (30 days) after the first.")
    .optional(),
  promotionCode: z
    .string()
    .trim()
    .max(40, "Promotion codes are at most 40 characters.")
    .regex(/^[A-Za-z0-9_-]*$/, "Promotion codes have letters, digits, hyphens and underscores only.")
    .optional(),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reminders.manage");
  return context.shop.reminders.overview();
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "reminders.manage");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: settingsSchema });
  const problem = await formGuardProblem(formData, request);
  if (problem) return intentFailure("settings", submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return intentFailure("settings", submission.reply(), 400);
  const { secondAfterHours, promotionCode } = submission.value;
  const code = promotionCode ? promotionCode : null;
  if (code && !(await context.shop.promotions.activeCode(code)))
    return intentFailure(
      "settings",
      submission.reply({ fieldErrors: { promotionCode: [`No promotion with the code ${code} is on now.`] } }),
      400,
    );
  await context.shop.reminders.saveSettings({ secondAfterHours: secondAfterHours ?? null, promotionCode: code }, actor);
  return redirectWithFlash("/admin/reminders", "Saved the reminder settings.");
}

export default function AdminReminders() {
  const { counts, latest, settings, abandonedAfterHours } = useLoaderData<typeof loader>();
  const lastResult = replyFor(useActionData<typeof action>(), "settings");
  const [form, fields] = useForm({
    id: "reminder-settings",
    lastResult,
    constraint: getZodConstraint(settingsSchema),
    defaultValue: {
      secondAfterHours: settings.secondAfterHours === null ? "" : String(settings.secondAfterHours),
      promotionCode: settings.promotionCode ?? "",
    },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsSchema }),
  });
  const figures = [
    ["Checkouts recorded", String(counts.recorded)],
    ["Reminders sent", String(counts.remindersSent)],
    ["Carts recovered", String(counts.recovered)],
    ["Recovered revenue", formatMoney(counts.recoveredMinor, BASE_CURRENCY)],
  ];
  return (
    <AdminPage title="Reminders">
      <p className="text-sm text-stone-700">
        A shopper who gave an e-mail at checkout (signed in, or a guest who asked for it) and placed no order gets one
        e-mail {abandonedAfterHours} hours later with a link that puts the cart back.
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-stone-200 p-4">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold">{value}</dd>
          </div>
        ))}
      </dl>

      <AdminSection id="reminder-settings-section" title="Settings">
        <Form method="post" {...getFormProps(form)} className="max-w-md space-y-4">
          <AuthenticityTokenInput />
          <FormErrors id={form.errorId} errors={form.errors} />
          <Field
            meta={fields.secondAfterHours as FieldMetadata<string | undefined>}
            label="Second reminder after (hours)"
            type="number"
            hint="Hours after the first reminder. Leave empty for no second reminder."
          />
          <Field
            meta={fields.promotionCode}
            label="Promotion code in the e-mail"
            type="text"
            hint="A code of an active promotion, shown while it is on. Leave empty for none."
          />
          <button type="submit" className="btn-primary">
            Save settings
          </button>
        </Form>
      </AdminSection>

      <AdminSection id="latest-checkouts" title="Latest checkouts">
        {latest.length === 0 ? (
          <p className="text-sm text-stone-600">No checkout recorded yet.</p>
        ) : (
          <ScrollBox label="Latest checkouts">
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col">Last change</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Items</th>
                  <th scope="col">Reminders</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {latest.map((r) => (
                  <tr key={r.cartId} className="border-t border-stone-200">
                    <td>{formatDateTime(r.updatedAt)}</td>
                    <td>{r.email}</td>
                    <td>{r.lines.reduce((n, l) => n + l.quantity, 0)}</td>
                    <td>{r.remindersSent}</td>
                    <td>
                      {r.recovered
                        ? `Recovered: ${formatMoney(r.recovered.totalMinor, BASE_CURRENCY)}`
                        : r.convertedOrderId
                          ? "Ordered"
                          : r.optedOut
                            ? "Opted out"
                            : "Open"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </AdminSection>
    </AdminPage>
  );
}
