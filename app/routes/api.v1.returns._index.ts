import { apiRoute } from "~/server/api/api-route.server";
import { readPage } from "~/server/api/cursor.server";
import { returnJson } from "~/server/api/representations.server";

// GET /api/v1/returns: the returns of the next `limit` orders that have any, newest order first.
const api = apiRoute({
  GET: {
    scope: "orders:read",
    async handle({ ctx, url }) {
      const page = await readPage(ctx.config.sessionSecret, url, "returns", (position, limit) =>
        ctx.apiReads.ordersWithReturns(position, limit),
      );
      return {
        body: {
          data: page.items.flatMap((order) => (order.returns ?? []).map((r) => returnJson(order, r))),
          nextCursor: page.nextCursor,
        },
      };
    },
  },
});
export const loader = api.loader;
