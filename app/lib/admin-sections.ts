// Every back-office page worth a card on the dashboard, with what it is for (the layout's
// navigation, components/admin/AdminNav.tsx, lists the top-level sections only).
export const ADMIN_SECTIONS = [
  { title: "Orders", text: "Fulfilment, payments, refunds.", path: "/admin/orders" },
  { title: "Returns", text: "Returns shoppers started: approve, receive, refund.", path: "/admin/returns" },
  { title: "Order analytics", text: "Orders by status and day, time to ship.", path: "/admin/orders/analytics" },
  { title: "Products", text: "Catalogue, stock by size and colour, images.", path: "/admin/products" },
  { title: "Categories", text: "The seven categories with counts and sales.", path: "/admin/categories" },
  { title: "Reviews", text: "Product reviews waiting for approval.", path: "/admin/reviews" },
  { title: "Users", text: "Customers and administrators.", path: "/admin/users" },
  { title: "User analytics", text: "Sign-ups and returning customers.", path: "/admin/users/analytics" },
  { title: "Analytics", text: "Sales, orders and customers over time.", path: "/admin/analytics" },
  { title: "Sales", text: "Revenue over time, by category, top products.", path: "/admin/analytics/sales" },
  {
    title: "Reports",
    text: "Stock to reorder, returns, promotions, repeat customers.",
    path: "/admin/reports",
  },
  { title: "Blog", text: "Posts, drafts and scheduling.", path: "/admin/blog" },
  { title: "Order e-mails", text: "Previews of what customers receive at each step.", path: "/admin/emails" },
  { title: "Audit log", text: "Every admin change: who, when, what.", path: "/admin/audit" },
] as const;
