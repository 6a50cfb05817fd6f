import { apiRoute, notFound } from "~/server/api/api-route.server";
import { customerJson } from "~/server/api/representations.server";

// GET /api/v1/customers/{id}
const api = apiRoute({
  GET: {
    scope: "customers:read",
    async handle({ ctx, params }) {
      const profile = await ctx.apiReads.customer(String(params.id).slice(0, 128));
      if (!profile) throw notFound("customer with this id");
      return { body: customerJson(profile) };
    },
  },
});
export const loader = api.loader;
