import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { clientIp } from "~/server/http/session.server";
import { getContext } from "~/server/context.server";
import { flashHeader } from "~/server/http/flash.server";
import { formGuardProblem } from "~/server/http/forms.server";

/** What the product page shows when its "E-mail me when it is back" form cannot be accepted. */
export interface StockAlertFailure {
  stockAlert: { error: string; email: string; variant: string };
}

const schema = z.object({
  email: z
    .string()
    .trim()
    .max(254, "E-mail addresses are at most 254 characters.")
    .email("Enter a valid e-mail address, like name@example.com."),
  variant: z
    .string()
    .max(200)
    .regex(/^[^|]+\|[^|]+$/, "Choose the size and colour you want."),
});

/** The product page's second form: subscribe to a sold-out size × colour, then back to the page with a notice. */
export async function stockAlertAction(
  request: Request,
  context: unknown,
  formData: FormData,
  productId: string,
  back: string,
) {
  const email = String(formData.get("email") ?? "").slice(0, 254);
  const variant = String(formData.get("variant") ?? "").slice(0, 200);
  const fail = (error: string, status: number, headers?: HeadersInit) =>
    data<StockAlertFailure>({ stockAlert: { error, email, variant } }, { status, headers });
  const problem = await formGuardProblem(formData, request, { honeypot: true });
  if (problem) return fail(problem.message, problem.status);
  const parsed = schema.safeParse({ email, variant });
  if (!parsed.success) return fail(parsed.error.issues[0].message, 400);
  const [colour, size] = parsed.data.variant.split("|");
  const result = await getContext().stockAlerts.subscribe(
    { email: parsed.data.email, productId, size, colour },
    clientIp(request, context),
  );
  if (!result.ok)
    return fail(
      result.message,
      result.status,
      result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
    );
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": await flashHeader({ kind: "success", message: result.message }) },
  });
}
