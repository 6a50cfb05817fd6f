import { z } from "zod";
import { NOTE_MAX, TRACKING_MAX } from "~/lib/admin-order-schema";
import { apiRoute, readJson } from "~/server/api/api-route.server";
import { ApiProblem } from "~/server/api/problem.server";
import { orderJson } from "~/server/api/representations.server";

// POST /api/v1/orders/{id}/shipment: mark the order shipped with its tracking number, through the
// same service call as the back office's order page (its status rules, its e-mail, its audit).

const shipmentSchema = z
  .object({
    trackingNumber: z
      .string({ required_error: "Send the parcel's tracking number" })
      .trim()
      .min(1, "Send the parcel's tracking number")
      .max(TRACKING_MAX, `at most ${TRACKING_MAX} characters`)
      .regex(/^[A-Za-z0-9 -]*$/, "letters, digits, spaces and hyphens only"),
    note: z.string().trim().max(NOTE_MAX, `at most ${NOTE_MAX} characters`).optional(),
  })
  .strict();

const api = apiRoute({
  POST: {
    scope: "orders:write",
    async handle({ ctx, request, params, key }) {
      const body = await readJson(request, shipmentSchema);
      const result = await ctx.adminOrders.changeStatus(
        String(params.id).slice(0, 100),
        "shipped",
        `API key “${key.name}” (${key.prefix}…)`,
        { trackingNumber: body.trackingNumber, note: body.note ?? null },
      );
      if (!result.ok) throw statusProblem(result.status, result.message);
      return { body: orderJson(result.order) };
    },
  },
});
export const loader = api.loader;
export const action = api.action;

function statusProblem(status: number, message: string) {
  if (status === 404) return new ApiProblem("not-found", 404, message);
  if (status === 409) return new ApiProblem("conflict", 409, message);
  if (status === 502) return new ApiProblem("payment-processor", 502, message);
  return new ApiProblem("invalid-request", 400, message);
}
