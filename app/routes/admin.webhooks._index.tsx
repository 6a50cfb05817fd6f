import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RowAction } from "~/components/admin/RowAction";
import { TableHead } from "~/components/admin/TableHead";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AdminPage } from "~/components/admin/AdminPage";
import { SecretShownOnce } from "~/components/admin/SecretShownOnce";
import { ScrollBox } from "~/components/ScrollBox";
import { WEBHOOK_EVENTS } from "~/domain/webhook";
import { fieldError, firstError, replyFor, sentValue, sentValues } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { shownOnceFor } from "~/lib/shown-once";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formGuardProblem, intentFailure, serviceErrors, shownOnceAnswer } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Webhooks", description: "Endpoints other systems receive the shop's events at.", noindex: true });

// The answer that shows a new endpoint's signing secret must never be kept by a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "webhooks.manage");
  return { endpoints: await context.shop.webhooks.listEndpoints() };
}

const endpointSchema = z.object({
  intent: z.literal("create", { errorMap: () => ({ message: "Choose what to do: add an endpoint or remove one." }) }),
  url: z.string().max(600).default(""),
  events: z.array(z.string().max(60)).max(20).default([]),
});
const removeSchema = z.object({ intent: z.literal("remove"), endpointId: z.string().max(64).default("") });

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "webhooks.manage");
  const formData = await readForm(request);
  const problem = await formGuardProblem(formData, request);
  const { webhooks } = context.shop;
  // Any intent but remove goes to the new-endpoint form, which refuses what it does not know.
  if (formData.get("intent") === "remove") {
    const submission = parseForm(formData, { schema: removeSchema });
    const fail = (message: string, status: number) =>
      intentFailure("remove", submission.reply({ formErrors: [message] }), status);
    if (problem) return fail(problem.message, problem.status);
    if (submission.status !== "success") return intentFailure("remove", submission.reply());
    const result = await webhooks.remove(actor, submission.value.endpointId);
    if (!result.ok) return fail(result.message, 400);
    return redirectWithFlash("/admin/webhooks", `Removed the endpoint ${result.url}. It receives no more events.`);
  }
  const submission = parseForm(formData, { schema: endpointSchema });
  if (problem) return intentFailure("create", submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return intentFailure("create", submission.reply());
  const result = await webhooks.register(actor, submission.value);
  if (!result.ok) return intentFailure("create", submission.reply(serviceErrors(result.errors)));
  return shownOnceAnswer("create", {
    message: `The endpoint ${result.endpoint.url} was added. Copy its signing secret now: it will not be shown again.`,
    label: "Signing secret",
    secret: result.secret,
  });
}

export default function AdminWebhooks() {
  const { endpoints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const created = shownOnceFor(answer, "create");
  const failed = replyFor(answer, "create");
  const removeError = firstError(replyFor(answer, "remove"))?.message;
  const formError = failed?.error?.[""]?.[0] ?? fieldError(failed, "intent");
  const urlError = fieldError(failed, "url");
  const eventsError = fieldError(failed, "events");
  const sentEvents = sentValues(failed, "events");
  return (
    <AdminPage title="Webhooks">
      <p className="mt-4 max-w-prose text-sm text-stone-700">
        The shop posts each event to every endpoint that takes it, signed with the endpoint&apos;s secret in the{" "}
        <code>Hemline-Signature</code> header (<code>t=…,v1=…</code>, an HMAC-SHA256 of the time, a dot and the body).
        Failed deliveries are retried for 24 hours.
      </p>
      {created ? <SecretShownOnce shown={created} /> : null}
      {removeError ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {removeError}
        </p>
      ) : null}
      <h2 className="mt-8 text-xl font-semibold">Endpoints</h2>
      {endpoints.length === 0 ? (
        <p className="mt-2 text-stone-700">No endpoints yet.</p>
      ) : (
        <ScrollBox label="Webhook endpoints" className="mt-2">
          <table className="w-full text-left text-sm">
            <TableHead columns={["Address", "Events", "Added by", { label: "Actions", visuallyHidden: true }]} />
            <tbody>
              {endpoints.map((e) => (
                <tr key={e.id} className="border-b border-stone-200 align-top">
                  <td className="py-2 [overflow-wrap:anywhere]">
                    <Link to={`/admin/webhooks/${e.id}`} className="font-medium underline">
                      {e.url}
                    </Link>
                  </td>
                  <td>{e.events.join(", ")}</td>
                  <td>{e.createdBy}</td>
                  <td>
                    <RowAction idName="endpointId" id={e.id} intent="remove" label={`Remove ${e.url}`}>
                      Remove
                    </RowAction>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <h2 className="mt-8 text-xl font-semibold">New endpoint</h2>
      <Form method="post" className="mt-2 max-w-lg space-y-4">
        <AuthenticityTokenInput />
        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <div>
          <label htmlFor="webhook-url" className="block text-sm font-medium">
            Address
          </label>
          <input
            id="webhook-url"
            name="url"
            type="url"
            required
            maxLength={500}
            placeholder="https://example.com/hooks/hemline"
            defaultValue={sentValue(failed, "url")}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? "webhook-url-error" : undefined}
            className="input mt-1 w-full"
          />
          {urlError ? (
            <p id="webhook-url-error" className="mt-1 text-sm text-red-700">
              {urlError}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={eventsError ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium">Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="mt-1 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="events"
                value={event}
                defaultChecked={sentEvents?.includes(event) ?? false}
              />
              <code>{event}</code>
            </label>
          ))}
          {eventsError ? (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-700">
              {eventsError}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" name="intent" value="create" className="btn-primary">
          Add endpoint
        </button>
      </Form>
    </AdminPage>
  );
}
