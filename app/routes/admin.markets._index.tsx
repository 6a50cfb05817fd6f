import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { TableHead } from "~/components/admin/TableHead";
import { ScrollBox } from "~/components/ScrollBox";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { ROUNDING_LABELS, convertFromBase, formatRate } from "~/domain/market";
import { firstError, replyFor } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { worldCountry } from "~/lib/world-countries";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Markets", description: "Countries, currencies and how their prices are set.", noindex: true });

/** The base price the list converts as an example, so the owner sees what a rate and a rounding make. */
const EXAMPLE_MINOR = 4995;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "markets.manage");
  const markets = await context.shop.markets.markets({ fresh: true });
  return {
    example: formatMoney(EXAMPLE_MINOR, BASE_CURRENCY),
    markets: markets.map((m) => ({
      id: m.id,
      name: m.name,
      isDefault: m.isDefault,
      countries: m.countries.map((c) => worldCountry(c).name).sort(),
      currency: m.currency,
      rate: `1 ${BASE_CURRENCY} = ${formatRate(m.rateMicros)} ${m.currency}`,
      rounding: ROUNDING_LABELS[m.rounding],
      example: formatMoney(convertFromBase(EXAMPLE_MINOR, m), m.currency),
    })),
  };
}

const deleteSchema = z.object({ marketId: z.string().max(64) });

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "markets.manage");
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: deleteSchema });
  const problem = await formGuardProblem(formData, request);
  if (problem) return intentFailure("delete", submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success")
    return intentFailure("delete", submission.reply({ formErrors: ["Choose a market to delete."] }), 400);
  const result = await context.shop.markets.remove(submission.value.marketId, actor);
  if (result.kind === "not-found")
    return intentFailure("delete", submission.reply({ formErrors: ["That market was already deleted."] }), 404);
  if (result.kind === "refused")
    return intentFailure("delete", submission.reply({ formErrors: [result.message] }), 409);
  return redirectWithFlash("/admin/markets", "Deleted the market: its countries now buy in the default market.");
}

export default function AdminMarkets() {
  const { markets, example } = useLoaderData<typeof loader>();
  const deleteError = firstError(replyFor(useActionData<typeof action>(), "delete"))?.message;
  return (
    <AdminPage
      title="Markets"
      actions={
        <Link to="/admin/markets/new" className="btn-primary">
          Add a market
        </Link>
      }
    >
      <p className="mt-4 max-w-prose text-sm text-stone-700">
        A market sells to its countries in its currency. Prices are the catalogue&apos;s euro prices converted at the
        market&apos;s rate and rounded up to its ending, unless a product has a price of its own there. Shoppers whose
        country is in no market, and those who have not chosen, see the default market. Placed orders keep the currency
        and rate they were placed with.
      </p>
      {deleteError ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {deleteError}
        </p>
      ) : null}
      <ScrollBox label="Markets" className="mt-6">
        <table className="w-full text-left text-sm">
          <TableHead
            columns={["Market", "Countries", "Currency", "Rate", "Rounding", `${example} becomes`, "Actions"]}
          />
          <tbody>
            {markets.map((market) => (
              <tr key={market.id} className="border-b border-stone-200 align-top">
                <td className="py-2 pr-4">
                  <Link to={`/admin/markets/${market.id}`} className="font-medium underline">
                    {market.name}
                  </Link>
                  {market.isDefault ? <span className="block text-xs text-stone-600">Default market</span> : null}
                </td>
                <td className="max-w-xs py-2 pr-4">
                  {market.countries.length} {market.countries.length === 1 ? "country" : "countries"}:{" "}
                  {market.countries.join(", ")}
                </td>
                <td className="py-2 pr-4">{market.currency}</td>
                <td className="py-2 pr-4">{market.rate}</td>
                <td className="py-2 pr-4">{market.rounding}</td>
                <td className="py-2 pr-4">{market.example}</td>
                <td className="py-2">
                  {market.isDefault ? null : (
                    <Form method="post">
                      <AuthenticityTokenInput />
                      <input type="hidden" name="marketId" value={market.id} />
                      <button type="submit" className="btn-secondary" aria-label={`Delete the market ${market.name}`}>
                        Delete
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </AdminPage>
  );
}
