import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { Order } from "~/domain/commerce";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

// The form names one quantity per line of the order (quantity-0, quantity-1, …): the order decides
// how many, so they are read beside the schema, which knows the fixed fields.
const schema = z.object({ intent: z.literal("return"), reason: z.string().optional() });

/** The shopper's "start a return" form (intent return): quantities per line and a reason, then back with a notice. */
export async function returnAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  order: Order,
  back: string,
) {
  const submission = parseForm(formData, { schema });
  const refuse = (message: string, status: number) =>
    intentFailure("return", submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  if (submission.status !== "success") return intentFailure("return", submission.reply(), 400);
  const lines = [];
  for (const [i, line] of order.lines.entries()) {
    const raw = formData.get(`quantity-${i}`);
    const text = typeof raw === "string" ? raw.trim() : "";
    if (text !== "" && !/^\d{1,4}$/.test(text)) return refuse("Enter whole numbers of items.", 400);
    lines.push({ sku: line.sku, quantity: text === "" ? 0 : Number(text) });
  }
  const started = await context.shop.returns.request(order.id, { lines, reason: submission.value.reason ?? "" });
  if (!started.ok) return refuse(started.message, started.status);
  return redirectWithFlash(back, `Return ${started.request.number} started. We have e-mailed you the instructions.`);
}
