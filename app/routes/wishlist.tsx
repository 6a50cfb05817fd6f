import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/forms/Field";
import { Price } from "~/components/product/Price";
import { formatMoney } from "~/domain/money";
import { useCurrency } from "~/components/layout/root-data";
import { shopperMarket } from "~/server/http/market-cookie.server";
import { responsiveImage } from "~/lib/responsive-image";
import { safeRedirect } from "~/lib/safe-redirect";
import { seo } from "~/lib/seo";
import { getAuthState } from "~/server/http/session.server";
import { currentCartId, writableCartId } from "~/server/http/cart-cookie.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";
import { firstError, resultOf } from "~/lib/form-reply";
import { ID_PATTERN } from "~/lib/route-params";
import { z } from "zod";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Saved items",
    description: "The products you saved for later.",
    path: "/wishlist",
    noindex: true,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const [auth, ownerId, market] = await Promise.all([
    getAuthState(request, context),
    currentCartId(request, context),
    shopperMarket(request, context),
  ]);
  return { signedIn: Boolean(auth.user), items: await context.shop.wishlist.view(ownerId, market) };
}

const CHOOSE = "Choose a product to save.";
const toggleSchema = z.object({
  intent: z.literal("toggle", { errorMap: () => ({ message: CHOOSE }) }),
  productId: z.string({ required_error: CHOOSE }).regex(ID_PATTERN, CHOOSE),
  // "1" saves, "0" un-saves; without it the product's state flips.
  want: z.enum(["0", "1"], { errorMap: () => ({ message: CHOOSE }) }).optional(),
});

/** Save or un-save a product. Without JavaScript it redirects back with a notice; with it (inPlace) it answers in place. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const inPlace = formData.get("inPlace") === "1";
  const back = safeRedirect(formData.get("redirectTo"), "/wishlist");
  const submission = parseForm(formData, { schema: toggleSchema });
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    formFailure(submission.reply({ formErrors: [message] }), status, headers);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  if (submission.status !== "success") return formFailure(submission.reply(), 400);
  const { productId, want } = submission.value;
  const [{ cartId, headers }, market] = await Promise.all([
    writableCartId(request, context),
    shopperMarket(request, context),
  ]);
  const result = await context.shop.wishlist.toggle(
    cartId,
    productId,
    want === "1" ? true : want === "0" ? false : undefined,
    market,
  );
  const responseHeaders = new Headers(headers);
  if (!result.ok) return refuse(result.message, result.status, responseHeaders);
  // With JavaScript the button flips in place: the answer is the new state, not a page.
  if (inPlace) return data({ saved: result.saved, message: result.message }, { headers: responseHeaders });
  return redirectWithFlash(back, result.message, { headers: responseHeaders });
}

export default function Wishlist() {
  const currency = useCurrency();
  const { signedIn, items } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const error = firstError(resultOf(answer))?.message;
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight">Saved items</h1>
      {error ? (
        <div className="mt-4">
          <FormErrors id="wishlist-errors" errors={[error]} />
        </div>
      ) : null}
      {!signedIn ? (
        <p className="mt-2 text-sm text-stone-600">
          Saved in this browser.{" "}
          <Link to="/auth/login?redirectTo=%2Fwishlist" className="underline">
            Sign in
          </Link>{" "}
          to keep them with your account.
        </p>
      ) : null}
      {items.length === 0 ? (
        <div className="mt-8">
          <p className="text-stone-700">Nothing saved yet. Tap “Save” on any product to keep it here.</p>
          <Link to="/products" className="btn-primary mt-6">
            Start shopping
          </Link>
        </div>
      ) : (
        <ul className="mt-8 divide-y divide-stone-200">
          {items.map((item) => (
            <li key={item.productId} aria-label={item.name} className="flex gap-4 py-4">
              <div className="h-28 w-24 shrink-0 overflow-hidden rounded-md bg-stone-100">
                {item.image ? (
                  <img
                    src={item.image.url}
                    {...responsiveImage(item.image, "6rem")}
                    alt={item.image.alt}
                    width={item.image.width}
                    height={item.image.height}
                    loading="lazy"
                    className="h-full w-full object-cover"
                  />
                ) : null}
              </div>
              <div className="flex flex-1 flex-col gap-1 text-sm">
                {item.unavailable ? (
                  <span className="font-medium">{item.name}</span>
                ) : (
                  <Link to={`/products/${item.productId}`} className="font-medium underline-offset-2 hover:underline">
                    {item.name}
                  </Link>
                )}
                {item.unavailable ? (
                  <p className="text-stone-600">No longer available.</p>
                ) : (
                  <>
                    <Price priceMinor={item.priceMinor} compareAtMinor={item.compareAtMinor} />
                    {item.priceDrop && item.savedPriceMinor !== null ? (
                      <p className="font-medium text-emerald-800">
                        Price drop: {formatMoney(item.savedPriceMinor, currency)} when you saved it.
                      </p>
                    ) : null}
                    {item.soldOut ? <p className="font-medium text-stone-600">Sold out</p> : null}
                  </>
                )}
                <Form method="post" className="mt-auto">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="productId" value={item.productId} />
                  <input type="hidden" name="want" value="0" />
                  <input type="hidden" name="redirectTo" value="/wishlist" />
                  <button type="submit" className="text-red-700 underline">
                    Remove<span className="sr-only"> {item.name}</span>
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
