import { z } from "zod";
import { apiRoute, notFound, readJson } from "~/server/api/api-route.server";
import { ApiProblem } from "~/server/api/problem.server";
import { productJson } from "~/server/api/representations.server";

// GET /api/v1/products/{id}, and PATCH it: the product's own prices in markets (decision 0030),
// with the version read. Each market sent is set (a price) or cleared (null); the others stay.

/** The server's method guard lets PATCH through to this route's action (it allows GET, HEAD and POST otherwise). */
export const apiMethods = ["PATCH"];

const MAX_MARKETS = 100;

const patchSchema = z
  .object({
    version: z.number({ required_error: "Send the product's version you read" }).int().min(0),
    marketPrices: z
      .record(
        z.string().max(100),
        z
          .object({
            priceMinor: z.number({ required_error: "Send the price in the market's minor units" }),
            currency: z.string().max(10).optional(),
          })
          .strict()
          .nullable(),
      )
      .refine((prices) => Object.keys(prices).length <= MAX_MARKETS, `At most ${MAX_MARKETS} markets at a time.`),
  })
  .strict();

const api = apiRoute({
  GET: {
    scope: "products:read",
    async handle({ ctx, params }) {
      const product = await ctx.apiReads.product(String(params.id).slice(0, 100));
      if (!product) throw notFound("product with this id");
      return { body: productJson(product, await ctx.markets.markets()) };
    },
  },
  PATCH: {
    scope: "products:write",
    async handle({ ctx, request, params, key }) {
      const change = await readJson(request, patchSchema);
      // Checked against the markets as they are now, not a copy kept for pages.
      const markets = await ctx.markets.markets({ fresh: true });
      const result = await ctx.variantUpdates.setMarketPrices(
        `API key “${key.name}” (${key.prefix}…)`,
        String(params.id).slice(0, 100),
        change.marketPrices,
        change.version,
        markets,
      );
      if (!result.ok)
        throw new ApiProblem(
          result.status === 404 ? "not-found" : result.status === 409 ? "conflict" : "invalid-request",
          result.status,
          result.message,
          result.errors ? { errors: result.errors } : {},
        );
      return { body: productJson(result.product, markets) };
    },
  },
});
export const loader = api.loader;
export const action = api.action;
