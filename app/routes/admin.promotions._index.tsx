import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { Link, useLoaderData } from "@remix-run/react";
import { seo } from "~/lib/seo";
import { ScrollBox } from "~/components/ScrollBox";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Promotions", description: "Discount codes and automatic promotions.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "promotions.manage");
  return { promotions: await context.shop.promotions.list(), now: new Date().toISOString() };
}

const kindText = (p: { kind: string; percentOff: number | null; amountOffMinor: number | null }) =>
  p.kind === "percentage"
    ? `${p.percentOff}% off`
    : p.kind === "fixed"
      ? `${formatMoney(p.amountOffMinor ?? 0, BASE_CURRENCY)} off`
      : "Free standard delivery";

export default function Promotions() {
  const { promotions, now } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">Promotions</h1>
        <Link to="/admin/promotions/new" className="btn-primary">
          New promotion
        </Link>
      </div>
      {promotions.length === 0 ? (
        <p className="mt-6 text-stone-700">No promotions yet.</p>
      ) : (
        // Long names and codes make the table wider than a phone: it scrolls inside its box, not the page.
        <ScrollBox label="Promotions" className="mt-6">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2">
                  Name
                </th>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Used</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {promotions.map((p) => (
                <tr key={p.id} className="border-b border-stone-200">
                  <td className="py-2">
                    <Link to={`/admin/promotions/${p.id}/edit`} className="font-medium underline">
                      {p.name}
                    </Link>
                  </td>
                  <td>{p.code ?? "Automatic"}</td>
                  <td>{kindText(p)}</td>
                  <td>
                    {p.used}
                    {p.usageLimit !== null ? ` of ${p.usageLimit}` : ""}
                  </td>
                  <td>
                    {p.endsAt && p.endsAt <= now
                      ? "Ended"
                      : p.startsAt && p.startsAt > now
                        ? "Scheduled"
                        : p.usageLimit !== null && p.used >= p.usageLimit
                          ? "Used up"
                          : "Active"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </div>
  );
}
