import type { AppLoadContext } from "@remix-run/node";
import { addToCartSchema } from "~/lib/cart-schema";
import { writableCartId } from "~/server/http/cart-cookie.server";
import { shopperMarket } from "~/server/http/market-cookie.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";

/** The reply's key for a message about one control, or the whole form ("form" in the cart service's results). */
export const fieldErrors = (field: string, message: string) =>
  field === "form" ? { formErrors: [message] } : { fieldErrors: { [field]: [message] } };

/**
 * Add to cart (intent "add"), shared by the product page and /cart: validate, add, then 303 back
 * to `back` with "Added to your cart …". Failures come back to the page that sent the form, with a 4xx.
 */
export async function addToCart(request: Request, context: AppLoadContext, formData: FormData, back: string) {
  const submission = parseForm(formData, { schema: addToCartSchema });
  const refuse = (field: string, message: string, status: number) =>
    intentFailure("add", submission.reply(fieldErrors(field, message)), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse("form", problem.message, problem.status);
  if (submission.status !== "success") return intentFailure("add", submission.reply(), 400);
  const [{ cartId, headers }, market] = await Promise.all([
    writableCartId(request, context),
    shopperMarket(request, context),
  ]);
  const result = await context.shop.cart.add(cartId, submission.value, { currency: market.currency });
  if (!result.ok) {
    const status =
      result.field === "product" ? 404 : result.field === "quantity" || result.message.includes("sold out") ? 409 : 400;
    return refuse(result.field, result.message, status);
  }
  return redirectWithFlash(back, result.message, { headers });
}
