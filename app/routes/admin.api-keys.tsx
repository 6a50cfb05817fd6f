import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { AdminPage } from "~/components/admin/AdminPage";
import { ScrollBox } from "~/components/ScrollBox";
import { API_SCOPES } from "~/domain/api-key";
import { seo } from "~/lib/seo";
import { getContext } from "~/server/context.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { readForm } from "~/server/http/form-body.server";
import { formGuardProblem } from "~/server/http/forms.server";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "API keys", description: "Keys other systems use to call the admin API.", noindex: true });

// The answer that shows a new key's secret must never be kept by a cache or the browser's history.
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePermission(request, "apiKeys.manage");
  return { keys: await getContext().apiKeys.list() };
}

type ActionAnswer =
  | { intent: "create"; created: { name: string; secret: string } }
  | {
      intent: "create";
      errors: { name?: string; scopes?: string; form?: string };
      values: { name: string; scopes: string[] };
    }
  | { intent: "revoke"; error: string };

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, "apiKeys.manage");
  const formData = await readForm(request);
  const problem = await formGuardProblem(formData, request);
  const intent = formData.get("intent");
  if (intent === "revoke") {
    if (problem) return data<ActionAnswer>({ intent, error: problem.message }, { status: problem.status });
    const result = await getContext().apiKeys.revoke(actor, String(formData.get("keyId") ?? "").slice(0, 64));
    if (!result.ok) return data<ActionAnswer>({ intent, error: result.message }, { status: 400 });
    return redirectWithFlash("/admin/api-keys", `Revoked the key “${result.name}”. It no longer works.`);
  }
  const values = {
    name: String(formData.get("name") ?? "").slice(0, 200),
    scopes: formData.getAll("scopes").map(String).slice(0, 20),
  };
  if (problem)
    return data<ActionAnswer>(
      { intent: "create", errors: { form: problem.message }, values },
      { status: problem.status },
    );
  const result = await getContext().apiKeys.create(actor, values);
  if (!result.ok) return data<ActionAnswer>({ intent: "create", errors: result.errors, values }, { status: 400 });
  // The secret is in this answer only: never in a URL, a cookie or the store.
  return data<ActionAnswer>({ intent: "create", created: { name: result.key.name, secret: result.secret } });
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
  const created = answer && "created" in answer ? answer.created : null;
  const failed = answer && "errors" in answer ? answer : null;
  const revokeError = answer && "error" in answer ? answer.error : null;
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
      {created ? (
        <div role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4 text-sm">
          <p className="font-medium">The key “{created.name}” was created. Copy it now: it will not be shown again.</p>
          <label className="mt-2 block">
            <span className="block text-stone-700">Key</span>
            <input readOnly value={created.secret} className="input mt-1 w-full font-mono" aria-label="New API key" />
          </label>
        </div>
      ) : null}
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
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="py-2">
                  Name
                </th>
                <th scope="col">Key</th>
                <th scope="col">Permissions</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
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
                      <Form method="post">
                        <AuthenticityTokenInput />
                        <input type="hidden" name="keyId" value={k.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="revoke"
                          className="btn-secondary"
                          aria-label={`Revoke ${k.name}`}
                        >
                          Revoke
                        </button>
                      </Form>
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
        {failed?.errors.form ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
            {failed.errors.form}
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
            defaultValue={failed?.values.name}
            aria-invalid={failed?.errors.name ? true : undefined}
            aria-describedby={failed?.errors.name ? "api-key-name-error" : undefined}
            className="input mt-1 w-full"
          />
          {failed?.errors.name ? (
            <p id="api-key-name-error" className="mt-1 text-sm text-red-700">
              {failed.errors.name}
            </p>
          ) : null}
        </div>
        <fieldset aria-describedby={failed?.errors.scopes ? "api-key-scopes-error" : undefined}>
          <legend className="text-sm font-medium">Permissions</legend>
          {API_SCOPES.map((scope) => (
            <label key={scope} className="mt-1 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                defaultChecked={failed ? failed.values.scopes.includes(scope) : scope.endsWith(":read")}
              />
              <code>{scope}</code>
            </label>
          ))}
          {failed?.errors.scopes ? (
            <p id="api-key-scopes-error" className="mt-1 text-sm text-red-700">
              {failed.errors.scopes}
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
