import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { RowAction } from "~/components/admin/RowAction";
import { TableHead } from "~/components/admin/TableHead";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { z } from "zod";
import { AdminPage } from "~/components/admin/AdminPage";
import { SecretShownOnce } from "~/components/admin/SecretShownOnce";
import { ScrollBox } from "~/components/ScrollBox";
import { API_SCOPES } from "~/domain/api-key";
import { fieldError, firstError, replyFor, sentValue, sentValues } from "~/lib/form-reply";
import { seo } from "~/lib/seo";
import { shownOnceFor } from "~/lib/shown-once";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { parseForm } from "~/server/http/form-shape.server";
import { formGuardProblem, intentFailure, serviceErrors, shownOnceAnswer } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "API keys", description: "Keys other systems use to call the admin API.", noindex: true });

// The answer that shows a new key's secret must never be kept by a cache or the browser's history.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "apiKeys.manage");
  return { keys: await context.shop.apiKeys.list() };
}

const keySchema = z.object({
  intent: z.literal("create", { errorMap: () => ({ message: "Choose what to do: create a key or revoke one." }) }),
  name: z.string().max(200).default(""),
  scopes: z.array(z.string().max(40)).max(20).default([]),
});
const revokeSchema = z.object({ intent: z.literal("revoke"), keyId: z.string().max(64).default("") });

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "apiKeys.manage");
  const formData = await readForm(request);
  const problem = await formGuardProblem(formData, request);
  const { apiKeys } = context.shop;
  // Any intent but revoke goes to the new-key form, which refuses what it does not know.
  if (formData.get("intent") === "revoke") {
    const submission = parseForm(formData, { schema: revokeSchema });
    const fail = (message: string, status: number) =>
      intentFailure("revoke", submission.reply({ formErrors: [message] }), status);
    if (problem) return fail(problem.message, problem.status);
    if (submission.status !== "success") return intentFailure("revoke", submission.reply());
    const result = await apiKeys.revoke(actor, submission.value.keyId);
    if (!result.ok) return fail(result.message, 400);
    return redirectWithFlash("/admin/api-keys", `Revoked the key “${result.name}”. It no longer works.`);
  }
  const submission = parseForm(formData, { schema: keySchema });
  if (problem) return intentFailure("create", submission.reply({ formErrors: [problem.message] }), problem.status);
  if (submission.status !== "success") return intentFailure("create", submission.reply());
  const result = await apiKeys.create(actor, submission.value);
  if (!result.ok) return intentFailure("create", submission.reply(serviceErrors(result.errors)));
  return shownOnceAnswer("create", {
    message: `The key “${result.key.name}” was created. Copy it now: it will not be shown again.`,
    label: "New API key",
    secret: result.secret,
  });
}

const dateFormat = new Intl.DateTimeFormat("en-IE", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});
const when = (iso: string | null, never: string) =>
  iso ? <time dateTime={iso}>{dateFormat.format(new Date(iso))} UTC</time> : never;

export default function AdminApiKeys() {
  const { keys } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const created = shownOnceFor(answer, "create");
  const failed = replyFor(answer, "create");
  const revokeError = firstError(replyFor(answer, "revoke"))?.message;
  const formError = failed?.error?.[""]?.[0] ?? fieldError(failed, "intent");
  const nameError = fieldError(failed, "name");
  const scopesError = fieldError(failed, "scopes");
  const sentScopes = sentValues(failed, "scopes");
  return (
    <AdminPage title="API keys">
      <p className="mt-4 max-w-prose text-sm text-stone-700">
        Other systems (accounting, fulfilment, marketing) call the admin API at <code>/api/v1</code> with a key, sent as{" "}
        <code>Authorization: Bearer …</code>. The API is described at{" "}
        <a href="/api/v1/openapi.json" className="underline">
          /api/v1/openapi.json
        </a>
        .
      </p>
      {created ? <SecretShownOnce shown={created} /> : null}
      {revokeError ? (
        <p role="alert" className="mt-4 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
          {revokeError}
        </p>
      ) : null}
      <h2 className="mt-8 text-xl font-semibold">Keys</h2>
      {keys.length === 0 ? (
        <p className="mt-2 text-stone-700">No API keys yet.</p>
      ) : (
        <ScrollBox label="API keys" className="mt-2">
          <table className="w-full text-left text-sm">
            <TableHead columns={["Name", "Key", "Permissions", "Created", "Last used", "Status"]} />
            <tbody>
              {keys.map((k) => (
                <tr key={k.id} className="border-b border-stone-200 align-top">
                  <td className="py-2 font-medium [overflow-wrap:anywhere]">{k.name}</td>
                  <td className="font-mono">{k.prefix}…</td>
                  <td>{k.scopes.join(", ")}</td>
                  <td>
                    {when(k.createdAt, "")} by {k.createdBy}
                  </td>
                  <td>{when(k.lastUsedAt, "Never")}</td>
                  <td>
                    {k.revokedAt ? (
                      <>Revoked {when(k.revokedAt, "")}</>
                    ) : (
                      <RowAction idName="keyId" id={k.id} intent="revoke" label={`Revoke ${k.name}`}>
                        Revoke
                      </RowAction>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <h2 className="mt-8 text-xl font-semibold">New key</h2>
      <Form method="post" className="mt-2 max-w-lg space-y-4" noValidate={false}>
        <AuthenticityTokenInput />
        {formError ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
            {formError}
          </p>
        ) : null}
        <div>
          <label htmlFor="api-key-name" className="block text-sm font-medium">
            Name
          </label>
          <input
            id="api-key-name"
            name="name"
            required
            maxLength={80}
            defaultValue={sentValue(failed, "name")}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? "api-key-name-error" : undefined}
            className="input mt-1 w-full"
          />
          {nameError ? (
            <p id="api-key-name-error" className="mt-1 text-sm text-red-700">
              {nameError}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={scopesError ? "api-key-scopes-error" : undefined}>
          <legend className="text-sm font-medium">Permissions</legend>
          {API_SCOPES.map((scope) => (
            <label key={scope} className="mt-1 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                defaultChecked={sentScopes ? sentScopes.includes(scope) : scope.endsWith(":read")}
              />
              <code>{scope}</code>
            </label>
          ))}
          {scopesError ? (
            <p id="api-key-scopes-error" className="mt-1 text-sm text-red-700">
              {scopesError}
            </p>
          ) : null}
        </fieldset>
        <button type="submit" name="intent" value="create" className="btn-primary">
          Create key
        </button>
      </Form>
    </AdminPage>
  );
}
