import { apiRoute } from "~/server/api/api-route.server";
import { readPage } from "~/server/api/cursor.server";
import { productJson } from "~/server/api/representations.server";

// GET /api/v1/products: every product with its variants, in order of last change.
const api = apiRoute({
  GET: {
    scope: "products:read",
    async handle({ ctx, url }) {
      const page = await readPage(ctx.config.sessionSecret, url, "products", (position, limit) =>
        ctx.apiReads.products(position, limit),
      );
      const markets = await ctx.markets.markets();
      return {
        body: {
          data: page.items.map((p) => productJson(p, markets)),
          // The last page still has a cursor: kept, it later gives what changed since.
          nextCursor: page.nextCursor,
          hasMore: page.more,
        },
      };
    },
  },
});
export const loader = api.loader;
