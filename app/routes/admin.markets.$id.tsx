import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { BASE_CURRENCY, CURRENCIES, CURRENCY_CODES } from "~/domain/money";
import { ROUNDINGS, ROUNDING_LABELS } from "~/domain/market";
import { replyFor } from "~/lib/form-reply";
import { formValuesOf, marketFormSchema, marketFromForm } from "~/lib/market-form";
import { seo } from "~/lib/seo";
import { WORLD_COUNTRIES } from "~/lib/world-countries";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formGuardProblem, intentFailure } from "~/server/http/forms.server";
import { notFound } from "~/server/http/not-found.server";
import { requirePermission } from "~/server/http/permissions.server";

// One market (or a new one at /admin/markets/new): its countries, currency, rate, rounding and
// whether it is the default. One form that works without JavaScript; nothing is written unless
// the whole market is valid and none of its countries is in another market.

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Market", description: "A market's countries, currency and prices.", noindex: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "markets.manage");
  const markets = await context.shop.markets.markets({ fresh: true });
  const market = params.id === "new" ? null : (markets.find((m) => m.id === params.id) ?? null);
  if (params.id !== "new" && !market) throw notFound(request);
  // Which other market holds each country, so the owner sees where a country is before moving it.
  const heldBy = Object.fromEntries(
    markets.filter((m) => m.id !== market?.id).flatMap((m) => m.countries.map((c) => [c, m.name] as const)),
  );
  return {
    market: market ? { id: market.id, ...formValuesOf(market) } : null,
    countries: WORLD_COUNTRIES.map((c) => ({ code: c.code, name: c.name, heldBy: heldBy[c.code] ?? null })),
    currencies: CURRENCY_CODES.map((code) => ({ code, name: CURRENCIES[code].name })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "markets.manage");
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: marketFormSchema });
  const problem = await formGuardProblem(formData, request);
  if (problem) return intentFailure("save", submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return intentFailure("save", submission.reply(), 400);
  const read = marketFromForm(submission.value);
  if (!read.ok) return intentFailure("save", submission.reply({ formErrors: read.problems }), 400);
  const id = params.id === "new" ? null : (params.id ?? null);
  const result = await context.shop.markets.save({ ...read.market, id }, actor);
  if (result.kind === "not-found")
    return intentFailure("save", submission.reply({ formErrors: ["This market was deleted meanwhile."] }), 404);
  if (result.kind === "invalid") return intentFailure("save", submission.reply({ formErrors: result.problems }), 400);
  return redirectWithFlash(
    "/admin/markets",
    `Saved the market ${result.market.name}: its shoppers see prices in ${result.market.currency} from now on.`,
  );
}

export default function AdminMarket() {
  const { market, countries, currencies } = useLoaderData<typeof loader>();
  const reply = replyFor(useActionData<typeof action>(), "save");
  // After a refusal the form shows what was sent; otherwise the market as saved.
  const sent = reply?.initialValue as
    | {
        name?: string;
        countries?: string[] | string;
        currency?: string;
        rate?: string;
        rounding?: string;
        isDefault?: string;
      }
    | undefined;
  const values = sent
    ? {
        name: sent.name ?? "",
        countries: [sent.countries ?? []].flat(),
        currency: sent.currency ?? BASE_CURRENCY,
        rate: sent.rate ?? "",
        rounding: sent.rounding ?? "exact",
        isDefault: sent.isDefault === "on",
      }
    : (market ?? { name: "", countries: [], currency: "GBP", rate: "", rounding: "99", isDefault: false });
  const chosen = new Set(values.countries);
  const allErrors = Object.values(reply?.error ?? {}).flatMap((messages) => messages ?? []);
  const title = market ? `Market: ${market.name}` : "New market";
  return (
    <AdminPage title={title} back={{ to: "/admin/markets", label: "Markets" }}>
      <Form method="post" className="mt-6 space-y-8" aria-describedby={allErrors.length ? "market-errors" : undefined}>
        <AuthenticityTokenInput />
        {allErrors.length ? (
          <div id="market-errors" role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
            <p className="font-medium">The market was not saved:</p>
            <ul className="mt-1 list-disc pl-5">
              {allErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid max-w-2xl gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="market-name" className="block text-sm font-medium">
              Market name
            </label>
            <input
              id="market-name"
              name="name"
              required
              maxLength={60}
              defaultValue={values.name}
              className="input mt-1 w-full"
            />
          </div>
          <div>
            <label htmlFor="market-currency" className="block text-sm font-medium">
              Currency
            </label>
            <select id="market-currency" name="currency" defaultValue={values.currency} className="input mt-1 w-full">
              {currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code} — {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="market-rate" className="block text-sm font-medium">
              Rate: one euro in the market&apos;s currency
            </label>
            <input
              id="market-rate"
              name="rate"
              required
              inputMode="decimal"
              pattern="\d{1,6}(\.\d{1,6})?"
              placeholder="0.86"
              aria-describedby="market-rate-hint"
              defaultValue={values.rate}
              className="input mt-1 w-full"
            />
            <p id="market-rate-hint" className="mt-1 text-xs text-stone-600">
              Use 1 for a market in euros at the catalogue&apos;s prices.
            </p>
          </div>
        </div>

        <fieldset>
          <legend className="text-lg font-semibold">Rounding of converted prices</legend>
          <p className="text-sm text-stone-600">
            Converted prices are rounded up, never down. A product&apos;s own price in the market is used as it is.
          </p>
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            {ROUNDINGS.map((r) => (
              <label key={r} className="flex items-center gap-2">
                <input type="radio" name="rounding" value={r} defaultChecked={values.rounding === r} required />
                {ROUNDING_LABELS[r]}
              </label>
            ))}
          </div>
        </fieldset>

        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isDefault" defaultChecked={values.isDefault} /> The shop&apos;s default market
          (for shoppers who have not chosen and countries in no market)
        </label>

        <fieldset>
          <legend className="text-lg font-semibold">Countries</legend>
          <p className="text-sm text-stone-600">
            A country can be in one market only: take it out of its market before adding it here.
          </p>
          <div className="mt-2 grid gap-1 rounded-md border border-stone-300 p-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {countries.map((c) => (
              <label key={c.code} className="flex items-center gap-2">
                <input type="checkbox" name="countries" value={c.code} defaultChecked={chosen.has(c.code)} />
                <span>
                  {c.name}
                  {c.heldBy ? <span className="text-stone-500"> (in {c.heldBy})</span> : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <button type="submit" className="btn-primary">
          Save market
        </button>
      </Form>
    </AdminPage>
  );
}
