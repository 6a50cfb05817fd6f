/// <reference types="vite/client" />
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, ROLE_PERMISSIONS, type BackOfficeRole, type Permission } from "~/domain/staff";
import {
  createRouteHarness,
  HARNESS_STAFF_ROLES,
  statusOf,
  type Handler,
  type RouteHarness,
  type Who,
} from "../support/route-harness";

// Every admin loader and action, called directly with a Request, as every kind of visitor:
// signed out -> redirect to /auth/login?redirectTo=<the page>; a shopper -> 403; the owner and
// each staff role -> served when the permission table (app/domain/staff.ts) gives the role the
// row's permission, else 403. Every loader and action of every admin route file needs a row in
// ROWS naming its permission (the first test below reads app/routes, so a new admin route without
// one fails the suite), and an action with several forms has a row per form that needs its own.

interface Row {
  route: string;
  kind: "loader" | "action";
  /** What the handler needs: the roles whose permissions include it are served, the others get 403. */
  permission: Permission;
  /** A role's status where it is not the row's (a support member's refund over their limit). */
  statusFor?: Partial<Record<BackOfficeRole, number>>;
  /** The page's path (params already filled in). */
  path: (ids: Ids) => string;
  params?: (ids: Ids) => Record<string, string>;
  module: () => Promise<{ loader?: Handler; action?: Handler }>;
  /** The form a member posts (actions), CSRF token added by the test; `who` for values that must differ per poster. */
  form?: (ids: Ids, who: Who) => Record<string, string | File>;
  /** The status a member with the permission gets; 200 when absent. */
  adminStatus?: number;
}

interface Ids {
  productId: string;
  postId: string;
  orderId: string;
  userId: string;
  promotionId: string;
}

const ROWS: Row[] = [
  {
    route: "admin (layout)",
    kind: "loader",
    permission: "dashboard.view",
    path: () => "/admin",
    module: () => import("~/routes/admin"),
  },
  {
    route: "admin._index",
    kind: "loader",
    permission: "dashboard.view",
    path: () => "/admin",
    module: () => import("~/routes/admin._index"),
  },
  {
    route: "admin.products._index",
    kind: "loader",
    permission: "catalogue.view",
    path: () => "/admin/products?q=shirt",
    module: () => import("~/routes/admin.products._index"),
  },
  {
    route: "admin.products.new",
    kind: "loader",
    permission: "catalogue.manage",
    path: () => "/admin/products/new",
    module: () => import("~/routes/admin.products.new/route"),
  },
  {
    route: "admin.products.new",
    kind: "action",
    permission: "catalogue.manage",
    path: () => "/admin/products/new",
    module: () => import("~/routes/admin.products.new/route"),
    // A list button (conform's insert intent): the editor comes back with a new colour row, nothing saved.
    form: () => ({ __intent__: JSON.stringify({ type: "insert", payload: { name: "colours" } }), name: "Draft" }),
  },
  {
    route: "admin.products.new (bad price)",
    kind: "action",
    permission: "catalogue.manage",
    path: () => "/admin/products/new",
    module: () => import("~/routes/admin.products.new/route"),
    form: () => ({
      intent: "save",
      name: "X",
      description: "Y",
      category: "jeans",
      price: "-1",
      status: "draft",
      "colours.name.0": "Blue",
      "colours.hex.0": "#0000ff",
      "sizes.0": "30",
    }),
    adminStatus: 400,
  },
  {
    route: "admin.products.$id.edit",
    kind: "loader",
    permission: "catalogue.view",
    path: (ids) => `/admin/products/${ids.productId}/edit`,
    params: (ids) => ({ id: ids.productId }),
    module: () => import("~/routes/admin.products.$id.edit"),
  },
  {
    route: "admin.products.$id.edit",
    kind: "action",
    permission: "catalogue.manage",
    path: (ids) => `/admin/products/${ids.productId}/edit`,
    params: (ids) => ({ id: ids.productId }),
    module: () => import("~/routes/admin.products.$id.edit"),
    form: () => ({ intent: "delete" }),
  },
  {
    route: "admin.products.categories",
    kind: "loader",
    permission: "catalogue.view",
    path: () => "/admin/products/categories",
    module: () => import("~/routes/admin.products.categories"),
  },
  {
    route: "admin.categories",
    kind: "loader",
    permission: "catalogue.view",
    path: () => "/admin/categories?days=90",
    module: () => import("~/routes/admin.categories/route"),
  },
  {
    route: "admin.products.export[.]csv",
    kind: "loader",
    permission: "catalogue.view",
    path: () => "/admin/products/export.csv?status=active",
    module: () => import("~/routes/admin.products.export[.]csv"),
  },
  {
    route: "admin.products.import",
    kind: "loader",
    permission: "catalogue.manage",
    path: () => "/admin/products/import",
    module: () => import("~/routes/admin.products.import"),
  },
  {
    route: "admin.products.import",
    kind: "action",
    permission: "catalogue.manage",
    path: () => "/admin/products/import",
    module: () => import("~/routes/admin.products.import"),
    form: () => ({ intent: "upload", file: new File(["slug\n"], "bad.csv", { type: "text/csv" }) }),
    adminStatus: 400,
  },
  {
    route: "admin.emails",
    kind: "loader",
    permission: "emails.view",
    path: () => "/admin/emails?kind=payment_failed",
    module: () => import("~/routes/admin.emails"),
  },
  {
    route: "admin.audit",
    kind: "loader",
    permission: "audit.view",
    path: () => "/admin/audit?entityType=product",
    module: () => import("~/routes/admin.audit"),
  },
  {
    route: "admin.orders._index",
    kind: "loader",
    permission: "orders.view",
    path: () => "/admin/orders?status=paid",
    module: () => import("~/routes/admin.orders._index"),
  },
  {
    route: "admin.orders._index (bad filters)",
    kind: "loader",
    permission: "orders.view",
    path: () => "/admin/orders?status=lost&page=abc",
    module: () => import("~/routes/admin.orders._index"),
    adminStatus: 400,
  },
  {
    route: "admin.orders.$id",
    kind: "loader",
    permission: "orders.view",
    path: (ids) => `/admin/orders/${ids.orderId}`,
    params: (ids) => ({ id: ids.orderId }),
    module: () => import("~/routes/admin.orders.$id"),
  },
  {
    route: "admin.orders.$id",
    kind: "action",
    permission: "orders.note",
    path: (ids) => `/admin/orders/${ids.orderId}`,
    params: (ids) => ({ id: ids.orderId }),
    module: () => import("~/routes/admin.orders.$id"),
    form: () => ({ intent: "note", note: "Matrix note" }),
    adminStatus: 303,
  },
  {
    route: "admin.orders.$id (ship without tracking)",
    kind: "action",
    permission: "orders.fulfil",
    path: (ids) => `/admin/orders/${ids.orderId}`,
    params: (ids) => ({ id: ids.orderId }),
    module: () => import("~/routes/admin.orders.$id"),
    form: () => ({ intent: "status", to: "shipped" }),
    adminStatus: 400,
  },
  {
    route: "admin.orders.$id (unknown status)",
    kind: "action",
    permission: "orders.fulfil",
    path: (ids) => `/admin/orders/${ids.orderId}`,
    params: (ids) => ({ id: ids.orderId }),
    module: () => import("~/routes/admin.orders.$id"),
    form: () => ({ intent: "status", to: "lost" }),
    adminStatus: 400,
  },
  {
    route: "admin.orders.$id (refund within the support limit)",
    kind: "action",
    permission: "orders.refund",
    path: (ids) => `/admin/orders/${ids.orderId}`,
    params: (ids) => ({ id: ids.orderId }),
    module: () => import("~/routes/admin.orders.$id"),
    form: () => ({ intent: "refund", amount: "1.00", reason: "Matrix refund" }),
    adminStatus: 303,
  },
  {
    route: "admin.orders.$id (refund over the support limit)",
    kind: "action",
    permission: "orders.refund",
    path: (ids) => `/admin/orders/${ids.orderId}`,
    params: (ids) => ({ id: ids.orderId }),
    module: () => import("~/routes/admin.orders.$id"),
    form: () => ({ intent: "refund", amount: "10.01", reason: "Matrix refund" }),
    adminStatus: 303,
    statusFor: { support: 403 },
  },
  {
    route: "admin.orders.analytics",
    kind: "loader",
    permission: "analytics.view",
    path: () => "/admin/orders/analytics",
    module: () => import("~/routes/admin.orders.analytics"),
  },
  {
    route: "admin.returns",
    kind: "loader",
    permission: "orders.view",
    path: () => "/admin/returns",
    module: () => import("~/routes/admin.returns"),
  },
  {
    route: "admin.reviews",
    kind: "loader",
    permission: "reviews.moderate",
    path: () => "/admin/reviews?status=approved",
    module: () => import("~/routes/admin.reviews"),
  },
  {
    route: "admin.reviews (bad status)",
    kind: "loader",
    permission: "reviews.moderate",
    path: () => "/admin/reviews?status=lost",
    module: () => import("~/routes/admin.reviews"),
    adminStatus: 400,
  },
  {
    route: "admin.reviews",
    kind: "action",
    permission: "reviews.moderate",
    path: () => "/admin/reviews",
    module: () => import("~/routes/admin.reviews"),
    form: () => ({ intent: "approve", reviewId: "no-such-review" }),
    adminStatus: 404,
  },
  {
    route: "admin.users._index",
    kind: "loader",
    permission: "customers.view",
    path: () => "/admin/users?role=user",
    module: () => import("~/routes/admin.users._index"),
  },
  {
    route: "admin.users.$id",
    kind: "loader",
    permission: "customers.view",
    path: (ids) => `/admin/users/${ids.userId}`,
    params: (ids) => ({ id: ids.userId }),
    module: () => import("~/routes/admin.users.$id"),
  },
  {
    route: "admin.users.analytics",
    kind: "loader",
    permission: "analytics.view",
    path: () => "/admin/users/analytics?by=month",
    module: () => import("~/routes/admin.users.analytics"),
  },
  {
    route: "admin.analytics._index",
    kind: "loader",
    permission: "analytics.view",
    path: () => "/admin/analytics",
    module: () => import("~/routes/admin.analytics._index"),
  },
  {
    route: "admin.analytics.sales",
    kind: "loader",
    permission: "analytics.view",
    path: () => "/admin/analytics/sales?by=day",
    module: () => import("~/routes/admin.analytics.sales"),
  },
  {
    route: "admin.reports",
    kind: "loader",
    permission: "analytics.view",
    path: () => "/admin/reports",
    module: () => import("~/routes/admin.reports"),
  },
  {
    route: "admin.reports.reorder[.]csv",
    kind: "loader",
    permission: "analytics.view",
    path: () => "/admin/reports/reorder.csv",
    module: () => import("~/routes/admin.reports.reorder[.]csv"),
  },
  {
    route: "admin.analytics.sales (bad dates)",
    kind: "loader",
    permission: "analytics.view",
    path: () => "/admin/analytics/sales?from=2026-02-30",
    module: () => import("~/routes/admin.analytics.sales"),
    adminStatus: 400,
  },
  {
    route: "admin.staff",
    kind: "loader",
    permission: "staff.manage",
    path: () => "/admin/staff",
    module: () => import("~/routes/admin.staff"),
  },
  {
    route: "admin.staff",
    kind: "action",
    permission: "staff.manage",
    path: () => "/admin/staff",
    module: () => import("~/routes/admin.staff"),
    form: (_ids, who) => ({ intent: "invite", email: `matrix-${who}@example.com`, role: "content" }),
  },
  {
    route: "admin.staff (support without a refund limit)",
    kind: "action",
    permission: "staff.manage",
    path: () => "/admin/staff",
    module: () => import("~/routes/admin.staff"),
    form: () => ({ intent: "invite", email: "matrix-support@example.com", role: "support", refundLimit: "" }),
    adminStatus: 400,
  },
  // The spec leaves /test-stripe's guard open; it runs payments, so it is admin-only.
  {
    route: "test-stripe",
    kind: "loader",
    permission: "payments.test",
    path: () => "/test-stripe",
    module: () => import("~/routes/test-stripe"),
  },
  {
    route: "test-stripe",
    kind: "action",
    permission: "payments.test",
    path: () => "/test-stripe",
    module: () => import("~/routes/test-stripe"),
    form: () => ({ card: "4000000000000002", amount: "100" }),
    adminStatus: 303,
  },
  {
    route: "test-stripe (unknown card)",
    kind: "action",
    permission: "payments.test",
    path: () => "/test-stripe",
    module: () => import("~/routes/test-stripe"),
    form: () => ({ card: "1234", amount: "100" }),
    adminStatus: 400,
  },
  {
    route: "admin.blog._index",
    kind: "loader",
    permission: "blog.manage",
    path: () => "/admin/blog",
    module: () => import("~/routes/admin.blog._index"),
  },
  {
    route: "admin.blog.new",
    kind: "loader",
    permission: "blog.manage",
    path: () => "/admin/blog/new",
    module: () => import("~/routes/admin.blog.new/route"),
  },
  {
    route: "admin.blog.new (no title)",
    kind: "action",
    permission: "blog.manage",
    path: () => "/admin/blog/new",
    module: () => import("~/routes/admin.blog.new/route"),
    form: () => ({ intent: "save", title: "", body: "" }),
    adminStatus: 400,
  },
  {
    route: "admin.blog.$id.edit",
    kind: "loader",
    permission: "blog.manage",
    path: (ids) => `/admin/blog/${ids.postId}/edit`,
    params: (ids) => ({ id: ids.postId }),
    module: () => import("~/routes/admin.blog.$id.edit"),
  },
  {
    route: "admin.blog.$id.edit",
    kind: "action",
    permission: "blog.manage",
    path: (ids) => `/admin/blog/${ids.postId}/edit`,
    params: (ids) => ({ id: ids.postId }),
    module: () => import("~/routes/admin.blog.$id.edit"),
    form: () => ({ intent: "delete" }),
  },
  {
    route: "admin.gift-cards",
    kind: "loader",
    permission: "giftCards.manage",
    path: () => "/admin/gift-cards",
    module: () => import("~/routes/admin.gift-cards"),
  },
  {
    route: "admin.gift-cards",
    kind: "action",
    permission: "giftCards.manage",
    path: () => "/admin/gift-cards",
    module: () => import("~/routes/admin.gift-cards"),
    form: () => ({ intent: "void", cardId: "no-such-card" }),
    adminStatus: 404,
  },
  {
    route: "admin.api-keys",
    kind: "loader",
    permission: "apiKeys.manage",
    path: () => "/admin/api-keys",
    module: () => import("~/routes/admin.api-keys"),
  },
  {
    route: "admin.api-keys",
    kind: "action",
    permission: "apiKeys.manage",
    path: () => "/admin/api-keys",
    module: () => import("~/routes/admin.api-keys"),
    form: () => ({ intent: "revoke", keyId: "no-such-key" }),
    adminStatus: 400,
  },
  {
    route: "admin.webhooks._index",
    kind: "loader",
    permission: "webhooks.manage",
    path: () => "/admin/webhooks",
    module: () => import("~/routes/admin.webhooks._index"),
  },
  {
    route: "admin.webhooks._index",
    kind: "action",
    permission: "webhooks.manage",
    path: () => "/admin/webhooks",
    module: () => import("~/routes/admin.webhooks._index"),
    form: () => ({ intent: "remove", endpointId: "no-such-endpoint" }),
    adminStatus: 400,
  },
  {
    route: "admin.webhooks.$id",
    kind: "loader",
    permission: "webhooks.manage",
    path: () => "/admin/webhooks/no-such-endpoint",
    params: () => ({ id: "no-such-endpoint" }),
    module: () => import("~/routes/admin.webhooks.$id"),
    adminStatus: 404,
  },
  {
    route: "admin.webhooks.$id",
    kind: "action",
    permission: "webhooks.manage",
    path: () => "/admin/webhooks/no-such-endpoint",
    params: () => ({ id: "no-such-endpoint" }),
    module: () => import("~/routes/admin.webhooks.$id"),
    form: () => ({ intent: "resend", deliveryId: "no-such-delivery" }),
    adminStatus: 400,
  },
  {
    route: "admin.reminders",
    kind: "loader",
    permission: "reminders.manage",
    path: () => "/admin/reminders",
    module: () => import("~/routes/admin.reminders"),
  },
  {
    route: "admin.reminders",
    kind: "action",
    permission: "reminders.manage",
    path: () => "/admin/reminders",
    module: () => import("~/routes/admin.reminders"),
    form: () => ({ secondAfterHours: "abc" }),
    adminStatus: 400,
  },
  {
    route: "admin.shipping._index",
    kind: "loader",
    permission: "shipping.manage",
    path: () => "/admin/shipping",
    module: () => import("~/routes/admin.shipping._index"),
  },
  {
    route: "admin.shipping._index",
    kind: "action",
    permission: "shipping.manage",
    path: () => "/admin/shipping",
    module: () => import("~/routes/admin.shipping._index"),
    form: () => ({ zoneId: "no-such-zone" }),
    adminStatus: 404,
  },
  {
    route: "admin.shipping.$id",
    kind: "loader",
    permission: "shipping.manage",
    path: () => "/admin/shipping/new",
    params: () => ({ id: "new" }),
    module: () => import("~/routes/admin.shipping.$id"),
  },
  {
    route: "admin.shipping.$id",
    kind: "action",
    permission: "shipping.manage",
    path: () => "/admin/shipping/new",
    params: () => ({ id: "new" }),
    module: () => import("~/routes/admin.shipping.$id"),
    // A zone without countries or methods: refused, nothing written.
    form: () => ({ name: "Nowhere" }),
    adminStatus: 400,
  },
  {
    route: "admin.markets._index",
    kind: "loader",
    permission: "markets.manage",
    path: () => "/admin/markets",
    module: () => import("~/routes/admin.markets._index"),
  },
  {
    route: "admin.markets._index",
    kind: "action",
    permission: "markets.manage",
    path: () => "/admin/markets",
    module: () => import("~/routes/admin.markets._index"),
    form: () => ({ marketId: "no-such-market" }),
    adminStatus: 404,
  },
  {
    route: "admin.markets.$id",
    kind: "loader",
    permission: "markets.manage",
    path: () => "/admin/markets/new",
    params: () => ({ id: "new" }),
    module: () => import("~/routes/admin.markets.$id"),
  },
  {
    route: "admin.markets.$id",
    kind: "action",
    permission: "markets.manage",
    path: () => "/admin/markets/new",
    params: () => ({ id: "new" }),
    module: () => import("~/routes/admin.markets.$id"),
    // A market without countries: refused, nothing written.
    form: () => ({ name: "Nowhere", currency: "GBP", rate: "0.86", rounding: "99" }),
    adminStatus: 400,
  },
  {
    route: "admin.promotions._index",
    kind: "loader",
    permission: "promotions.manage",
    path: () => "/admin/promotions",
    module: () => import("~/routes/admin.promotions._index"),
  },
  {
    route: "admin.promotions.new",
    kind: "loader",
    permission: "promotions.manage",
    path: () => "/admin/promotions/new",
    module: () => import("~/routes/admin.promotions.new/route"),
  },
  {
    route: "admin.promotions.new",
    kind: "action",
    permission: "promotions.manage",
    path: () => "/admin/promotions/new",
    module: () => import("~/routes/admin.promotions.new/route"),
    // A code of its own per poster: the second create of one code would be refused as taken.
    form: (_ids, who) => ({
      name: "Matrix ten",
      code: `MATRIX${ALL_WHO.indexOf(who)}`,
      kind: "percentage",
      percentOff: "10",
      combinable: "on",
    }),
    adminStatus: 303,
  },
  {
    route: "admin.promotions.new (no percentage)",
    kind: "action",
    permission: "promotions.manage",
    path: () => "/admin/promotions/new",
    module: () => import("~/routes/admin.promotions.new/route"),
    form: () => ({ name: "Broken", kind: "percentage" }),
    adminStatus: 400,
  },
  {
    route: "admin.promotions.$id.edit",
    kind: "loader",
    permission: "promotions.manage",
    path: (ids) => `/admin/promotions/${ids.promotionId}/edit`,
    params: (ids) => ({ id: ids.promotionId }),
    module: () => import("~/routes/admin.promotions.$id.edit"),
  },
  {
    route: "admin.promotions.$id.edit",
    kind: "action",
    permission: "promotions.manage",
    path: (ids) => `/admin/promotions/${ids.promotionId}/edit`,
    params: (ids) => ({ id: ids.promotionId }),
    module: () => import("~/routes/admin.promotions.$id.edit"),
    form: () => ({ name: "Matrix free delivery", kind: "free_delivery" }),
    adminStatus: 303,
  },
];

/** The owner (the harness's ADMIN_EMAILS account) and every staff role. */
const BACK_OFFICE: BackOfficeRole[] = ["owner", ...HARNESS_STAFF_ROLES];
const whoOf = (role: BackOfficeRole): Who => (role === "owner" ? "admin" : role);
const ALL_WHO: Who[] = ["signed-out", "shopper", "admin", ...HARNESS_STAFF_ROLES];

// The back office (admin, admin.*) and the admin-only payment tester, as Remix names their routes.
const ADMIN_ROUTE_FILES = import.meta.glob<{ loader?: Handler; action?: Handler }>([
  "/app/routes/admin.{ts,tsx}",
  "/app/routes/admin.*.{ts,tsx}",
  "/app/routes/admin.*/route.{ts,tsx}",
  "/app/routes/test-stripe.{ts,tsx}",
]);

describe("admin authorisation matrix", () => {
  it("has a row for every loader and action of every admin route file", async () => {
    const missing: string[] = [];
    const files = Object.entries(ADMIN_ROUTE_FILES);
    expect(files.length).toBeGreaterThan(20);
    for (const [file, load] of files) {
      const route = file.replace(/^\/app\/routes\//, "").replace(/(\/route)?\.tsx?$/, "");
      const mod = await load();
      for (const kind of ["loader", "action"] as const) {
        const covered = ROWS.some(
          (row) =>
            row.kind === kind && row.route.replace(/ \(.*\)$/, "").replace(/^admin \(layout\)$/, "admin") === route,
        );
        if (mod[kind] && !covered) missing.push(`${kind} of ${route}`);
      }
    }
    expect(missing, "admin routes without a row in ROWS").toEqual([]);
  });

  it("gives every role a row it is served and a row it is refused, and the owner-only permissions to the owner alone", () => {
    for (const role of BACK_OFFICE.filter((r) => r !== "owner")) {
      expect(
        ROWS.some((row) => can(role, row.permission)),
        `${role} is served somewhere`,
      ).toBe(true);
      expect(
        ROWS.some((row) => !can(role, row.permission)),
        `${role} is refused somewhere`,
      ).toBe(true);
      for (const ownerOnly of ["staff.manage", "apiKeys.manage", "webhooks.manage"] as const)
        expect(ROLE_PERMISSIONS[role]).not.toContain(ownerOnly);
    }
  });

  let harness: RouteHarness;
  const ids: Ids = { productId: "", postId: "", orderId: "", userId: "", promotionId: "" };

  beforeAll(async () => {
    harness = await createRouteHarness();
    const { makeProduct } = await import("../support/product-factory");
    ids.productId = (
      await harness.ctx.backend.store.products.save(makeProduct({ id: "matrix-product", name: "Matrix shirt" }))
    ).id;
    const post = await harness.ctx.blog.save({ title: "Matrix post", body: "Text.", status: "draft", cover: null });
    if (!post.success) throw new Error("post setup failed");
    ids.postId = post.post.id;
    const { makeOrder } = await import("../support/order-factory");
    const { orderLineFor } = await import("~/server/services/checkout/order-line");
    const product = (await harness.ctx.backend.store.products.get(ids.productId))!;
    const customer = await harness.ctx.backend.store.profiles.createIfMissing({
      uid: "matrix-customer",
      email: "matrix@example.com",
      role: "user",
      displayName: "Matrix Customer",
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
    });
    ids.userId = customer.uid;
    const order = makeOrder([orderLineFor(product, product.variants[0].size, product.variants[0].colour, 2)], {
      status: "paid",
      userId: customer.uid,
      email: customer.email,
    });
    await harness.ctx.backend.store.orders.insertMany([order]);
    ids.orderId = order.id;
    const { makePromotion } = await import("../support/promotion-factory");
    const promotion = makePromotion({ code: "MATRIXEDIT" });
    await harness.ctx.backend.store.promotions.save(promotion);
    ids.promotionId = promotion.id;
  });

  afterAll(async () => {
    await harness.close();
  });

  const request = (row: Row, who: Who) =>
    harness.request(row.path(ids), who, row.kind === "action" ? (row.form?.(ids, who) ?? {}) : undefined);
  const run = (handler: Handler, req: Request, params: Record<string, string>) => harness.run(handler, req, params);

  describe.each(ROWS)("$kind of $route", (row) => {
    const handlerOf = async () => {
      const mod = await row.module();
      const handler = row.kind === "loader" ? mod.loader : mod.action;
      if (!handler) throw new Error(`${row.route} has no ${row.kind}`);
      return handler;
    };

    it("sends a signed-out visitor to sign in, with the way back", async () => {
      const outcome = await run(await handlerOf(), request(row, "signed-out"), row.params?.(ids) ?? {});
      expect(outcome).toBeInstanceOf(Response);
      const response = outcome as Response;
      expect(response.status).toBe(302);
      const path = row.path(ids);
      expect(response.headers.get("Location")).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`);
    });

    it("refuses a shopper with 403", async () => {
      const outcome = await run(await handlerOf(), request(row, "shopper"), row.params?.(ids) ?? {});
      expect(statusOf(outcome)).toBe(403);
    });

    it.each(BACK_OFFICE)("serves %s only with the permission", async (role) => {
      const outcome = await run(await handlerOf(), request(row, whoOf(role)), row.params?.(ids) ?? {});
      const expected = row.statusFor?.[role] ?? (can(role, row.permission) ? (row.adminStatus ?? 200) : 403);
      expect(statusOf(outcome)).toBe(expected);
      if (outcome instanceof Response && outcome.status >= 300 && outcome.status < 400) {
        expect(outcome.headers.get("Location")).not.toMatch(/^\/auth\/login/);
      }
    });
  });
});
