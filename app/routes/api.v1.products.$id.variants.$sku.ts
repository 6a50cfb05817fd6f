import { z } from "zod";
import { apiRoute, notFound, readJson } from "~/server/api/api-route.server";
import { ApiProblem } from "~/server/api/problem.server";
import { productJson, variantJson } from "~/server/api/representations.server";

// GET /api/v1/products/{id}/variants/{sku}, and PATCH it: stock and price, with the version read.

/** The server's method guard lets PATCH through to this route's action (it allows GET, HEAD and POST otherwise). */
export const apiMethods = ["PATCH"];

const patchSchema = z
  .object({
    version: z.number({ required_error: "Send the product's version you read" }).int().min(0),
    stock: z.number().int("must be a whole number").min(0).optional(),
    priceMinor: z.number().int("must be a whole number of cents").min(0).max(100_000_000).optional(),
  })
  .strict()
  .refine((v) => v.stock !== undefined || v.priceMinor !== undefined, "Send stock, priceMinor or both.");

const api = apiRoute({
  GET: {
    scope: "products:read",
    async handle({ ctx, params }) {
      const product = await ctx.apiReads.product(String(params.id).slice(0, 100));
      const variant = product?.variants.find((v) => v.sku === params.sku);
      if (!product || !variant) throw notFound("product with this id, or no variant with this SKU");
      return { body: variantJson(product, variant) };
    },
  },
  PATCH: {
    scope: "products:write",
    async handle({ ctx, request, params, key }) {
      const change = await readJson(request, patchSchema);
      const result = await ctx.variantUpdates.update(
        `API key “${key.name}” (${key.prefix}…)`,
        String(params.id).slice(0, 100),
        String(params.sku).slice(0, 200),
        { stock: change.stock, priceMinor: change.priceMinor },
        change.version,
      );
      if (!result.ok)
        throw new ApiProblem(
          result.status === 404 ? "not-found" : result.status === 409 ? "conflict" : "invalid-request",
          result.status,
          result.message,
        );
      return { body: productJson(result.product, await ctx.markets.markets()) };
    },
  },
});
export const loader = api.loader;
export const action = api.action;
