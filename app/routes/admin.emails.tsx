import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { seo } from "~/lib/seo";
import { publicOrigin } from "~/server/http/public-origin.server";
import { ORDER_MAIL_KINDS, type OrderMailKind } from "~/server/mail/templates/order-status.server";
import { sampleOrder } from "~/server/mail/templates/sample-order.server";
import { segmentClass } from "~/components/ui/segment-class";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Order e-mails",
    description: "Previews of the e-mails customers get as their orders move on.",
    noindex: true,
  });

const LABELS: Record<OrderMailKind, string> = {
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
  partially_refunded: "Partially refunded",
  payment_failed: "Payment failed",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "emails.view");
  const requested = new URL(request.url).searchParams.get("kind");
  const kind = ORDER_MAIL_KINDS.find((k) => k === requested) ?? "shipped";
  const { orders, config } = context.shop;
  const mail = await orders.previewMail(kind, sampleOrder(kind), publicOrigin(request, config));
  return {
    kind,
    kinds: ORDER_MAIL_KINDS.map((k) => ({ kind: k, label: LABELS[k] })),
    mail: { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? "" },
  };
}

export default function AdminEmails() {
  const { kind, kinds, mail } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">Order e-mails</h1>
      <p className="text-sm text-stone-600">
        What a customer receives when their order reaches each step, shown for a sample order. Nothing is sent from
        here.
      </p>
      <nav aria-label="E-mails">
        <ul className="flex flex-wrap gap-2 text-sm">
          {kinds.map((k) => (
            <li key={k.kind}>
              <Link
                to={`/admin/emails?kind=${k.kind}`}
                aria-current={k.kind === kind ? "page" : undefined}
                className={segmentClass(k.kind === kind)}
              >
                {k.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <dl className="grid grid-cols-[6rem_1fr] gap-y-1 text-sm">
        <dt className="text-stone-500">To</dt>
        <dd>{mail.to}</dd>
        <dt className="text-stone-500">Subject</dt>
        <dd data-testid="email-subject">{mail.subject}</dd>
      </dl>
      <section aria-labelledby="html-heading">
        <h2 id="html-heading" className="text-lg font-semibold">
          HTML part
        </h2>
        {/* sandbox="": the preview runs no script and follows no link. Out of the tab order, as nothing in it
            can be used (the text part below says the same). */}
        <iframe
          title={`HTML part: ${mail.subject}`}
          srcDoc={mail.html}
          sandbox=""
          tabIndex={-1}
          className="mt-2 h-[36rem] w-full rounded-md border border-stone-200 bg-white"
        />
      </section>
      <section aria-labelledby="text-heading">
        <h2 id="text-heading" className="text-lg font-semibold">
          Text part
        </h2>
        <pre className="mt-2 whitespace-pre-wrap rounded-md bg-stone-50 p-4 text-sm">{mail.text}</pre>
      </section>
    </div>
  );
}
