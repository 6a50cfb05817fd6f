import { apiRoute, notFound } from "~/server/api/api-route.server";
import { productJson } from "~/server/api/representations.server";

// GET /api/v1/products/{id}
const api = apiRoute({
  GET: {
    scope: "products:read",
    async handle({ ctx, params }) {
      const product = await ctx.apiReads.product(String(params.id).slice(0, 100));
      if (!product) throw notFound("product with this id");
      return { body: productJson(product) };
    },
  },
});
export const loader = api.loader;
