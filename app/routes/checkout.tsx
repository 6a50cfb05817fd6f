import { marketCookieHeader, shopperMarket } from "~/server/http/market-cookie.server";
import { pricesAreBase } from "~/server/services/markets/market-prices";
import type { Market } from "~/domain/market";
import { formatMoney } from "~/domain/money";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { OrderSummary } from "~/components/cart/OrderSummary";
import { CARD_LABELS, CardFields } from "~/components/checkout/CardFields";
import { SaveAddressBox, SavedAddressChoice, useNewAddressShown } from "~/components/checkout/SavedAddressChoice";
import { AddressFields } from "~/components/forms/AddressFields";
import { Field, FormErrors, invalidFields } from "~/components/forms/Field";
import { BY_EMAIL_FIELD, checkoutSchema, chosenSavedAddress, parseExpiry, sentByEmail } from "~/lib/checkout-schema";
import { MAX_ADDRESSES } from "~/lib/address-limits";
import { seo } from "~/lib/seo";
import { clientIp, getAuthState } from "~/server/http/session.server";
import { quoteOrder } from "~/domain/quote-order";
import { publicOrigin } from "~/server/http/public-origin.server";
import { currentCart, currentCartId } from "~/server/http/cart-cookie.server";
import type { CartView } from "~/server/services/cart/cart.server";
import { readForm } from "~/server/http/form-body.server";
import { formGuardProblem, retryAfterHeaders } from "~/server/http/forms.server";
import { rateLimitMessage } from "~/server/services/accounts/rate-limit.server";
import type { CheckoutRefusal, CheckoutSubmission } from "~/server/services/checkout/submission.server";
import { orderPlacedMessage, shortfallMessage } from "~/server/services/checkout/messages.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { RouteErrorPage } from "~/components/RouteErrorPage";
import { PromotionCodeForm } from "~/components/cart/PromotionCodeForm";
import { appliedCode, cartPromotions, clearCodeHeader, codeIntent } from "~/routes/cart/promotion-code.server";
import { parseForm } from "~/server/http/form-shape.server";
import { firstError, replyFor } from "~/lib/form-reply";
import { worldCountry } from "~/lib/world-countries";
import type { ShippingChoice } from "~/domain/commerce";
import { GiftCardForm } from "~/components/checkout/GiftCardForm";
import {
  appliedGiftCard,
  appliedGiftCardCode,
  clearGiftCardHeader,
  giftCardIntent,
} from "~/routes/cart/gift-card-code.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Checkout", description: "Delivery, payment and your order.", path: "/checkout", noindex: true });

const SENSITIVE = ["cardNumber", "cvc", "expiry"];

/** Each field's label, for the error summary's links. */
const CHECKOUT_LABELS = {
  email: "E-mail",
  name: "Full name",
  line1: "Street address",
  line2: "Apartment, floor (optional)",
  postalCode: "Postcode",
  city: "Town or city",
  country: "Country",
  phone: "Phone (optional)",
  shippingMethod: "Delivery method",
};

export const headers = retryAfterHeaders;

/**
 * The country checkout prices first: the shop's home country when delivered to and in the
 * shopper's market, else the market's first country delivered to, else the first one.
 */
function startCountry(countries: ReadonlyArray<{ code: string }>, home: string, market: Market): string {
  const delivered = (code: string) => countries.some((c) => c.code === code);
  if (delivered(home) && market.countries.includes(home)) return home;
  return market.countries.find(delivered) ?? (delivered(home) ? home : (countries[0]?.code ?? home));
}

/**
 * Everything checkout states a price of, in `market` for delivery to `country`: the cart, its
 * promotions, the delivery methods, the gift card's part, the total (by quoteOrder, as placing the
 * order sums it). The page's first render and a refusal that re-renders the form for another
 * country or market (without JavaScript too) both come from here.
 */
async function pricedCheckout(
  request: Request,
  context: AppLoadContext,
  market: Market,
  country: string,
  /** Done beside the pricing once the cart is read (the loader's reminder record). */
  withView?: (view: CartView) => Promise<unknown>,
) {
  // What does not depend on the cart (the zone's tax rule, the applied gift card, the promotions)
  // is read beside it, and what depends on the cart alone (their usage, the delivery methods) together after it.
  const zone = context.shop.shipping.zoneFor(country);
  const stored = context.shop.promotions.stored();
  let total: (totalMinor: number) => void = () => {};
  const giftCardRead = appliedGiftCard(request, context, new Promise<number>((r) => (total = r)), market);
  for (const read of [zone, giftCardRead, stored]) read.catch(() => {}); // a failure below leaves them unused
  const { cartId, early } = await currentCart(request, context);
  const view = await context.shop.cart.view(cartId, market, early);
  // Gift cards are e-mailed: delivery is priced on the rest, at base prices (the zones' bands are in them).
  const parcel = {
    subtotalMinor: view.baseSubtotalMinor,
    weightGrams: view.weightGrams,
    onlyGiftCards: view.onlyGiftCards,
  };
  const [promotions, offered] = await Promise.all([
    cartPromotions(request, context, view, market, stored),
    context.shop.checkout.deliveryOptions(country, parcel, market),
    withView?.(view),
  ]);
  const options = offered ?? [];
  const quote = quoteOrder({ ...promotions, subtotalMinor: view.subtotalMinor, options });
  total(quote.totalMinor);
  const [giftCard, taxNotice] = await Promise.all([
    giftCardRead,
    // Why no VAT is charged for delivery to `country` (import, the UK above its threshold): the tax service's rule.
    zone.then((z) => context.shop.taxes.noticeFor(z, country, quote.goodsMinor, market.currency)),
  ]);
  return {
    cart: view,
    promotions,
    giftCard,
    delivery: { country, options, taxNotice },
    market: { id: market.id, currency: market.currency },
  };
}

type PricedCheckout = Awaited<ReturnType<typeof pricedCheckout>>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { cart, checkout, shipping, checkoutSubmission, addressBook } = context.shop;
  const [auth, countries, market] = await Promise.all([
    getAuthState(request, context),
    shipping.countries(),
    shopperMarket(request, context),
  ]);
  // The address book is read beside the pricing.
  const addressRead = auth.user ? addressBook.list(auth.user.uid) : Promise.resolve([]);
  addressRead.catch(() => {}); // a pricing failure leaves it unused
  // A signed-in shopper at checkout: recorded for a reminder should the order not follow (at the
  // base prices, as reminder e-mails state them). Written only when the cart or address changed,
  // beside the page's other reads; it never fails the page.
  const email = auth.user?.email;
  const remember = (view: CartView) =>
    email ? checkoutSubmission.remember({ signedInEmail: email, view }) : Promise.resolve();
  const atBase = pricesAreBase(market);
  const priced = await pricedCheckout(
    request,
    context,
    market,
    startCountry(countries, shipping.homeCountry, market),
    atBase ? remember : undefined,
  );
  const rememberAtBase = async () => {
    const { cartId, early } = await currentCart(request, context);
    await remember(await cart.view(cartId, undefined, early));
  };
  const [addresses] = await Promise.all([addressRead, email && !atBase ? rememberAtBase() : null]);
  return {
    countries: countries.map((c) => ({ code: c.code, name: c.name })),
    ...priced,
    addresses,
    email: auth.user?.email ?? "",
    signedIn: Boolean(auth.user),
    checkoutKey: checkout.newCheckoutKey(),
    processor: checkout.processor,
  };
}

/** What the shopper reads when nothing was placed: the message, the status, and whether to link to the cart. */
function refusalAnswer(refusal: CheckoutRefusal): { message: string; status: number; cartLink: boolean } {
  switch (refusal.kind) {
    case "saved-address-gone":
      return {
        message: "That saved address is no longer in your address book. Choose another or enter a new one.",
        status: 400,
        cartLink: false,
      };
    case "empty":
      return {
        message: "Your cart is empty, so there is nothing to order. Nothing was charged.",
        status: 409,
        cartLink: true,
      };
    case "cart-changed":
      return {
        message:
          "Your cart changed while you were checking out (in another tab?). Check it and place your order again. Nothing was charged.",
        status: 409,
        cartLink: true,
      };
    case "sold-out":
      return { message: shortfallMessage(refusal.shortfalls), status: 409, cartLink: true };
    case "promotion-refused":
      return { message: `${refusal.message} Remove the code to order without it.`, status: 409, cartLink: false };
    case "gift-card-refused":
      return { message: refusal.message, status: 409, cartLink: false };
    case "rate-limited":
      return { message: rateLimitMessage(refusal.retryAfterSeconds), status: 429, cartLink: false };
    case "address-needed":
      return {
        message:
          "Your cart now holds items we post, not only gift cards: enter the delivery address and place your order again. Nothing was charged.",
        status: 409,
        cartLink: true,
      };
    case "no-delivery":
      return {
        message: `We do not deliver to ${worldCountry(refusal.country).name}. Choose a country we deliver to. Nothing was charged.`,
        status: 400,
        cartLink: false,
      };
    case "market-changed":
      return {
        message:
          `Orders delivered to ${worldCountry(refusal.country).name} are in ${refusal.market.currency}: ` +
          `the prices below are now in ${refusal.market.currency}. Check the total and place your order again. ` +
          "Nothing was charged.",
        status: 409,
        cartLink: false,
      };
    case "delivery-repriced":
      return {
        message:
          `Delivery to ${worldCountry(refusal.country).name} is priced differently: ` +
          "please check the delivery method and total. Nothing was charged yet.",
        status: 409,
        cartLink: false,
      };
  }
}

type Submission = ReturnType<typeof parseForm<ReturnType<typeof checkoutSchema>>>;
type Delivery = PricedCheckout["delivery"];

interface Refusal {
  message?: string;
  status: number;
  cartLink?: boolean;
  headers?: HeadersInit;
  /** The address's country's methods and prices, when they differ from those the form showed. */
  delivery?: Delivery | null;
  /** Everything priced in the delivery country's market, when it is not the one the form showed. */
  priced?: PricedCheckout | null;
}

/** The form back with what went wrong, its card fields emptied. */
function refused(submission: Submission, refusal: Refusal) {
  const { message, status, cartLink = false, headers, delivery = null, priced = null } = refusal;
  const result = submission.reply({ formErrors: message ? [message] : undefined, hideFields: SENSITIVE });
  return data({ intent: "checkout" as const, result, cartLink, delivery, priced }, { status, headers });
}

/** What placing the order takes from the checked form: the typed or saved address, the card, the codes. */
async function placementOf(
  request: Request,
  context: AppLoadContext,
  v: Extract<Submission, { status: "success" }>["value"],
  formData: FormData,
  cartId: string | null,
  userId: string | null,
  withCard: boolean,
): Promise<CheckoutSubmission> {
  const { name, line1, line2, city, postalCode, country, phone } = v;
  return {
    cartId,
    userId,
    email: v.email,
    typedAddress: { name, line1, line2, city, postalCode, country, phone },
    savedAddressId: chosenSavedAddress(formData),
    saveAddress: v.saveAddress,
    shippingMethod: v.shippingMethod,
    pricedCountry: v.pricedCountry ?? null,
    // The market the form was priced in (an old form without it: the shopper's market now).
    shownMarketId: v.pricedMarket ?? (await shopperMarket(request, context)).id,
    idempotencyKey: v.checkoutKey,
    card:
      withCard && v.cardNumber && v.cvc && v.expiry
        ? { number: v.cardNumber, cvc: v.cvc, ...parseExpiry(v.expiry) }
        : null,
    origin: publicOrigin(request, context.shop.config),
    ip: clientIp(request, context),
    promotionCode: await appliedCode(request),
    giftCardCode: await appliedGiftCardCode(request),
  };
}

/** The refusal as the shopper reads it, the form re-priced where the country or market changed its prices. */
async function refusalOf(request: Request, context: AppLoadContext, refusal: CheckoutRefusal): Promise<Refusal> {
  const answer = refusalAnswer(refusal);
  if (refusal.kind === "rate-limited")
    return { ...answer, headers: { "Retry-After": String(refusal.retryAfterSeconds) } };
  if (refusal.kind === "market-changed") {
    // The form comes back priced in the delivery country's market, and the shopper's pages follow it.
    const priced = await pricedCheckout(request, context, refusal.market, refusal.country);
    const headers = { "Set-Cookie": await marketCookieHeader(refusal.market.id) };
    return { ...answer, headers, delivery: priced.delivery, priced };
  }
  if (refusal.kind === "delivery-repriced") {
    // The form shows the new country's methods and prices: the same ones placing the order will charge.
    const priced = await pricedCheckout(request, context, await shopperMarket(request, context), refusal.country);
    return { ...answer, delivery: priced.delivery };
  }
  return answer;
}

/** The order placed: to its page, the codes spent with it (a declined card lands there too, to pay again). */
async function placedAnswer(result: { link: string; paid: boolean; email: string }) {
  const headers = new Headers();
  headers.append("Set-Cookie", await clearCodeHeader());
  headers.append("Set-Cookie", await clearGiftCardHeader());
  if (!result.paid) return redirect(result.link, { status: 303, headers });
  return redirectWithFlash(result.link, orderPlacedMessage(result.email), { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { checkout, checkoutSubmission } = context.shop;
  const withCard = checkout.processor.kind === "card-form";
  const formData = await readForm(request);
  const intentAnswer =
    (await codeIntent(request, context, formData, "/checkout")) ??
    (await giftCardIntent(request, context, formData, "/checkout", clientIp(request, context)));
  if (intentAnswer) return intentAnswer;
  const submission = parseForm(formData, {
    schema: checkoutSchema(withCard, chosenSavedAddress(formData) !== null, sentByEmail(formData)),
  });
  const problem = await formGuardProblem(formData, request);
  if (problem) return refused(submission, problem);
  const auth = await getAuthState(request, context);
  const cartId = await currentCartId(request, context);
  if (!auth.user) {
    const consent = formData.get("remindMe") === "on";
    await checkoutSubmission.remember({ guestEmail: formData.get("email"), consent, cartId });
  }
  if (submission.status !== "success") return refused(submission, { status: 400 });
  const userId = auth.user?.uid ?? null;
  const placement = await placementOf(request, context, submission.value, formData, cartId, userId, withCard);
  const result = await checkoutSubmission.submit(placement);
  if (result.kind === "pay-elsewhere") return redirect(result.url, 303);
  if (result.kind === "placed") return placedAnswer(result);
  return refused(submission, await refusalOf(request, context, result.refusal));
}

export default function Checkout() {
  const { email, signedIn, checkoutKey, processor, addresses, countries, ...loaded } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const codeError = firstError(replyFor(answer, "code"))?.message ?? null;
  const giftCardError = firstError(replyFor(answer, "gift-card"))?.message ?? null;
  const actionData = answer?.intent === "checkout" ? answer : undefined;
  // After a refusal for another market, every figure is the new market's (the loader's may still be the old one's).
  const shown: Pick<typeof loaded, "cart" | "promotions" | "giftCard" | "market"> = actionData?.priced ?? loaded;
  const { cart, promotions, giftCard, market } = shown;
  const currency = market.currency;
  // After a refusal for a country priced differently, the form shows that country's prices.
  const delivery: { country: string; options: ShippingChoice[]; taxNotice: string | null } =
    actionData?.delivery ?? loaded.delivery;
  const shippingOptions = delivery.options;
  const firstOption = shippingOptions[0] ?? { method: "", label: "Delivery", priceMinor: 0 };
  // The total with the first method, summed as placing the order sums it.
  const quote = quoteOrder({ ...promotions, subtotalMinor: cart.subtotalMinor, options: shippingOptions });
  const navigation = useNavigation();
  const withCard = processor.kind === "card-form";
  // Gift cards only: sent by e-mail, so only the buyer's name and country are asked.
  const byEmail = cart.onlyGiftCards;
  const [newAddressShown, onChoice] = useNewAddressShown(byEmail ? [] : addresses);
  const [form, fields] = useForm({
    id: "checkout",
    lastResult: actionData?.result,
    constraint: getZodConstraint(checkoutSchema(withCard, false, byEmail)),
    defaultValue: { email, country: delivery.country, shippingMethod: firstOption.method },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: checkoutSchema(withCard, chosenSavedAddress(formData) !== null, sentByEmail(formData)),
      }),
  });
  const placing = navigation.state !== "idle" && navigation.formMethod === "POST";
  // The method sent, while this country offers it; else (a new country's methods) its first.
  const sentMethod = fields.shippingMethod.initialValue;
  const chosenMethod = shippingOptions.some((o) => o.method === sentMethod) ? sentMethod : firstOption.method;

  if (cart.lines.length === 0 && !actionData) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight">Checkout</h1>
        <p className="mt-4 text-stone-700">Your cart is empty, so there is nothing to check out yet.</p>
        <Link to="/products" className="btn-primary mt-6">
          Start shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <Breadcrumbs trail={[{ label: "Cart", to: "/cart" }, { label: "Checkout" }]} />
      <h1 className="mt-4 text-3xl font-semibold tracking-tight">Checkout</h1>
      {!signedIn ? (
        <p className="mt-2 text-sm text-stone-600">
          Checking out as a guest.{" "}
          <Link to="/auth/login?redirectTo=%2Fcheckout" className="underline">
            Sign in
          </Link>{" "}
          to keep your orders together.
        </p>
      ) : null}

      {/* On a phone the form comes first and the full summary after it: a folded summary at the top
          says what is being bought and for how much, without scrolling past every field. */}
      <details className="mt-6 rounded-lg bg-stone-50 px-4 py-3 lg:hidden">
        <summary className="cursor-pointer font-semibold">
          Order summary: {cart.lines.length === 1 ? "1 item" : `${cart.lines.length} items`},{" "}
          {formatMoney(quote.totalMinor, currency)}
        </summary>
        <ul className="mt-3 space-y-2 text-sm">
          {cart.lines.map((line) => (
            <li key={line.key} className="flex justify-between gap-3">
              <span>
                {line.quantity} × {line.name}{" "}
                <span className="text-stone-600">
                  {line.giftCard ? `(gift card, ${line.size})` : `(${line.colour}, ${line.size})`}
                </span>
              </span>
              <span>{formatMoney(line.lineTotalMinor, currency)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 border-t border-stone-200 pt-2 text-sm">
          Total with {firstOption.label.replace(/ \(.*\)$/, "").toLowerCase()}:{" "}
          <span className="font-semibold">{formatMoney(quote.totalMinor, currency)}</span>
        </p>
      </details>

      {/* A form of its own (forms do not nest), before the checkout form. */}
      <div className="mt-6 max-w-md">
        <PromotionCodeForm code={promotions.code} problem={promotions.codeProblem} error={codeError} />
        <GiftCardForm applied={giftCard} error={giftCardError} />
      </div>

      <Form method="post" {...getFormProps(form)} className="mt-8 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-8">
          <AuthenticityTokenInput />
          <input type="hidden" name="checkoutKey" value={checkoutKey} />
          {/* Whose prices this form shows: another country on submit re-prices before anything is placed. */}
          <input type="hidden" name="pricedCountry" value={delivery.country} key={delivery.country} />
          <input type="hidden" name="pricedMarket" value={market.id} key={market.id} />
          <FormErrors
            id={form.errorId}
            errors={form.errors}
            fields={invalidFields(form, { ...CHECKOUT_LABELS, ...(withCard ? CARD_LABELS : {}) })}
          />
          {actionData?.cartLink ? (
            <p className="text-sm">
              <Link to="/cart" className="font-medium underline">
                Review your cart
              </Link>
            </p>
          ) : null}

          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold">Contact</legend>
            <Field
              meta={fields.email}
              label="E-mail"
              type="email"
              autoComplete="email"
              hint="We send the order confirmation here."
            />
            {signedIn ? null : (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="remindMe" value="on" defaultChecked={false} />
                E-mail me a reminder if I don&apos;t finish my order
              </label>
            )}
          </fieldset>

          {byEmail ? (
            <fieldset className="space-y-4">
              <legend className="text-lg font-semibold">Billing details</legend>
              <p className="text-sm text-stone-600">
                Gift cards are sent by e-mail, so we need no postal address: only your name and country (for the invoice
                and its currency).
              </p>
              <input type="hidden" name={BY_EMAIL_FIELD.name} value={BY_EMAIL_FIELD.value} />
              <AddressFields fields={fields} countries={countries} billingOnly />
            </fieldset>
          ) : (
            <>
              {addresses.length > 0 ? <SavedAddressChoice addresses={addresses} onChoice={onChoice} /> : null}

              <fieldset className="space-y-4" hidden={!newAddressShown}>
                <legend className="text-lg font-semibold">
                  {addresses.length > 0 ? "Or a new delivery address" : "Delivery address"}
                </legend>
                <AddressFields fields={fields} countries={countries} />
                {signedIn ? <SaveAddressBox full={addresses.length >= MAX_ADDRESSES} /> : null}
              </fieldset>
            </>
          )}

          <fieldset>
            <legend className="text-lg font-semibold">Delivery method</legend>
            {byEmail ? null : (
              <p className="mt-1 text-sm text-stone-600">
                Prices for delivery to {countries.find((c) => c.code === delivery.country)?.name ?? delivery.country}.
                Another country may be priced differently: you will see its prices before anything is charged.
              </p>
            )}
            {delivery.taxNotice ? (
              <p
                className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-stone-800"
                data-testid="delivery-tax-notice"
              >
                {delivery.taxNotice}
              </p>
            ) : null}
            <div className="mt-3 space-y-2">
              {shippingOptions.map((option) => (
                <label
                  key={option.method}
                  className="flex cursor-pointer items-center justify-between rounded-md border border-stone-300 px-4 py-3 has-[:checked]:border-stone-900"
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="radio"
                      id={option === shippingOptions[0] ? fields.shippingMethod.id : undefined}
                      name={fields.shippingMethod.name}
                      value={option.method}
                      defaultChecked={option.method === chosenMethod}
                      required
                    />
                    {option.label}
                  </span>
                  <span className="font-medium">
                    {option.priceMinor === 0 ? "Free" : formatMoney(option.priceMinor, currency)}
                  </span>
                </label>
              ))}
            </div>
            {fields.shippingMethod.errors ? (
              <p className="mt-1 text-sm text-red-700">{fields.shippingMethod.errors[0]}</p>
            ) : null}
          </fieldset>

          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold">Payment</legend>
            {withCard ? (
              <CardFields
                number={fields.cardNumber}
                expiry={fields.expiry}
                cvc={fields.cvc}
                processorLabel={processor.label}
              />
            ) : (
              <p className="text-sm text-stone-700">
                You will pay on {processor.label}&apos;s secure page and come back here.
              </p>
            )}
          </fieldset>
        </div>

        <aside aria-labelledby="checkout-summary" className="h-fit rounded-lg bg-stone-50 p-6">
          <h2 id="checkout-summary" className="text-lg font-semibold">
            Your order
          </h2>
          <ul className="mt-4 space-y-3 text-sm">
            {cart.lines.map((line) => (
              <li key={line.key} className="flex justify-between gap-3">
                <span>
                  {line.quantity} × {line.name}{" "}
                  <span className="text-stone-600">
                    {line.giftCard ? `(gift card, ${line.size})` : `(${line.colour}, ${line.size})`}
                  </span>
                  {line.problem ? (
                    <span className="block text-amber-800">Not available as it is: review your cart.</span>
                  ) : null}
                </span>
                <span>
                  {formatMoney(line.lineTotalMinor, currency)}
                  {promotions.lineDiscounts[line.key] ? (
                    <span className="block text-xs text-red-700">
                      Discount −{formatMoney(promotions.lineDiscounts[line.key], currency)}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          <OrderSummary
            subtotalMinor={cart.subtotalMinor}
            savingsMinor={cart.savingsMinor}
            shippingMinor={quote.shippingMinor}
            shippingLabel={firstOption.label.replace(/ \(.*\)$/, "")}
            discountMinor={promotions.discountMinor}
            promotions={promotions.applied}
            taxNotice={delivery.taxNotice}
            currency={currency}
          />
          <p className="mt-2 text-xs text-stone-500">
            {shippingOptions
              .slice(1)
              .map((o) => `${o.label.replace(/ \(.*\)$/, "")} adds ${formatMoney(o.priceMinor, currency)} instead. `)
              .join("")}
            The total is checked again when you place the order.
          </p>
          <button type="submit" className="btn-primary mt-6 w-full" disabled={placing}>
            {placing ? "Placing your order…" : withCard ? "Place order and pay" : "Continue to payment"}
          </button>
        </aside>
      </Form>
    </div>
  );
}

/** Checkout that fails leads back to the cart, above the error itself. */
export function ErrorBoundary() {
  return (
    <>
      <p className="mx-auto max-w-2xl px-4 pt-8 text-center text-sm text-stone-700">
        <Link to="/cart" className="font-medium underline">
          Back to your cart
        </Link>
      </p>
      <RouteErrorPage />
    </>
  );
}
