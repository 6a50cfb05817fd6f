import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { RowAction } from "~/components/admin/RowAction";
import { TableHead } from "~/components/admin/TableHead";
import { taxRuleSummary } from "~/domain/tax-rule";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { AdminPage } from "~/components/admin/AdminPage";
import { ScrollBox } from "~/components/ScrollBox";
import { firstError, replyFor } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { worldCountry } from "~/lib/world-countries";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Shipping", description: "Shipping zones, delivery methods and prices.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "shipping.manage");
  const { shipping } = context.shop;
  const zones = await shipping.zones();
  return {
    homeCountry: worldCountry(shipping.homeCountry).name,
    zones: zones.map((z) => ({
      id: z.id,
      name: z.name,
      countries: z.countries.map((c) => worldCountry(c).name).sort(),
      taxes: taxRuleSummary(z.taxRule),
      methods: z.methods.map((m) => ({
        name: m.name,
        estimate: m.estimate,
        from: Math.min(...m.bands.map((b) => b.priceMinor)),
        banded: m.bands.length > 1 ? (m.basis === "weight" ? "by weight" : "by order value") : null,
        freeFromMinor: m.freeFromMinor,
      })),
    })),
  };
}

const deleteSchema = z.object({ zoneId: z.string().max(64) });

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "shipping.manage");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: deleteSchema });
  const problem = await formGuardProblem(formData, request);
  if (problem) return intentFailure("delete", submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success")
    return intentFailure("delete", submission.reply({ formErrors: ["Choose a zone to delete."] }), 400);
  const result = await context.shop.shipping.remove(submission.value.zoneId, actor);
  if (result.kind === "not-found")
    return intentFailure("delete", submission.reply({ formErrors: ["That zone was already deleted."] }), 404);
  if (result.kind === "refused")
    return intentFailure("delete", submission.reply({ formErrors: [result.message] }), 409);
  return redirectWithFlash("/admin/shipping", "Deleted the zone: its countries are no longer offered at checkout.");
}

export default function AdminShipping() {
  const { zones, homeCountry } = useLoaderData<typeof loader>();
  const deleteError = firstError(replyFor(useActionData<typeof action>(), "delete"))?.message;
  return (
    <AdminPage
      title="Shipping"
      actions={
        <Link to="/admin/shipping/new" className="btn-primary">
          Add a zone
        </Link>
      }
    >
      <p className="mt-4 max-w-prose text-sm text-stone-700">
        Checkout offers the delivery methods of the zone that holds the delivery address&apos;s country; a country in no
        zone cannot be chosen. The shipping page, the footer and the product feed state these prices. The footer&apos;s
        figures are those of {homeCountry}&apos;s zone (FEED_COUNTRY). Placed orders keep the price they were placed
        with.
      </p>
      {deleteError ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {deleteError}
        </p>
      ) : null}
      <ScrollBox label="Shipping zones" className="mt-6">
        <table className="w-full text-left text-sm">
          <TableHead
            columns={["Zone", "Countries", "Delivery methods", "Taxes", { label: "Actions", visuallyHidden: true }]}
          />
          <tbody>
            {zones.map((zone) => (
              <tr key={zone.id} className="border-b border-stone-200 align-top">
                <td className="py-2">
                  <Link to={`/admin/shipping/${zone.id}`} className="font-medium underline">
                    {zone.name}
                  </Link>
                </td>
                <td className="max-w-xs py-2">
                  {zone.countries.length} {zone.countries.length === 1 ? "country" : "countries"}:{" "}
                  {zone.countries.join(", ")}
                </td>
                <td className="py-2">
                  <ul>
                    {zone.methods.map((m) => (
                      <li key={m.name}>
                        {m.name}
                        {m.estimate ? ` (${m.estimate})` : ""}:{" "}
                        {m.banded
                          ? `from ${formatMoney(m.from, BASE_CURRENCY)} ${m.banded}`
                          : formatMoney(m.from, BASE_CURRENCY)}
                        {m.freeFromMinor !== null ? `, free from ${formatMoney(m.freeFromMinor, BASE_CURRENCY)}` : ""}
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="max-w-xs py-2">{zone.taxes}</td>
                <td className="py-2">
                  <RowAction idName="zoneId" id={zone.id} label={`Delete the zone ${zone.name}`}>
                    Delete
                  </RowAction>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </AdminPage>
  );
}
