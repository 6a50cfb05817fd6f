import { ORDER_STATUSES, type OrderStatus } from "~/domain/commerce";
import { apiRoute } from "~/server/api/api-route.server";
import { readPage } from "~/server/api/cursor.server";
import { ApiProblem } from "~/server/api/problem.server";
import { orderJson } from "~/server/api/representations.server";

// GET /api/v1/orders[?status=…]: newest first, with lines, status history and refunds.
const api = apiRoute({
  GET: {
    scope: "orders:read",
    async handle({ ctx, url }) {
      const status = url.searchParams.get("status");
      if (status !== null && !(ORDER_STATUSES as readonly string[]).includes(status))
        throw new ApiProblem("invalid-request", 400, `status must be one of ${ORDER_STATUSES.join(", ")}.`, {
          errors: [{ field: "status", message: "unknown status" }],
        });
      const page = await readPage(ctx.config.sessionSecret, url, `orders:${status ?? ""}`, (position, limit) =>
        ctx.apiReads.orders(position, limit, (status ?? undefined) as OrderStatus | undefined),
      );
      return { body: { data: page.items.map(orderJson), nextCursor: page.nextCursor } };
    },
  },
});
export const loader = api.loader;
