import { GiftCardLineNote } from "~/components/orders/GiftCardLineNote";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { OrderSummary } from "~/components/cart/OrderSummary";
import { removeLineSchema, updateLineSchema } from "~/lib/cart-schema";
import { formatMoney, formatMoneyInText } from "~/domain/money";
import { useCurrency } from "~/components/layout/root-data";
import { shopperMarket } from "~/server/http/market-cookie.server";
import { allPricedIn } from "~/server/services/markets/market-prices";
import { seo } from "~/lib/seo";
import { addToCart, fieldErrors } from "~/routes/cart/cart-actions.server";
import { currentCart, currentCartId } from "~/server/http/cart-cookie.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";
import { firstError, replyFor, sentValue } from "~/lib/form-reply";
import { useRootData } from "~/components/layout/root-data";
import type { CartLineView } from "~/server/services/cart/cart.server";
import { getAuthState } from "~/server/http/session.server";
import { SavedForLater } from "~/components/cart/SavedForLater";
import { RecentlyViewed } from "~/components/product/RecentlyViewed";
import { CompleteTheLook } from "~/components/product/CompleteTheLook";
import { PromotionCodeForm } from "~/components/cart/PromotionCodeForm";
import { cartPromotions, codeIntent } from "~/routes/cart/promotion-code.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Your cart", description: "The items in your cart.", path: "/cart", noindex: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The promotions do not depend on the cart: read beside it.
  const stored = context.shop.promotions.stored();
  stored.catch(() => {}); // a failure below leaves it unused
  const [{ cartId: ownerId, early }, market] = await Promise.all([
    currentCart(request, context),
    shopperMarket(request, context),
  ]);
  // The cart in the shopper's market: its lines, totals and delivery figures in their currency.
  const cart = await context.shop.cart.view(ownerId, market, early);
  // What depends on the cart alone is read together.
  if (cart.lines.length > 0) {
    // One suggestion for the whole cart, none of its products, in stock.
    const [promotions, look] = await Promise.all([
      cartPromotions(request, context, cart, market, stored),
      context.shop.completeTheLook.forCart(cart.lines.map((l) => l.productId)),
    ]);
    return { cart, promotions, saved: [], signedIn: false, look: look ? allPricedIn(market, [look]) : [] };
  }
  // An empty cart offers the shopper's saved products (the cart's owner owns them too).
  const [promotions, saved, auth] = await Promise.all([
    cartPromotions(request, context, cart, market, stored),
    context.shop.wishlist.view(ownerId, market),
    getAuthState(request, context),
  ]);
  return { cart, promotions, saved, signedIn: Boolean(auth.user), look: [] };
}

/** One action, its intents (add, update, remove, and the code's), each answered with a 303 back to the cart. */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "add") return addToCart(request, context, formData, "/cart");
  const codeAnswer = await codeIntent(request, context, formData, "/cart");
  if (codeAnswer) return codeAnswer;

  // A line's form: update its quantity or remove it. An unknown intent is answered as a line form.
  const schema = intent === "update" ? updateLineSchema : removeLineSchema;
  const submission = parseForm(formData, { schema });
  const refuse = (field: string, message: string, status: number) =>
    intentFailure("line", submission.reply(fieldErrors(field, message)), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse("form", problem.message, problem.status);
  if (intent !== "update" && intent !== "remove") return refuse("form", "Choose what to do with the item.", 400);
  if (submission.status !== "success") return intentFailure("line", submission.reply(), 400);

  const { cart } = context.shop;
  const cartId = await currentCartId(request, context);
  const value = submission.value;
  const result =
    value.intent === "update"
      ? await cart.setQuantity(cartId, value.line, value.quantity)
      : await cart.remove(cartId, value.line);
  if (!result.ok) return refuse(result.field, result.message, result.field === "cart" ? 404 : 409);
  return redirectWithFlash("/cart", result.message);
}

export default function CartPage() {
  const currency = useCurrency();
  const { cart, promotions, saved, signedIn, look } = useLoaderData<typeof loader>();
  const { policies } = useRootData();
  const answer = useActionData<typeof action>();
  const codeError = firstError(replyFor(answer, "code"))?.message ?? null;
  // A line's refusal shows on its line; one about the whole form (or an add) above the list.
  const lineReply = replyFor(answer, "line");
  const lineError = firstError(lineReply);
  const failedLine = lineError && lineError.field !== "" ? sentValue(lineReply, "line") : undefined;
  const onLine = failedLine !== undefined && cart.lines.some((line) => line.key === failedLine);
  const formError = firstError(replyFor(answer, "add"))?.message ?? (onLine ? null : (lineError?.message ?? null));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Breadcrumbs trail={[{ label: "Cart" }]} />
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Your cart</h1>
      {formError ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {formError}
        </p>
      ) : null}

      {cart.lines.length === 0 ? (
        <>
          <div className="mt-8 rounded-lg border border-dashed border-stone-300 p-10 text-center">
            <p className="text-lg font-medium">Your cart is empty.</p>
            <p className="mt-2 text-stone-600">
              {cart.freeShippingFromMinor !== null
                ? `Free standard delivery from ${formatMoneyInText(cart.freeShippingFromMinor, currency)}`
                : "Tracked delivery"}
              {policies ? ` and free ${policies.returnsDays}-day returns` : null}.
            </p>
            <Link to="/products" className="btn-primary mt-6">
              Start shopping
            </Link>
          </div>
          <SavedForLater items={saved} signedIn={signedIn} />
          {/* Kept in this browser's storage: shown once the page's script runs. */}
          <RecentlyViewed />
        </>
      ) : (
        <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="cart-items">
            <h2 id="cart-items" className="sr-only">
              Items
            </h2>
            <ul className="divide-y divide-stone-200 border-y border-stone-200">
              {cart.lines.map((line) => (
                <CartLine
                  key={line.key}
                  line={line}
                  discountMinor={promotions.lineDiscounts[line.key] ?? 0}
                  error={onLine && failedLine === line.key ? (lineError?.message ?? null) : null}
                />
              ))}
            </ul>
            {/* Below a single line it is in the first screen: its first pictures load at once. */}
            <CompleteTheLook products={look} className="mt-10" eagerCount={cart.lines.length === 1 ? 2 : 0} />
          </section>
          <aside aria-labelledby="cart-summary" className="h-fit rounded-lg bg-stone-50 p-6">
            <h2 id="cart-summary" className="text-lg font-semibold">
              Summary
            </h2>
            <OrderSummary
              currency={currency}
              subtotalMinor={cart.subtotalMinor}
              savingsMinor={cart.savingsMinor}
              shippingMinor={promotions.freeDelivery ? 0 : cart.standardShippingMinor}
              shippingLabel="Standard delivery"
              estimate
              discountMinor={promotions.discountMinor}
              promotions={promotions.applied}
            />
            <PromotionCodeForm code={promotions.code} problem={promotions.codeProblem} error={codeError} />
            <p className="mt-4 text-sm" data-testid="free-shipping">
              {cart.freeShippingRemainingMinor > 0
                ? `Spend ${formatMoney(cart.freeShippingRemainingMinor, currency)} more for free standard delivery.`
                : "Your order qualifies for free standard delivery."}
            </p>
            {cart.hasProblems ? (
              <p className="mt-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
                Some items changed since you added them. Update or remove them to check out.
              </p>
            ) : (
              <Link to="/checkout" className="btn-primary mt-6 w-full">
                Check out
              </Link>
            )}
            <Link to="/products" className="mt-3 block text-center text-sm underline">
              Continue shopping
            </Link>
          </aside>
        </div>
      )}
    </div>
  );
}

function CartLine({ line, error, discountMinor }: { line: CartLineView; error: string | null; discountMinor: number }) {
  const currency = useCurrency();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("line") === line.key;
  const label = `${line.name}, ${line.colour}, size ${line.size}`;
  const problemText =
    line.problem?.kind === "unavailable"
      ? "No longer available. Remove it to check out."
      : line.problem?.kind === "sold-out"
        ? "Sold out since you added it. Remove it to check out."
        : line.problem?.kind === "reduced"
          ? `Only ${line.problem.available} left now: lower the quantity to ${line.problem.available} to check out.`
          : line.problem?.kind === "other-currency"
            ? line.problem.message
            : null;
  return (
    <li className="flex gap-4 py-6" aria-label={label}>
      {line.imageUrl ? (
        <img
          src={line.imageUrl}
          alt={line.imageAlt}
          width={96}
          height={120}
          className="h-30 w-24 rounded-md bg-stone-100 object-cover"
        />
      ) : (
        <div className="h-30 w-24 rounded-md bg-stone-100" />
      )}
      <div className="flex-1">
        <div className="flex flex-wrap justify-between gap-2">
          <div>
            {line.problem?.kind === "unavailable" ? (
              <p className="font-medium">{line.name}</p>
            ) : (
              <Link
                to={`/products/${line.productId}?colour=${encodeURIComponent(line.colour)}`}
                className="font-medium hover:underline"
              >
                {line.name}
              </Link>
            )}
            {line.giftCard ? (
              <GiftCardLineNote amount={line.size} details={line.giftCard} />
            ) : (
              <p className="text-sm text-stone-600">
                {line.colour} · Size {line.size}
              </p>
            )}
            <p className="mt-1 text-sm">
              {formatMoney(line.unitPriceMinor, currency)} each
              {line.compareAtMinor ? (
                <>
                  {" "}
                  <s className="text-stone-500">
                    <span className="sr-only">was </span>
                    {formatMoney(line.compareAtMinor, currency)}
                  </s>
                </>
              ) : null}
            </p>
          </div>
          <p className="font-semibold">
            <span className="sr-only">Line total </span>
            {formatMoney(line.lineTotalMinor, currency)}
            {line.savingsMinor > 0 ? (
              <span className="block text-xs font-normal text-red-700">
                You save {formatMoney(line.savingsMinor, currency)}
              </span>
            ) : null}
            {discountMinor > 0 ? (
              <span className="block text-xs font-normal text-red-700" data-testid="line-discount">
                Discount −{formatMoney(discountMinor, currency)}
              </span>
            ) : null}
          </p>
        </div>
        {problemText ? (
          <p className="mt-2 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900" role="note">
            {problemText}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <Form method="post" className="flex items-end gap-2">
            <AuthenticityTokenInput />
            <input type="hidden" name="line" value={line.key} />
            <label className="text-sm">
              Quantity <span className="sr-only">of {label}</span>
              <input
                type="number"
                name="quantity"
                defaultValue={line.problem?.kind === "reduced" ? line.problem.available : line.quantity}
                min={1}
                max={Math.max(1, line.maxQuantity)}
                step={1}
                required
                inputMode="numeric"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `error-${line.key}` : undefined}
                className="input mt-1 w-20"
              />
            </label>
            <button type="submit" name="intent" value="update" className="btn-secondary" disabled={busy}>
              Update <span className="sr-only">quantity of {label}</span>
            </button>
          </Form>
          <Form method="post">
            <AuthenticityTokenInput />
            <input type="hidden" name="line" value={line.key} />
            <button type="submit" name="intent" value="remove" className="text-sm underline" disabled={busy}>
              Remove <span className="sr-only">{label}</span>
            </button>
          </Form>
        </div>
        {error ? (
          <p id={`error-${line.key}`} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    </li>
  );
}
