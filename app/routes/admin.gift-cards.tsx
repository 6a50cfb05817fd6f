import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RowAction } from "~/components/admin/RowAction";
import { TableHead } from "~/components/admin/TableHead";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AdminPage } from "~/components/admin/AdminPage";
import { SecretShownOnce } from "~/components/admin/SecretShownOnce";
import { ScrollBox } from "~/components/ScrollBox";
import { fieldError, firstError, replyFor } from "~/lib/form-reply";
import {
  formatMoney,
  BASE_CURRENCY,
  CURRENCIES,
  CURRENCY_CODES,
  currencySymbol,
  parseMinor,
  type CurrencyCode,
} from "~/domain/money";
import { GiftCardLiability } from "~/components/admin/GiftCardLiability";
import { scaledLimitMinor } from "~/domain/gift-card-currency";
import { seo } from "~/lib/seo";
import { shownOnceFor } from "~/lib/shown-once";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formGuardProblem, intentFailure, shownOnceAnswer } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";

// The back office's gift cards: the outstanding balance (what the shop owes: a liability), issuing a card
// (its code shown once, only its hash kept), top-ups, voids and a card's ledger (?card=id). A card holds
// the currency it was issued in: its top-ups, ledger and balance are in it.

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Gift cards", description: "Issue, top up and void gift cards.", noindex: true });

// The answer that shows a new card's code must never be kept by a cache or the browser's history.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** The most one card is issued or topped up for: €1,000, scaled per currency. */
const MAX_CARD_EUROS = 1000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "giftCards.manage");
  const { giftCards } = context.shop;
  const selected = new URL(request.url).searchParams.get("card");
  const [cards, liability] = await Promise.all([giftCards.list(), giftCards.liability()]);
  const card = selected ? (cards.find((c) => c.id === selected) ?? null) : null;
  return {
    liability,
    cards: cards.map((c) => ({
      id: c.id,
      last4: c.last4,
      currency: c.currency,
      initialMinor: c.initialMinor,
      balanceMinor: c.balanceMinor,
      status: c.status,
      recipientEmail: c.recipientEmail,
      createdAt: c.createdAt,
    })),
    ledger: card ? { last4: card.last4, currency: card.currency, entries: await giftCards.ledger(card.id) } : null,
  };
}

/** Why a typed amount cannot be issued or topped up in `currency`, or its minor units. */
function parseAmount(text: string, currency: CurrencyCode): { minor: number } | { problem: string } {
  const minor = parseMinor(text, currency);
  const max = scaledLimitMinor(MAX_CARD_EUROS, currency);
  if (minor === null || minor <= 0 || minor > max)
    return { problem: `Enter an amount between ${formatMoney(1, currency)} and ${formatMoney(max, currency)}.` };
  return { minor };
}

const amount = z.string({ required_error: "Enter an amount." }).trim().min(1, "Enter an amount.");
const issueSchema = z.object({
  intent: z.literal("issue", { errorMap: () => ({ message: "Choose what to do: issue, top up or void a card." }) }),
  amount,
  currency: z
    .enum(CURRENCY_CODES, { errorMap: () => ({ message: "Choose one of the listed currencies." }) })
    .default(BASE_CURRENCY),
  recipientEmail: z.string().trim().email("Enter a valid e-mail address.").max(254).optional(),
  message: z.string().trim().max(500, "Keep the message under 500 characters.").optional(),
});
const topUpSchema = z.object({ intent: z.literal("top-up"), cardId: z.string().max(64), amount });
const voidSchema = z.object({ intent: z.literal("void"), cardId: z.string().max(64) });

export async function action({ request, context }: ActionFunctionArgs) {
  const { uid, actor } = await requirePermission(request, context, "giftCards.manage");
  const formData = await readForm(request);
  const problem = await formGuardProblem(formData, request);
  const { giftCards } = context.shop;
  const intent = formData.get("intent");
  if (intent === "top-up" || intent === "void") {
    const submission = parseForm(formData, { schema: intent === "top-up" ? topUpSchema : voidSchema });
    const fail = (message: string, status: number) =>
      intentFailure("card", submission.reply({ formErrors: [message] }), status);
    if (problem) return fail(problem.message, problem.status);
    if (submission.status !== "success") return intentFailure("card", submission.reply());
    const value = submission.value;
    if (value.intent === "void") {
      const voided = await giftCards.void(value.cardId, actor);
      if (!voided) return fail("No such gift card.", 404);
      return redirectWithFlash(
        "/admin/gift-cards",
        `Gift card ending ${voided.last4} voided. It can no longer be spent.`,
      );
    }
    // A top-up is in the card's own currency.
    const card = await giftCards.get(value.cardId);
    if (!card) return fail("No such gift card.", 404);
    const parsed = parseAmount(value.amount, card.currency);
    if ("problem" in parsed)
      return intentFailure("card", submission.reply({ fieldErrors: { amount: [parsed.problem] } }), 400);
    const topped = await giftCards.topUp(value.cardId, parsed.minor, actor);
    if (!topped.ok)
      return fail(topped.reason === "voided" ? "A voided card cannot be topped up." : "No such gift card.", 400);
    const [added, now] = [
      formatMoney(parsed.minor, card.currency),
      formatMoney(topped.card.balanceMinor, card.currency),
    ];
    return redirectWithFlash(
      "/admin/gift-cards",
      `Gift card ending ${topped.card.last4} topped up by ${added}: ${now} now.`,
    );
  }
  const submission = parseForm(formData, { schema: issueSchema });
  if (problem) return intentFailure("issue", submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return intentFailure("issue", submission.reply());
  const parsed = parseAmount(submission.value.amount, submission.value.currency);
  if ("problem" in parsed)
    return intentFailure("issue", submission.reply({ fieldErrors: { amount: [parsed.problem] } }), 400);
  const { card, code } = await giftCards.issue({
    amountMinor: parsed.minor,
    currency: submission.value.currency,
    recipientEmail: submission.value.recipientEmail ?? null,
    message: submission.value.message ?? null,
    source: { kind: "admin", staffUid: uid },
    actor,
  });
  return shownOnceAnswer("issue", {
    message: `A gift card of ${formatMoney(card.initialMinor, card.currency)} was issued. Copy its code now: it will not be shown again.`,
    label: "Gift card code",
    secret: code,
  });
}

const day = new Intl.DateTimeFormat("en-IE", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const KIND_LABELS = {
  issued: "Issued",
  topped_up: "Topped up",
  redeemed: "Spent on an order",
  refunded: "Refunded back",
  voided: "Voided",
} as const;

export default function AdminGiftCards() {
  const { cards, liability, ledger } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const issued = shownOnceFor(answer, "issue");
  const failed = replyFor(answer, "issue");
  const cardError = firstError(replyFor(answer, "card"))?.message;
  return (
    <AdminPage title="Gift cards">
      <GiftCardLiability liability={liability} className="mt-4 text-lg" />
      {issued ? <SecretShownOnce shown={issued} /> : null}
      {cardError ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {cardError}
        </p>
      ) : null}

      <h2 className="mt-8 text-xl font-semibold">Issue a card</h2>
      <Form method="post" className="mt-2 grid max-w-md gap-3 text-sm">
        <AuthenticityTokenInput />
        {failed?.error?.[""]?.[0] ? (
          <p role="alert" className="text-red-700">
            {failed.error[""][0]}
          </p>
        ) : null}
        <label className="block">
          <span className="font-medium">Currency</span>
          <select name="currency" defaultValue={BASE_CURRENCY} className="input mt-1 w-full">
            {CURRENCY_CODES.map((code) => (
              <option key={code} value={code}>
                {code} – {CURRENCIES[code].name}
              </option>
            ))}
          </select>
          {fieldError(failed, "currency") ? (
            <span className="text-red-700">{fieldError(failed, "currency")}</span>
          ) : null}
        </label>
        <label className="block">
          <span className="font-medium">Amount</span>
          <input
            name="amount"
            inputMode="decimal"
            required
            className="input mt-1 w-full"
            aria-describedby="issue-amount-error"
          />
          {fieldError(failed, "amount") ? (
            <span id="issue-amount-error" className="text-red-700">
              {fieldError(failed, "amount")}
            </span>
          ) : null}
        </label>
        <label className="block">
          <span className="font-medium">Recipient e-mail (optional)</span>
          <input name="recipientEmail" type="email" className="input mt-1 w-full" />
          {fieldError(failed, "recipientEmail") ? (
            <span className="text-red-700">{fieldError(failed, "recipientEmail")}</span>
          ) : null}
        </label>
        <label className="block">
          <span className="font-medium">Message (optional)</span>
          <textarea name="message" rows={2} className="input mt-1 w-full" />
        </label>
        <button type="submit" name="intent" value="issue" className="btn-primary justify-self-start">
          Issue gift card
        </button>
      </Form>

      <h2 className="mt-8 text-xl font-semibold">Cards</h2>
      {cards.length === 0 ? (
        <p className="mt-2 text-stone-700">No gift cards yet.</p>
      ) : (
        <ScrollBox label="Gift cards" className="mt-2">
          <table className="w-full text-left text-sm">
            <TableHead columns={["Card", "Issued for", "Balance", "Recipient", "Issued", "Top up", "Status"]} />
            <tbody>
              {cards.map((c) => (
                <tr key={c.id} className="border-b border-stone-200 align-top">
                  <td className="py-2 font-mono">
                    <Link
                      to={`?card=${c.id}`}
                      className="underline"
                      aria-label={`Ledger of the card ending ${c.last4}`}
                    >
                      …{c.last4}
                    </Link>
                  </td>
                  <td>{formatMoney(c.initialMinor, c.currency)}</td>
                  <td data-testid={`balance-${c.last4}`}>{formatMoney(c.balanceMinor, c.currency)}</td>
                  <td className="[overflow-wrap:anywhere]">{c.recipientEmail ?? "—"}</td>
                  <td>{day.format(new Date(c.createdAt))}</td>
                  <td>
                    {c.status === "active" ? (
                      <Form method="post" className="flex gap-1">
                        <AuthenticityTokenInput />
                        <input type="hidden" name="cardId" value={c.id} />
                        <input
                          name="amount"
                          inputMode="decimal"
                          required
                          className="input w-20"
                          aria-label={`Top-up amount for the card ending ${c.last4} (${currencySymbol(c.currency)})`}
                        />
                        <button type="submit" name="intent" value="top-up" className="btn-secondary">
                          Top up
                        </button>
                      </Form>
                    ) : null}
                  </td>
                  <td>
                    {c.status === "voided" ? (
                      "Voided"
                    ) : (
                      <RowAction idName="cardId" id={c.id} intent="void" label={`Void the card ending ${c.last4}`}>
                        Void
                      </RowAction>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}

      {ledger ? (
        <section aria-labelledby="ledger-heading" className="mt-8">
          <h2 id="ledger-heading" className="text-xl font-semibold">
            Ledger of the card ending {ledger.last4}
          </h2>
          <ScrollBox label="Ledger" className="mt-2">
            <table className="w-full text-left text-sm">
              <TableHead columns={["When", "What", "Amount", "Balance after", "Order"]} />
              <tbody>
                {ledger.entries.map((e) => (
                  <tr key={e.id} className="border-b border-stone-200">
                    <td className="py-2">{day.format(new Date(e.at))}</td>
                    <td>{KIND_LABELS[e.kind]}</td>
                    <td>
                      {e.kind === "redeemed"
                        ? `−${formatMoney(e.amountMinor, e.currency)}`
                        : formatMoney(e.amountMinor, e.currency)}
                    </td>
                    <td>{formatMoney(e.balanceAfterMinor, e.currency)}</td>
                    <td>{e.orderId ? <Link to={`/admin/orders/${e.orderId}`}>Order</Link> : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        </section>
      ) : null}
    </AdminPage>
  );
}
