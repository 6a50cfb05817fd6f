import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection } from "~/components/admin/AdminPage";
import { OrdersTable } from "~/components/admin/OrdersTable";
import { Pagination } from "~/components/catalog/Pagination";
import { formatCount, formatDate, formatDateTime } from "~/lib/admin-format";
import { orderRow } from "~/lib/admin-order-row";
import { spendNote } from "~/lib/revenue-wording";
import { isValidId } from "~/lib/route-params";
import { seo } from "~/lib/seo";
import { parsePage } from "~/server/http/admin-query.server";
import { notFound } from "~/server/http/not-found.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction<typeof loader> = (args) =>
  seo(args, {
    title: args.data ? `User ${args.data.profile.email}` : "User",
    description: "A user in the back office.",
    noindex: true,
  });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "customers.view");
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const user = isValidId(params.id) ? await context.shop.adminUsers.get(params.id, page.value) : null;
  if (!user) throw notFound(request);
  return data(
    {
      profile: user.profile,
      totals: user.totals,
      orders: user.orders.map(orderRow),
      page: user.page,
      pageCount: user.pageCount,
      problems: page.problems,
    },
    { status: page.problems.length ? 400 : 200 },
  );
}

export default function AdminUser() {
  const { profile, totals, orders, page, pageCount, problems } = useLoaderData<typeof loader>();
  const figures = [
    ["Role", profile.role === "admin" ? "Administrator" : "Customer"],
    ["Signed up", formatDate(profile.createdAt)],
    ["Orders", formatCount(totals.orders)],
    ["Spend", formatMoney(totals.spendMinor, BASE_CURRENCY)],
    ["Last order", totals.lastOrderAt ? formatDateTime(totals.lastOrderAt) : "—"],
  ];
  return (
    <AdminPage
      title={profile.displayName ?? profile.email}
      back={{ to: "/admin/users", label: "All users" }}
      problems={problems}
    >
      <p className="mt-2 text-sm text-stone-700">{profile.email}</p>
      <AdminSection id="profile-heading" title="Profile">
        <dl className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-lg border border-stone-200 p-4">
              <dt className="text-sm text-stone-600">{label}</dt>
              <dd className="mt-1 font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-stone-500">{spendNote()}</p>
      </AdminSection>
      <AdminSection id="orders-heading" title="Orders">
        <OrdersTable orders={orders} caption={`Orders of ${profile.email}, newest first`} empty="No orders yet." />
        <Pagination
          page={page}
          pageCount={pageCount}
          href={(p) => (p > 1 ? `/admin/users/${profile.uid}?page=${p}` : `/admin/users/${profile.uid}`)}
        />
      </AdminSection>
    </AdminPage>
  );
}
