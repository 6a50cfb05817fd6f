import { z } from "zod";
import { REFUND_REASON_MAX } from "~/lib/refund-form";
import { apiRoute, readJson } from "~/server/api/api-route.server";
import { ApiProblem } from "~/server/api/problem.server";
import { orderJson, refundJson } from "~/server/api/representations.server";

// POST /api/v1/orders/{id}/refunds: part or all of what was paid, through the same refund service
// as the back office (its limits, checked against the order at commit time; its e-mail and audit).

const refundSchema = z
  .object({
    amountMinor: z.number().int("must be a whole number of cents").min(1, "must be at least 1 cent"),
    reason: z.string().trim().max(REFUND_REASON_MAX, `at most ${REFUND_REASON_MAX} characters`).default(""),
    lines: z
      .array(
        z
          .object({
            sku: z.string().min(1).max(200),
            quantity: z.number().int().min(1).max(9999),
            restock: z.boolean(),
          })
          .strict(),
      )
      .max(200)
      .default([]),
  })
  .strict();

const api = apiRoute({
  POST: {
    scope: "orders:write",
    async handle({ ctx, request, params, key }) {
      const body = await readJson(request, refundSchema);
      const id = String(params.id).slice(0, 100);
      const order = await ctx.apiReads.order(id);
      if (!order) throw new ApiProblem("not-found", 404, "There is no order with this id.");
      const unknown = body.lines.find((l) => !order.lines.some((o) => o.sku === l.sku));
      if (unknown)
        throw new ApiProblem("invalid-request", 400, `The order has no line with SKU ${unknown.sku}.`, {
          errors: [{ field: "lines", message: `unknown SKU ${unknown.sku}` }],
        });
      const result = await ctx.adminOrders.refund(
        id,
        { amountMinor: body.amountMinor, reason: body.reason, lines: body.lines },
        `API key “${key.name}” (${key.prefix}…)`,
      );
      if (!result.ok)
        throw result.status === 404
          ? new ApiProblem("not-found", 404, result.message)
          : result.status === 409
            ? new ApiProblem("conflict", 409, result.message)
            : result.status === 502
              ? new ApiProblem("payment-processor", 502, result.message)
              : new ApiProblem("invalid-request", 400, result.message);
      return { status: 201, body: { refund: refundJson(result.refund), order: orderJson(result.order) } };
    },
  },
});
export const loader = api.loader;
export const action = api.action;
