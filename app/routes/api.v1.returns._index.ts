import { apiRoute } from "~/server/api/api-route.server";
import { decodeCursor, encodeCursor, parseLimit } from "~/server/api/cursor.server";
import { returnJson } from "~/server/api/representations.server";

// GET /api/v1/returns: the returns of the next `limit` orders that have any, newest order first.
const api = apiRoute({
  GET: {
    scope: "orders:read",
    async handle({ ctx, url }) {
      const secret = ctx.config.sessionSecret;
      const limit = parseLimit(url.searchParams.get("limit"));
      const page = await ctx.apiReads.ordersWithReturns(
        decodeCursor(secret, "returns", url.searchParams.get("cursor")),
        limit,
      );
      return {
        body: {
          data: page.items.flatMap((order) => (order.returns ?? []).map((r) => returnJson(order, r))),
          nextCursor: page.next === null ? null : encodeCursor(secret, "returns", page.next),
        },
      };
    },
  },
});
export const loader = api.loader;
