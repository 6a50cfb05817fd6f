import { NavLink } from "@remix-run/react";
import type { Permission } from "~/domain/staff";

// The back office's navigation, on every /admin page (rendered by the admin layout route): only
// the sections the member's role may open (the pages check the same permissions themselves).
export const ADMIN_SECTIONS = [
  { label: "Dashboard", to: "/admin", end: true, permission: "dashboard.view" },
  { label: "Products", to: "/admin/products", end: false, permission: "catalogue.view" },
  { label: "Categories", to: "/admin/categories", end: false, permission: "catalogue.view" },
  { label: "Orders", to: "/admin/orders", end: false, permission: "orders.view" },
  { label: "Returns", to: "/admin/returns", end: false, permission: "orders.view" },
  { label: "Reviews", to: "/admin/reviews", end: false, permission: "reviews.moderate" },
  { label: "Promotions", to: "/admin/promotions", end: false, permission: "promotions.manage" },
  { label: "Shipping", to: "/admin/shipping", end: false, permission: "shipping.manage" },
  { label: "Markets", to: "/admin/markets", end: false, permission: "markets.manage" },
  { label: "Gift cards", to: "/admin/gift-cards", end: false, permission: "giftCards.manage" },
  { label: "Reminders", to: "/admin/reminders", end: false, permission: "reminders.manage" },
  { label: "Users", to: "/admin/users", end: false, permission: "customers.view" },
  { label: "Analytics", to: "/admin/analytics", end: false, permission: "analytics.view" },
  { label: "Blog", to: "/admin/blog", end: false, permission: "blog.manage" },
  { label: "Staff", to: "/admin/staff", end: false, permission: "staff.manage" },
  { label: "API keys", to: "/admin/api-keys", end: false, permission: "apiKeys.manage" },
  { label: "Webhooks", to: "/admin/webhooks", end: false, permission: "webhooks.manage" },
  { label: "Audit log", to: "/admin/audit", end: false, permission: "audit.view" },
] as const satisfies ReadonlyArray<{ label: string; to: string; end: boolean; permission: Permission }>;

export function AdminNav({ email, permissions }: { email: string; permissions: readonly Permission[] }) {
  return (
    <nav aria-label="Back office" className="border-b border-stone-200 bg-stone-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 gap-y-2 px-4 py-2 text-sm">
        <ul className="flex flex-wrap gap-1">
          {ADMIN_SECTIONS.filter((s) => permissions.includes(s.permission)).map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={s.end}
                prefetch="intent"
                className={({ isActive }) =>
                  `block rounded px-3 py-1.5 ${isActive ? "bg-stone-900 font-medium text-white" : "text-stone-700 hover:bg-stone-200"}`
                }
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="ml-auto text-xs text-stone-500">Signed in as {email}</p>
      </div>
    </nav>
  );
}
