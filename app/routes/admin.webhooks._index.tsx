import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { ScrollBox } from "~/components/ScrollBox";
import { WEBHOOK_EVENTS } from "~/domain/webhook";
import { seo } from "~/lib/seo";
import { getContext } from "~/server/context.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formGuardProblem } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Webhooks", description: "Endpoints other systems receive the shop's events at.", noindex: true });

// The answer that shows a new endpoint's signing secret must never be kept by a cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "webhooks.manage");
  return { endpoints: await getContext().webhooks.listEndpoints() };
}

type ActionAnswer =
  | { intent: "create"; created: { url: string; secret: string } }
  | {
      intent: "create";
      errors: { url?: string; events?: string; form?: string };
      values: { url: string; events: string[] };
    }
  | { intent: "remove"; error: string };

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, "webhooks.manage");
  const formData = await readForm(request);
  const problem = await formGuardProblem(formData, request);
  if (formData.get("intent") === "remove") {
    if (problem) return data<ActionAnswer>({ intent: "remove", error: problem.message }, { status: problem.status });
    const result = await getContext().webhooks.remove(actor, String(formData.get("endpointId") ?? "").slice(0, 64));
    if (!result.ok) return data<ActionAnswer>({ intent: "remove", error: result.message }, { status: 400 });
    return redirectWithFlash("/admin/webhooks", `Removed the endpoint ${result.url}. It receives no more events.`);
  }
  const values = {
    url: String(formData.get("url") ?? "").slice(0, 600),
    events: formData.getAll("events").map(String).slice(0, 20),
  };
  if (problem)
    return data<ActionAnswer>(
      { intent: "create", errors: { form: problem.message }, values },
      { status: problem.status },
    );
  const result = await getContext().webhooks.register(actor, values);
  if (!result.ok) return data<ActionAnswer>({ intent: "create", errors: result.errors, values }, { status: 400 });
  // The secret is in this answer only: never in a URL or a cookie.
  return data<ActionAnswer>({ intent: "create", created: { url: result.endpoint.url, secret: result.secret } });
}

export default function AdminWebhooks() {
  const { endpoints } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const created = answer && "created" in answer ? answer.created : null;
  const failed = answer && "errors" in answer ? answer : null;
  const removeError = answer && "error" in answer ? answer.error : null;
  return (
    <AdminPage title="Webhooks">
      <p className="mt-4 max-w-prose text-sm text-stone-700">
        The shop posts each event to every endpoint that takes it, signed with the endpoint&apos;s secret in the{" "}
        <code>Hemline-Signature</code> header (<code>t=…,v1=…</code>, an HMAC-SHA256 of the time, a dot and the body).
        Failed deliveries are retried for 24 hours.
      </p>
      {created ? (
        <div role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4 text-sm">
          <p className="font-medium [overflow-wrap:anywhere]">
            The endpoint {created.url} was added. Copy its signing secret now: it will not be shown again.
          </p>
          <label className="mt-2 block">
            <span className="block text-stone-700">Signing secret</span>
            <input readOnly value={created.secret} className="input mt-1 w-full font-mono" />
          </label>
        </div>
      ) : null}
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
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2">
                  Address
                </th>
                <th scope="col">Events</th>
                <th scope="col">Added by</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
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
                    <Form method="post">
                      <AuthenticityTokenInput />
                      <input type="hidden" name="endpointId" value={e.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="remove"
                        className="btn-secondary"
                        aria-label={`Remove ${e.url}`}
                      >
                        Remove
                      </button>
                    </Form>
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
        {failed?.errors.form ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
            {failed.errors.form}
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
            defaultValue={failed?.values.url}
            aria-invalid={failed?.errors.url ? true : undefined}
            aria-describedby={failed?.errors.url ? "webhook-url-error" : undefined}
            className="input mt-1 w-full"
          />
          {failed?.errors.url ? (
            <p id="webhook-url-error" className="mt-1 text-sm text-red-700">
              {failed.errors.url}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={failed?.errors.events ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium">Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="mt-1 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="events"
                value={event}
                defaultChecked={failed ? failed.values.events.includes(event) : false}
              />
              <code>{event}</code>
            </label>
          ))}
          {failed?.errors.events ? (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-700">
              {failed.errors.events}
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
