import { NavLink } from "@remix-run/react";

// The back office's navigation, on every /admin page (rendered by the admin layout route).
export const ADMIN_SECTIONS = [
  { label: "Dashboard", to: "/admin", end: true },
  { label: "Products", to: "/admin/products", end: false },
  { label: "Categories", to: "/admin/categories", end: false },
  { label: "Orders", to: "/admin/orders", end: false },
  { label: "Returns", to: "/admin/returns", end: false },
  { label: "Reviews", to: "/admin/reviews", end: false },
  { label: "Promotions", to: "/admin/promotions", end: false },
  { label: "Users", to: "/admin/users", end: false },
  { label: "Analytics", to: "/admin/analytics", end: false },
  { label: "Blog", to: "/admin/blog", end: false },
  { label: "Audit log", to: "/admin/audit", end: false },
] as const;

export function AdminNav({ email }: { email: string }) {
  return (
    <nav aria-label="Back office" className="border-b border-stone-200 bg-stone-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 gap-y-2 px-4 py-2 text-sm">
        <ul className="flex flex-wrap gap-1">
          {ADMIN_SECTIONS.map((s) => (
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
