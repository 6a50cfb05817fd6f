import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { BASE_CURRENCY, formatMoney } from "~/domain/money";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { FormErrors } from "~/components/forms/Field";
import { seo } from "~/lib/seo";
import { publicOrigin } from "~/server/http/public-origin.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { parseForm } from "~/server/http/form-shape.server";
import { firstError } from "~/lib/form-reply";
import { TEST_CARDS } from "~/server/payments/test-cards";
import { BASE_ORDER_MARKET, pendingPayment, type Order } from "~/domain/commerce";
import { requirePermission } from "~/server/http/permissions.server";

// /test-stripe: admins check which processor takes payments and run a small test
// payment with a chosen test card. Nothing here creates an order or moves stock.

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Test payments", description: "Check the payment processor.", noindex: true });

const AMOUNTS = [100, 500, 2000] as const;
const schema = z.object({
  card: z.enum(TEST_CARDS.map((c) => c.number) as [string, ...string[]], {
    errorMap: () => ({ message: "Choose one of the test cards." }),
  }),
  amount: z
    .enum(AMOUNTS.map(String) as [string, ...string[]], { errorMap: () => ({ message: "Choose an amount." }) })
    .transform(Number),
});

/** The stand-in order Stripe's Checkout page shows for a test payment: never stored, moves no stock. */
function probeOrder(amountMinor: number): Order {
  const at = new Date().toISOString();
  return {
    id: `test-${crypto.randomUUID()}`,
    number: "TEST",
    email: "test-payment@example.com",
    userId: null,
    lines: [
      {
        productId: "test",
        slug: "test",
        name: "Test payment",
        sku: "TEST",
        size: "-",
        colour: "-",
        unitPriceMinor: amountMinor,
        compareAtMinor: null,
        quantity: 1,
        imageUrl: null,
      },
    ],
    subtotalMinor: amountMinor,
    shippingMinor: 0,
    totalMinor: amountMinor,
    ...BASE_ORDER_MARKET,
    address: { name: "Test", line1: "-", line2: "", city: "-", postalCode: "-", country: "IE", phone: "" },
    shipping: { method: "standard", label: "None", priceMinor: 0 },
    payment: pendingPayment("stripe"),
    status: "pending_payment",
    trackingNumber: null,
    history: [],
    idempotencyKey: crypto.randomUUID(),
    createdAt: at,
    updatedAt: at,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "payments.test");
  const { checkout, config } = context.shop;
  const result = new URL(request.url).searchParams.get("result");
  return {
    processor: checkout.processor,
    webhookConfigured: Boolean(config.stripe?.webhookSecret),
    cards: TEST_CARDS.map((c) => ({ number: c.number, brand: c.brand, description: c.description })),
    returned: result === "success" || result === "cancelled" ? result : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requirePermission(request, context, "payments.test");
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema });
  const refuse = (message: string, status: number) => formFailure(submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  if (submission.status !== "success") return formFailure(submission.reply());
  const parsed = { data: submission.value };
  const { checkout, config } = context.shop;
  const origin = publicOrigin(request, config);
  let outcome;
  try {
    outcome = await checkout.testPayment(parsed.data.card, parsed.data.amount, `${origin}/test-stripe`, () =>
      probeOrder(parsed.data.amount),
    );
  } catch (error) {
    console.error("Test payment failed", error);
    return refuse("The payment provider could not be reached. Check the keys and the network.", 502);
  }
  if (outcome.kind === "redirect") return redirect(outcome.url, 303);
  const { charge } = outcome;
  const message = charge.ok
    ? `Test payment of ${formatMoney(parsed.data.amount, BASE_CURRENCY)} succeeded: ${charge.brand} ending ${charge.last4}, reference ${charge.reference}.`
    : `Test payment of ${formatMoney(parsed.data.amount, BASE_CURRENCY)} declined (${charge.code}): ${charge.message}`;
  return redirectWithFlash("/test-stripe", message, { kind: charge.ok ? "success" : "info" });
}

export default function TestStripe() {
  const { processor, webhookConfigured, cards, returned } = useLoaderData<typeof loader>();
  const failure = firstError(useActionData<typeof action>()?.result)?.message;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="text-3xl font-semibold tracking-tight">Test payments</h1>
      <dl className="mt-6 grid grid-cols-[12rem_1fr] gap-y-2 text-sm">
        <dt className="text-stone-500">Active processor</dt>
        <dd data-testid="active-processor">{processor.label}</dd>
        <dt className="text-stone-500">Stripe webhook secret</dt>
        <dd>
          {processor.kind === "hosted"
            ? webhookConfigured
              ? "Configured"
              : "Missing"
            : "Not used (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to use Stripe)"}
        </dd>
      </dl>
      {returned ? (
        <p className="mt-4 text-sm">
          Stripe returned: {returned === "success" ? "payment completed" : "payment cancelled"}.
        </p>
      ) : null}

      <Form method="post" className="mt-8 space-y-5">
        <AuthenticityTokenInput />
        <FormErrors id="test-payment-errors" errors={failure ? [failure] : undefined} />
        <fieldset>
          <legend className="text-sm font-semibold">
            Test card{processor.kind === "hosted" ? " (type it on Stripe's page)" : ""}
          </legend>
          <div className="mt-2 space-y-2">
            {cards.map((card, i) => (
              <label key={card.number} className="flex items-center gap-3 text-sm">
                <input type="radio" name="card" value={card.number} defaultChecked={i === 0} required />
                <span className="font-mono">{card.number.replace(/(\d{4})(?=\d)/g, "$1 ")}</span>
                <span className="text-stone-600">
                  {card.brand}: {card.description}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold">Amount</legend>
          <div className="mt-2 flex gap-4">
            {AMOUNTS.map((amount, i) => (
              <label key={amount} className="flex items-center gap-2 text-sm">
                <input type="radio" name="amount" value={amount} defaultChecked={i === 0} required />
                {formatMoney(amount, BASE_CURRENCY)}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn-primary">
          Run test payment
        </button>
      </Form>
    </div>
  );
}
