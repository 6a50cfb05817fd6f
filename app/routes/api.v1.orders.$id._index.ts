import { apiRoute, notFound } from "~/server/api/api-route.server";
import { orderJson } from "~/server/api/representations.server";

// GET /api/v1/orders/{id}
const api = apiRoute({
  GET: {
    scope: "orders:read",
    async handle({ ctx, params }) {
      const order = await ctx.apiReads.order(String(params.id).slice(0, 100));
      if (!order) throw notFound("order with this id");
      return { body: orderJson(order) };
    },
  },
});
export const loader = api.loader;
