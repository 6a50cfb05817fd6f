import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { PostalAddress } from "~/components/orders/PostalAddress";
import { hasPostalAddress } from "~/domain/postal-address";
import { RouteErrorPage } from "~/components/RouteErrorPage";
import { ScrollBox } from "~/components/ScrollBox";
import { invoiceOf } from "~/domain/invoice";
import { refundsOf } from "~/domain/refund";
import { formatMoney } from "~/domain/money";
import { seo } from "~/lib/seo";
import { viewableOrder, viewerPath } from "~/routes/orders.$id/viewable-order.server";

// The printable invoice of a paid order, for whoever may see the order. The site's header and
// footer are hidden in print, so the printed page is the invoice alone.

export const meta: MetaFunction<typeof loader> = (args) =>
  seo(args, {
    title: args.data?.invoice ? `Invoice ${args.data.invoice.number}` : "Invoice",
    description: "The invoice of your order.",
    noindex: true,
  });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const order = await context.shop.orders.invoiceFor(await viewableOrder(request, context, params.id));
  const key = new URL(request.url).searchParams.get("key");
  const orderHref = viewerPath(order.id, key);
  const invoice = invoiceOf(order);
  // Not paid (yet): there is no invoice to show, and the page says why.
  if (!invoice) return data({ invoice: null, orderNumber: order.number, orderHref }, { status: 404 });
  const { config } = context.shop;
  return {
    invoice,
    orderNumber: order.number,
    orderHref,
    orderedAt: order.createdAt,
    email: order.email,
    address: order.address,
    payment: order.payment.cardLast4 ? `${order.payment.cardBrand} ending ${order.payment.cardLast4}` : "Card",
    refunds: refundsOf(order)
      .filter((r) => r.state === "succeeded")
      .map((r) => ({ id: r.id, at: r.at, amountMinor: r.amountMinor })),
    seller: {
      name: config.shopName,
      address: config.invoice.sellerAddress,
      vatNumber: config.invoice.vatNumber ?? null,
      email: config.supportEmail,
    },
  };
}

const dateFormat = new Intl.DateTimeFormat("en-IE", { dateStyle: "long", timeZone: "UTC" });
const formatDay = (iso: string) => dateFormat.format(new Date(iso));

export default function InvoicePage() {
  const loaded = useLoaderData<typeof loader>();
  if (!("seller" in loaded) || !loaded.invoice) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-semibold tracking-tight">No invoice yet</h1>
        <p className="mt-3 text-stone-700">
          Order {loaded.orderNumber} has no invoice yet: one is issued when the order is paid.
        </p>
        <p className="mt-6">
          <Link to={loaded.orderHref} className="font-medium underline">
            Back to order {loaded.orderNumber}
          </Link>
        </p>
      </div>
    );
  }
  const { invoice, seller, address, refunds } = loaded;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={loaded.orderHref} className="text-sm font-medium underline">
          Back to order {loaded.orderNumber}
        </Link>
        <PrintButton />
      </div>
      <article
        aria-labelledby="invoice-heading"
        className="rounded-lg border border-stone-200 p-6 print:border-0 print:p-0"
      >
        <header className="flex flex-wrap justify-between gap-6">
          <div>
            <h1 id="invoice-heading" className="text-2xl font-semibold tracking-tight">
              Invoice {invoice.number}
            </h1>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-stone-600">Invoice date</dt>
              <dd>
                <time dateTime={invoice.issuedAt}>{formatDay(invoice.issuedAt)}</time>
              </dd>
              <dt className="text-stone-600">Order</dt>
              <dd>
                {loaded.orderNumber}, placed <time dateTime={loaded.orderedAt}>{formatDay(loaded.orderedAt)}</time>
              </dd>
              <dt className="text-stone-600">Paid by</dt>
              <dd>{loaded.payment}</dd>
            </dl>
          </div>
          <section aria-label="Seller" className="text-sm">
            <p className="font-semibold">{seller.name}</p>
            {seller.address.map((line) => (
              <p key={line}>{line}</p>
            ))}
            {seller.vatNumber ? <p>VAT number {seller.vatNumber}</p> : null}
            <p>{seller.email}</p>
          </section>
        </header>

        <section aria-labelledby="bill-to-heading" className="mt-6 text-sm">
          <h2 id="bill-to-heading" className="font-semibold">
            {hasPostalAddress(address) ? "Billed and delivered to" : "Billed to"}
          </h2>
          <PostalAddress address={address} className="mt-1 not-italic" />
          <p>{loaded.email}</p>
        </section>

        {/* Which tax rule of the delivery zone applied (decision 0033). */}
        <p className="mt-4 text-sm font-medium" data-testid="invoice-tax-rule">
          {invoice.vatCharged ? `Prices include ${invoice.taxStatement}.` : invoice.taxStatement}
        </p>

        <ScrollBox label="Invoice lines" className="mt-6">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Invoice lines, prices including VAT</caption>
            <thead className="border-b border-stone-300 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Item
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Qty
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Unit price
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Discount
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {invoice.vatCharged ? invoice.taxStatement : "VAT"}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200">
              {invoice.rows.map((row, i) => (
                <tr key={i} className="break-inside-avoid">
                  <th scope="row" className="py-2 pr-3 font-normal">
                    {row.description}
                    {row.detail ? <span className="block text-xs text-stone-600">{row.detail}</span> : null}
                  </th>
                  <td className="py-2 pr-3 text-right">{row.quantity}</td>
                  <td className="py-2 pr-3 text-right">{formatMoney(row.unitPriceMinor, invoice.currency)}</td>
                  <td className="py-2 pr-3 text-right">
                    {row.discountMinor ? `−${formatMoney(row.discountMinor, invoice.currency)}` : "—"}
                  </td>
                  <td className="py-2 pr-3 text-right">{formatMoney(row.vatMinor, invoice.currency)}</td>
                  <td className="py-2 text-right">{formatMoney(row.amountMinor, invoice.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>

        <dl aria-label="Invoice totals" className="ml-auto mt-4 max-w-xs space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Total excluding VAT</dt>
            <dd data-testid="invoice-net">{formatMoney(invoice.netMinor, invoice.currency)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{invoice.vatCharged ? invoice.taxStatement : "VAT"}</dt>
            <dd data-testid="invoice-vat">{formatMoney(invoice.vatMinor, invoice.currency)}</dd>
          </div>
          <div className="flex justify-between border-t border-stone-300 pt-1 text-base font-semibold">
            <dt>Total paid</dt>
            <dd data-testid="invoice-total">{formatMoney(invoice.totalMinor, invoice.currency)}</dd>
          </div>
          {invoice.payments.some((p) => p.method === "gift-card")
            ? invoice.payments.map((p) => (
                <div key={p.method} className="flex justify-between text-stone-700">
                  <dt>{p.method === "gift-card" ? `Paid by gift card ending ${p.last4}` : "Paid by card"}</dt>
                  <dd data-testid={`invoice-paid-${p.method}`}>{formatMoney(p.amountMinor, invoice.currency)}</dd>
                </div>
              ))
            : null}
        </dl>

        {refunds.length > 0 ? (
          <section aria-labelledby="refunds-heading" className="mt-6 text-sm">
            <h2 id="refunds-heading" className="font-semibold">
              Refunded since
            </h2>
            <ul className="mt-1">
              {refunds.map((r) => (
                <li key={r.id}>
                  <time dateTime={r.at}>{formatDay(r.at)}</time>: {formatMoney(r.amountMinor, invoice.currency)}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </div>
  );
}

/** Printing needs the browser's own dialog: without JavaScript, its Print command does the same. */
function PrintButton() {
  const hydrated = useHydrated();
  if (!hydrated) return <p className="text-sm text-stone-600">Use your browser&apos;s Print command to print it.</p>;
  return (
    <button
      type="button"
      onClick={() => window.print()}
      className="rounded-md bg-stone-900 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-700"
    >
      Print invoice
    </button>
  );
}

export function ErrorBoundary() {
  return <RouteErrorPage />;
}
