import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { clientIp } from "~/server/http/session.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

const schema = z.object({
  intent: z.literal("stock-alert"),
  email: z
    .string({ required_error: "Enter a valid e-mail address, like name@example.com." })
    .trim()
    .max(254, "E-mail addresses are at most 254 characters.")
    .email("Enter a valid e-mail address, like name@example.com."),
  variant: z
    .string({ required_error: "Choose the size and colour you want." })
    .max(200)
    .regex(/^[^|]+\|[^|]+$/, "Choose the size and colour you want."),
});

/** The product page's "E-mail me when it is back" form (intent stock-alert): subscribe to a sold-out size × colour. */
export async function stockAlertAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  productId: string,
  back: string,
) {
  const submission = parseForm(formData, { schema });
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    intentFailure("stock-alert", submission.reply({ formErrors: [message] }), status, headers);
  const problem = await formGuardProblem(formData, request, { honeypot: true });
  if (problem) return refuse(problem.message, problem.status);
  if (submission.status !== "success") return intentFailure("stock-alert", submission.reply(), 400);
  const [colour, size] = submission.value.variant.split("|");
  const result = await context.shop.stockAlerts.subscribe(
    { email: submission.value.email, productId, size, colour },
    clientIp(request, context),
  );
  if (!result.ok)
    return refuse(
      result.message,
      result.status,
      result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
    );
  return redirectWithFlash(back, result.message);
}
