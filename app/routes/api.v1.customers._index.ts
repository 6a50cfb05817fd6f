import { apiRoute } from "~/server/api/api-route.server";
import { decodeCursor, encodeCursor, parseLimit } from "~/server/api/cursor.server";
import { customerJson } from "~/server/api/representations.server";

// GET /api/v1/customers: accounts, newest first.
const api = apiRoute({
  GET: {
    scope: "customers:read",
    async handle({ ctx, url }) {
      const secret = ctx.config.sessionSecret;
      const limit = parseLimit(url.searchParams.get("limit"));
      const page = await ctx.apiReads.customers(
        decodeCursor(secret, "customers", url.searchParams.get("cursor")),
        limit,
      );
      return {
        body: {
          data: page.items.map(customerJson),
          nextCursor: page.next === null ? null : encodeCursor(secret, "customers", page.next),
        },
      };
    },
  },
});
export const loader = api.loader;
