import { isCategoryId, type CategoryId } from "./categories";

// The back office's product list query: search, filters, sort and page, read from the URL so
// every view is a plain link (and the CSV export takes the same filters).

export const ADMIN_PAGE_SIZE = 50;

export const ADMIN_SORTS = [
  { value: "updated", label: "Recently changed" },
  { value: "name", label: "Name A–Z" },
  { value: "price-asc", label: "Price, low to high" },
  { value: "price-desc", label: "Price, high to low" },
  { value: "stock-asc", label: "Stock, fewest first" },
  { value: "stock-desc", label: "Stock, most first" },
] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number]["value"];

export const STOCK_FILTERS = [
  { value: "in", label: "In stock" },
  { value: "low", label: "Low stock (a size/colour with 1–3 left)" },
  { value: "out", label: "Out of stock" },
] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number]["value"];

export type AdminStatusFilter = "draft" | "active" | "archived";

export interface AdminProductQuery {
  q: string;
  category: CategoryId | null;
  status: AdminStatusFilter | null;
  stock: StockFilter | null;
  sort: AdminSort;
  page: number;
}

const oneOf = <T extends string>(values: readonly { value: T }[], raw: string | null): T | null =>
  values.find((v) => v.value === raw)?.value ?? null;

/** Unknown values are ignored rather than refused: an old bookmark still shows a list. */
export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const category = params.get("category");
  const status = params.get("status");
  const page = Number(params.get("page"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    category: isCategoryId(category) ? category : null,
    status: status === "draft" || status === "active" || status === "archived" ? status : null,
    stock: oneOf(STOCK_FILTERS, params.get("stock")),
    sort: oneOf(ADMIN_SORTS, params.get("sort")) ?? "updated",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** The query as URL parameters, leaving out defaults; `page` 1 is dropped. */
export function adminProductSearch(query: Partial<AdminProductQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.category) params.set("category", query.category);
  if (query.status) params.set("status", query.status);
  if (query.stock) params.set("stock", query.stock);
  if (query.sort && query.sort !== "updated") params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
