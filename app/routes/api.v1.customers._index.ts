import { apiRoute } from "~/server/api/api-route.server";
import { readPage } from "~/server/api/cursor.server";
import { customerJson } from "~/server/api/representations.server";

// GET /api/v1/customers: accounts, newest first.
const api = apiRoute({
  GET: {
    scope: "customers:read",
    async handle({ ctx, url }) {
      const page = await readPage(ctx.config.sessionSecret, url, "customers", (position, limit) =>
        ctx.apiReads.customers(position, limit),
      );
      return { body: { data: page.items.map(customerJson), nextCursor: page.nextCursor } };
    },
  },
});
export const loader = api.loader;
