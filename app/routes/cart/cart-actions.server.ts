import { data } from "@remix-run/node";
import { addToCartSchema } from "~/lib/cart-schema";
import { getContext } from "~/server/context.server";
import { writableCartId } from "~/server/http/cart-cookie.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { formGuardProblem } from "~/server/http/forms.server";

export interface CartFormError {
  error: string;
  /** Which control the message belongs to ("form" for the whole form). */
  field: string;
  lineKey?: string;
}

/** An action's answer to a cart form that cannot be accepted: the page comes back with the message. */
export const cartFailure = (error: CartFormError, status: number) => data(error, { status });

/**
 * Add to cart, shared by the product page and /cart: validate, add, then 303 back to `back` with
 * "Added to your cart …". Failures come back to the page that sent the form, with a 4xx.
 */
export async function addToCart(request: Request, formData: FormData, back: string) {
  const problem = await formGuardProblem(formData, request);
  if (problem) return cartFailure({ error: problem.message, field: "form" }, problem.status);
  const parsed = addToCartSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return cartFailure({ error: issue.message, field: String(issue.path[0] ?? "form") }, 400);
  }
  const { cartId, headers } = await writableCartId(request);
  const result = await getContext().cart.add(cartId, parsed.data);
  if (!result.ok) {
    const status =
      result.field === "product" ? 404 : result.field === "quantity" || result.message.includes("sold out") ? 409 : 400;
    return cartFailure({ error: result.message, field: result.field }, status);
  }
  return redirectWithFlash(back, result.message, { headers });
}
