import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RowAction } from "~/components/admin/RowAction";
import { TableHead } from "~/components/admin/TableHead";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminPage } from "~/components/admin/AdminPage";
import { ScrollBox } from "~/components/ScrollBox";
import { firstError } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { notFound } from "~/server/http/not-found.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Webhook deliveries", description: "What the shop sent to one endpoint.", noindex: true });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "webhooks.manage");
  const id = String(params.id ?? "").slice(0, 64);
  const endpoint = await context.shop.webhooks.getEndpoint(id);
  if (!endpoint) throw notFound(request);
  const deliveries = await context.shop.webhooks.log(id);
  return {
    endpoint,
    deliveries: deliveries.map(({ body: _body, claimOwner: _owner, ...d }) => d),
  };
}

// One form on the page: any other intent is refused with the same message as a missing delivery.
const resendSchema = z.object({ intent: z.literal("resend"), deliveryId: z.string().max(64) });

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "webhooks.manage");
  const formData = await readForm(request);
  const submission = parseForm(formData, { schema: resendSchema });
  const fail = (message: string, status = 400) => formFailure(submission.reply({ formErrors: [message] }), status);
  const problem = await formGuardProblem(formData, request);
  if (problem) return fail(problem.message, problem.status);
  const id = String(params.id ?? "").slice(0, 64);
  const deliveryId = submission.status === "success" ? submission.value.deliveryId : "";
  const delivery = (await context.shop.webhooks.log(id)).find((d) => d.id === deliveryId);
  if (!delivery) return fail("Choose a delivery of this endpoint to send again.");
  const result = await context.shop.webhooks.resend(actor, deliveryId);
  if (!result.ok) return fail(result.message);
  return redirectWithFlash(
    `/admin/webhooks/${id}`,
    `${delivery.eventType} (${delivery.eventId}) will be sent again now.`,
  );
}

const STATUS_LABELS = { pending: "Waiting", delivered: "Delivered", failed: "Failed" } as const;
const dateFormat = new Intl.DateTimeFormat("en-IE", {
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZone: "UTC",
});
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{dateFormat.format(new Date(iso))} UTC</time> : "—");

export default function WebhookDeliveries() {
  const { endpoint, deliveries } = useLoaderData<typeof loader>();
  const failure = firstError(useActionData<typeof action>()?.result);
  return (
    <AdminPage title="Webhook deliveries" back={{ to: "/admin/webhooks", label: "Webhooks" }}>
      <p className="mt-2 text-sm text-stone-700 [overflow-wrap:anywhere]">
        To {endpoint.url}: {endpoint.events.join(", ")}. The latest 50 events, newest first.
      </p>
      {failure ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {failure.message}
        </p>
      ) : null}
      {deliveries.length === 0 ? (
        <p className="mt-6 text-stone-700">Nothing has been sent to this endpoint yet.</p>
      ) : (
        <ScrollBox label="Deliveries" className="mt-6">
          <table className="w-full text-left text-sm">
            <TableHead
              columns={[
                "Event",
                "Created",
                "Status",
                "Attempts",
                "Last attempt",
                "Last error",
                { label: "Actions", visuallyHidden: true },
              ]}
            />
            <tbody>
              {deliveries.map((d) => (
                <tr key={d.id} className="border-b border-stone-200 align-top">
                  <td className="py-2">
                    <code>{d.eventType}</code>
                    <br />
                    <span className="font-mono text-xs text-stone-600">{d.eventId}</span>
                  </td>
                  <td>{when(d.createdAt)}</td>
                  <td>
                    {STATUS_LABELS[d.status]}
                    {d.status === "pending" && d.attempts > 0 ? <> (next {when(d.nextAttemptAt)})</> : null}
                  </td>
                  <td>{d.attempts}</td>
                  <td>
                    {when(d.lastAttemptAt)}
                    {d.lastStatus !== null ? ` (HTTP ${d.lastStatus})` : ""}
                  </td>
                  <td className="[overflow-wrap:anywhere]">{d.lastError ?? "—"}</td>
                  <td>
                    <RowAction
                      idName="deliveryId"
                      id={d.id}
                      intent="resend"
                      label={`Send ${d.eventType} ${d.eventId} again`}
                      className="btn-secondary whitespace-nowrap"
                    >
                      Send again
                    </RowAction>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </AdminPage>
  );
}
