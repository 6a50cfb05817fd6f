import { ORDER_STATUSES, type OrderStatus } from "~/domain/commerce";
import { apiRoute } from "~/server/api/api-route.server";
import { decodeCursor, encodeCursor, parseLimit } from "~/server/api/cursor.server";
import { ApiProblem } from "~/server/api/problem.server";
import { orderJson } from "~/server/api/representations.server";

// GET /api/v1/orders[?status=…]: newest first, with lines, status history and refunds.
const api = apiRoute({
  GET: {
    scope: "orders:read",
    async handle({ ctx, url }) {
      const secret = ctx.config.sessionSecret;
      const limit = parseLimit(url.searchParams.get("limit"));
      const status = url.searchParams.get("status");
      if (status !== null && !(ORDER_STATUSES as readonly string[]).includes(status))
        throw new ApiProblem("invalid-request", 400, `status must be one of ${ORDER_STATUSES.join(", ")}.`, {
          errors: [{ field: "status", message: "unknown status" }],
        });
      const list = `orders:${status ?? ""}`;
      const position = decodeCursor(secret, list, url.searchParams.get("cursor"));
      const page = await ctx.apiReads.orders(position, limit, (status ?? undefined) as OrderStatus | undefined);
      return {
        body: {
          data: page.items.map(orderJson),
          nextCursor: page.next === null ? null : encodeCursor(secret, list, page.next),
        },
      };
    },
  },
});
export const loader = api.loader;
