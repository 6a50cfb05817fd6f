import type { Permission } from "~/domain/staff";

// Every back-office page worth a card on the dashboard, with what it is for (the layout's
// navigation, components/admin/AdminNav.tsx, lists the top-level sections only). Each shows only to staff whose role has its permission.
export const ADMIN_SECTIONS = [
  { title: "Orders", text: "Fulfilment, payments, refunds.", path: "/admin/orders", permission: "orders.view" },
  {
    title: "Returns",
    text: "Returns shoppers started: approve, receive, refund.",
    path: "/admin/returns",
    permission: "orders.view",
  },
  {
    title: "Order analytics",
    text: "Orders by status and day, time to ship.",
    path: "/admin/orders/analytics",
    permission: "analytics.view",
  },
  {
    title: "Products",
    text: "Catalogue, stock by size and colour, images.",
    path: "/admin/products",
    permission: "catalogue.view",
  },
  {
    title: "Categories",
    text: "The seven categories with counts and sales.",
    path: "/admin/categories",
    permission: "catalogue.view",
  },
  {
    title: "Shipping",
    text: "Shipping zones, delivery methods and prices.",
    path: "/admin/shipping",
    permission: "shipping.manage",
  },
  {
    title: "Reminders",
    text: "Abandoned-checkout e-mails, carts recovered, their revenue.",
    path: "/admin/reminders",
    permission: "reminders.manage",
  },
  {
    title: "Markets",
    text: "Countries, currencies and how their prices are set.",
    path: "/admin/markets",
    permission: "markets.manage",
  },
  {
    title: "Reviews",
    text: "Product reviews waiting for approval.",
    path: "/admin/reviews",
    permission: "reviews.moderate",
  },
  { title: "Users", text: "Customers and administrators.", path: "/admin/users", permission: "customers.view" },
  {
    title: "User analytics",
    text: "Sign-ups and returning customers.",
    path: "/admin/users/analytics",
    permission: "analytics.view",
  },
  {
    title: "Analytics",
    text: "Sales, orders and customers over time.",
    path: "/admin/analytics",
    permission: "analytics.view",
  },
  {
    title: "Sales",
    text: "Revenue over time, by category, top products.",
    path: "/admin/analytics/sales",
    permission: "analytics.view",
  },
  {
    title: "Reports",
    text: "Stock to reorder, returns, promotions, repeat customers.",
    path: "/admin/reports",
    permission: "analytics.view",
  },
  {
    title: "Gift cards",
    text: "Issue, top up and void cards; the balance still owed.",
    path: "/admin/gift-cards",
    permission: "giftCards.manage",
  },
  { title: "Blog", text: "Posts, drafts and scheduling.", path: "/admin/blog", permission: "blog.manage" },
  {
    title: "Order e-mails",
    text: "Previews of what customers receive at each step.",
    path: "/admin/emails",
    permission: "emails.view",
  },
  {
    title: "Staff",
    text: "Invite staff, change their roles, revoke access.",
    path: "/admin/staff",
    permission: "staff.manage",
  },
  { title: "Audit log", text: "Every admin change: who, when, what.", path: "/admin/audit", permission: "audit.view" },
  {
    title: "API keys",
    text: "Keys other systems use to call the admin API.",
    path: "/admin/api-keys",
    permission: "apiKeys.manage",
  },
  {
    title: "Webhooks",
    text: "Endpoints that receive the shop's events, and what was sent.",
    path: "/admin/webhooks",
    permission: "webhooks.manage",
  },
] as const satisfies ReadonlyArray<{ title: string; text: string; path: string; permission: Permission }>;
