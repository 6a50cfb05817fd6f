import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/catalog/Pagination";
import { ADMIN_SORTS, adminProductSearch, parseAdminProductQuery, STOCK_FILTERS } from "~/lib/admin-product-query";
import { CATEGORIES, getCategory } from "~/lib/categories";
import { PRODUCT_STATUSES } from "~/lib/product-form";
import { seo } from "~/lib/seo";
import { allows, requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Products", description: "Every product in the catalogue.", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requirePermission(request, context, "catalogue.view");
  const url = new URL(request.url);
  const query = parseAdminProductQuery(url.searchParams);
  const result = await context.shop.adminCatalog.list(query);
  // Creating and importing are catalogue.manage's; a content editor sees only the export.
  return { query, result, mayManage: allows(staff, "catalogue.manage") };
}

const STATUS_LABEL = { draft: "Draft", active: "Active", archived: "Archived" } as const;

export default function AdminProducts() {
  const { query, result, mayManage } = useLoaderData<typeof loader>();
  const { page: _page, ...filters } = query;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-semibold tracking-tight">Products</h1>
        <div className="flex flex-wrap gap-2">
          {mayManage ? (
            <Link to="/admin/products/import" className="btn-secondary">
              Import CSV
            </Link>
          ) : null}
          <a href={`/admin/products/export.csv${adminProductSearch(filters)}`} className="btn-secondary" download>
            Export CSV
          </a>
          {mayManage ? (
            <Link to="/admin/products/new" className="btn-primary">
              New product
            </Link>
          ) : null}
        </div>
      </div>

      <Form
        method="get"
        role="search"
        aria-label="Filter products"
        className="mt-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-6"
      >
        <div className="sm:col-span-3 lg:col-span-2">
          <label htmlFor="product-search" className="block text-sm font-medium">
            Search
          </label>
          <input
            id="product-search"
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder="Name, slug or SKU"
            className="input mt-1"
          />
        </div>
        <div>
          <label htmlFor="filter-category" className="block text-sm font-medium">
            Category
          </label>
          <select id="filter-category" name="category" defaultValue={query.category ?? ""} className="input mt-1">
            <option value="">All</option>
            {CATEGORIES.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-status" className="block text-sm font-medium">
            Status
          </label>
          <select id="filter-status" name="status" defaultValue={query.status ?? ""} className="input mt-1">
            <option value="">All</option>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s.value} value={s.value}>
                {STATUS_LABEL[s.value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-stock" className="block text-sm font-medium">
            Stock
          </label>
          <select id="filter-stock" name="stock" defaultValue={query.stock ?? ""} className="input mt-1">
            <option value="">All</option>
            {STOCK_FILTERS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-sort" className="block text-sm font-medium">
            Sort
          </label>
          <select id="filter-sort" name="sort" defaultValue={query.sort} className="input mt-1">
            {ADMIN_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2 sm:col-span-3 lg:col-span-6">
          <button type="submit" className="btn-primary">
            Apply
          </button>
          <Link to="/admin/products" className="btn-secondary">
            Clear
          </Link>
        </div>
      </Form>

      <p className="mt-6 text-sm text-stone-600" role="status">
        {result.total.toLocaleString("en")} {result.total === 1 ? "product" : "products"}
        {result.pageCount > 1 ? `, page ${result.page} of ${result.pageCount}` : ""}
      </p>
      {result.items.length === 0 ? (
        <p className="mt-4 text-stone-600">No product matches these filters.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Products</caption>
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2 pr-4">
                  Product
                </th>
                <th scope="col" className="py-2 pr-4">
                  Category
                </th>
                <th scope="col" className="py-2 pr-4">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Price
                </th>
                <th scope="col" className="py-2 pr-4 text-right">
                  Stock
                </th>
              </tr>
            </thead>
            <tbody>
              {result.items.map((p) => (
                <tr key={p.id} className="border-b border-stone-200">
                  <td className="py-2 pr-4">
                    <span className="flex items-center gap-3">
                      {p.image ? (
                        <img
                          src={p.image.url}
                          alt=""
                          width={40}
                          height={50}
                          loading="lazy"
                          className="h-12 w-10 rounded bg-stone-100 object-cover"
                        />
                      ) : (
                        <span className="h-12 w-10 rounded bg-stone-100" />
                      )}
                      <span>
                        <Link to={`/admin/products/${p.id}/edit`} className="font-medium underline">
                          {p.name}
                        </Link>
                        <span className="block text-xs text-stone-500">{p.slug}</span>
                      </span>
                    </span>
                  </td>
                  <td className="py-2 pr-4">{getCategory(p.category)?.name ?? p.category}</td>
                  <td className="py-2 pr-4">
                    {STATUS_LABEL[p.status]}
                    {p.featured ? " · featured" : ""}
                  </td>
                  <td className="py-2 pr-4 text-right">
                    {formatMoney(p.priceMinor, BASE_CURRENCY)}
                    {p.compareAtMinor ? (
                      <span className="block text-xs text-stone-500 line-through">
                        {formatMoney(p.compareAtMinor, BASE_CURRENCY)}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2 pr-4 text-right">
                    {p.units === 0 ? (
                      <span className="font-medium text-red-700">Out of stock</span>
                    ) : (
                      `${p.units.toLocaleString("en")} units`
                    )}
                    {p.lowCells > 0 ? <span className="block text-xs text-amber-700">{p.lowCells} low</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={result.page}
        pageCount={result.pageCount}
        href={(page) => `/admin/products${adminProductSearch({ ...filters, page })}`}
      />
    </div>
  );
}
