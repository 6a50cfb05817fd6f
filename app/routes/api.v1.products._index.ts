import { apiRoute } from "~/server/api/api-route.server";
import { decodeCursor, encodeCursor, parseLimit } from "~/server/api/cursor.server";
import { productJson } from "~/server/api/representations.server";

// GET /api/v1/products: every product with its variants, in order of last change.
const api = apiRoute({
  GET: {
    scope: "products:read",
    async handle({ ctx, url }) {
      const secret = ctx.config.sessionSecret;
      const limit = parseLimit(url.searchParams.get("limit"));
      const position = decodeCursor(secret, "products", url.searchParams.get("cursor"));
      const page = await ctx.apiReads.products(position, limit);
      return {
        body: {
          data: page.items.map(productJson),
          // The last page still has a cursor: kept, it later gives what changed since.
          nextCursor: page.next === null ? null : encodeCursor(secret, "products", page.next),
          hasMore: page.more,
        },
      };
    },
  },
});
export const loader = api.loader;
