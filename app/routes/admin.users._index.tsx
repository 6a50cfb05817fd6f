import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { Pagination } from "~/components/catalog/Pagination";
import { formatCount, formatDate } from "~/lib/admin-format";
import { seo } from "~/lib/seo";
import { parsePage, parseRole, parseSearch } from "~/server/http/admin-query.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Users", description: "Customers and administrators.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "customers.view");
  const params = new URL(request.url).searchParams;
  const role = parseRole(params.get("role"));
  const page = parsePage(params.get("page"));
  const q = parseSearch(params.get("q"));
  const problems = [...role.problems, ...page.problems];
  const { adminUsers } = context.shop;
  let result = await adminUsers.list({ query: q, role: role.value, page: page.value });
  if (result.users.length === 0 && result.total > 0) {
    problems.push(`There is no page ${page.value}; showing page ${result.pageCount}.`);
    result = await adminUsers.list({ query: q, role: role.value, page: result.pageCount });
  }
  const users = result.users.map(({ profile, totals }) => ({
    uid: profile.uid,
    email: profile.email,
    name: profile.displayName,
    role: profile.role,
    createdAt: profile.createdAt,
    orders: totals.orders,
    spendMinor: totals.spendMinor,
  }));
  return data(
    {
      users,
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
      filters: { q, role: role.value ?? "" },
      problems,
    },
    { status: problems.length ? 400 : 200 },
  );
}

export default function AdminUsers() {
  const { users, total, page, pageCount, filters, problems } = useLoaderData<typeof loader>();
  const href = (p: number) => {
    const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ""));
    if (p > 1) params.set("page", String(p));
    const query = params.toString();
    return query ? `/admin/users?${query}` : "/admin/users";
  };
  const filtered = filters.q !== "" || filters.role !== "";
  return (
    <AdminPage
      title="Users"
      problems={problems}
      actions={
        <Link to="/admin/users/analytics" className="btn-secondary">
          User analytics
        </Link>
      }
    >
      <Form method="get" role="search" aria-label="Find users" className="mt-6 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="user-search" className="block text-sm font-medium">
            E-mail starts with
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={100}
            className="input mt-1"
          />
        </div>
        <div>
          <label htmlFor="user-role" className="block text-sm font-medium">
            Role
          </label>
          <select id="user-role" name="role" defaultValue={filters.role} className="input mt-1">
            <option value="">Any role</option>
            <option value="user">Customer</option>
            <option value="admin">Administrator</option>
          </select>
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
        {filtered ? (
          <Link to="/admin/users" className="btn-secondary">
            Clear
          </Link>
        ) : null}
      </Form>

      <p className="mt-8 text-sm text-stone-600">
        {formatCount(total)} {total === 1 ? "user" : "users"}
        {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
      </p>
      {users.length === 0 ? (
        <p className="mt-3 text-stone-600">{filtered ? "No user matches." : "No users yet."}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Users, newest sign-up first</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-4">
                  E-mail
                </th>
                <th scope="col" className="py-2 pr-4">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4">
                  Role
                </th>
                <th scope="col" className="py-2 pr-4">
                  Signed up
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Orders
                </th>
                <th scope="col" className="py-2 text-right">
                  Spend
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.uid} className="border-b border-stone-200">
                  <td className="py-2 pr-4">
                    <Link to={`/admin/users/${u.uid}`} className="font-medium underline">
                      {u.email}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{u.name ?? "—"}</td>
                  <td className="py-2 pr-4">{u.role === "admin" ? "Administrator" : "Customer"}</td>
                  <td className="whitespace-nowrap py-2 pr-4">{formatDate(u.createdAt)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatCount(u.orders)}</td>
                  <td className="py-2 text-right tabular-nums">{formatMoney(u.spendMinor, BASE_CURRENCY)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} href={href} />
    </AdminPage>
  );
}
