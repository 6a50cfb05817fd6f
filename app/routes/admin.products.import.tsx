import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FormErrors } from "~/components/forms/Field";
import { seo } from "~/lib/seo";
import { readUploadForm } from "~/server/http/form-body.server";
import { formFailure, formGuardProblem } from "~/server/http/forms.server";
import { firstError } from "~/lib/form-reply";
import { csvColumns, MAX_CSV_BYTES, type ImportPlan } from "~/server/services/admin-catalog/product-csv.server";
import { notFound } from "~/server/http/not-found.server";
import { ScrollBox } from "~/components/ScrollBox";
import { requirePermission } from "~/server/http/permissions.server";

// CSV import: upload -> dry run (line by line: created, changed, unchanged or rejected, with
// reasons; nothing written) -> apply (in chunks; this page shows the progress and refreshes
// itself while the import runs, so it works without JavaScript).

export const meta: MetaFunction<typeof loader> = (args) => [
  ...seo(args, { title: "Import products", description: "Import products from a CSV file.", noindex: true }),
  ...(args.data && "job" in args.data && args.data.job?.status === "running"
    ? [{ httpEquiv: "refresh", content: "2" } as const]
    : []),
];

const SHOWN_LINES = 1000;
const TOO_LARGE =
  "The file is larger than 10 MB. Split it into smaller files (each with the header line) and import them one after another. Nothing was imported.";

/** What the page shows of a dry run: the counts, and the first lines (rejected ones first). */
function planView(plan: ImportPlan) {
  const rejected = plan.rows.filter((r) => r.outcome === "reject");
  const others = plan.rows.filter((r) => r.outcome !== "reject");
  return {
    counts: plan.counts,
    totalLines: plan.rows.length,
    lines: [...rejected, ...others].slice(0, SHOWN_LINES),
    products: plan.products
      .slice(0, SHOWN_LINES)
      .map((p) => ({ slug: p.slug, name: p.name, outcome: p.outcome, changes: p.changes, lines: p.lines.length })),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue.manage");
  const token = new URL(request.url).searchParams.get("job");
  // The fixed columns, then one of own prices per market not priced at base.
  const columns = csvColumns(await context.shop.markets.markets());
  if (!token) return { job: null, plan: null, stalled: false, columns };
  const found = await context.shop.productImports.status(token);
  if (!found) throw notFound(request);
  const { claim: _claim, ...job } = found.job;
  return { job, plan: found.plan ? planView(found.plan) : null, stalled: found.stalled, columns };
}

/** A refused upload or apply: the message above the form (the file input cannot be filled back). */
const refuse = (message: string, status: number) => formFailure({ status: "error", error: { "": [message] } }, status);

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requirePermission(request, context, "catalogue.manage");
  const formData = await readUploadForm(request, {
    maxPartBytes: MAX_CSV_BYTES,
    maxBodyBytes: MAX_CSV_BYTES + 1024 * 1024,
  });
  if (!formData) return refuse(TOO_LARGE, 413);
  const problem = await formGuardProblem(formData, request);
  if (problem) return refuse(problem.message, problem.status);
  const imports = context.shop.productImports;

  if (formData.get("intent") === "apply") {
    const token = String(formData.get("job") ?? "");
    const started = imports.apply(token, actor);
    // Small imports finish while the browser waits; larger ones go on and the page shows progress.
    const job = await Promise.race([
      started,
      new Promise<"running">((resolve) => setTimeout(() => resolve("running"), 1500)),
    ]);
    if (job === null) return refuse("This import no longer exists. Upload the file again.", 404);
    return redirect(`/admin/products/import?job=${token}`, 303);
  }

  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) return refuse("Choose a CSV file to import.", 400);
  if (file.size > MAX_CSV_BYTES) return refuse(TOO_LARGE, 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse("The file is not UTF-8 text. Save it as “CSV UTF-8” and upload it again.", 400);
  }
  if (text.includes("\u0000")) return refuse("The file is not a CSV text file.", 400);
  const { job, plan } = await imports.upload(file.name, text, actor);
  if (!job) return refuse(plan.fileError ?? "The file could not be read.", 400);
  return redirect(`/admin/products/import?job=${job.token}`, 303);
}

const products = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "product" : "products"}`;

const OUTCOME = { create: "Create", update: "Change", unchanged: "Unchanged", reject: "Rejected" } as const;

export default function ImportProducts() {
  const { job, plan, stalled, columns } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const error = firstError(actionData?.result)?.message ?? null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin/products" className="underline">
          All products
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Import products</h1>
      <FormErrors id="import-errors" errors={error ? [error] : undefined} />

      {!job ? (
        <>
          <p className="mt-4 max-w-3xl text-sm text-stone-700">
            One line per size and colour, with the product's fields repeated on each of its lines — the format of{" "}
            <Link to="/admin/products" className="underline">
              Export CSV
            </Link>
            . Products are matched by slug: a known slug changes that product (its images are kept), a new slug creates
            one. A product's lines are its whole list of sizes and colours: any left out are removed. You will see what
            the file would do before anything is saved.
          </p>
          <p className="mt-2 text-xs text-stone-600">
            Columns: <code>{columns.join(", ")}</code>. product_id, material, compare_at_price and featured may be left
            out, as may weight_grams and each market&apos;s price_ column (a product&apos;s own price there, in its
            currency; an empty cell means the converted price, a column left out keeps the prices saved).
          </p>
          <Form method="post" encType="multipart/form-data" className="mt-6 space-y-4">
            <AuthenticityTokenInput />
            <div>
              <label htmlFor="import-file" className="block text-sm font-medium">
                CSV file
              </label>
              <input
                id="import-file"
                type="file"
                name="file"
                accept=".csv,text/csv"
                required
                aria-describedby="import-file-hint"
                className="mt-1 block text-sm"
              />
              <p id="import-file-hint" className="mt-1 text-xs text-stone-500">
                UTF-8 CSV, up to 10 MB.
              </p>
            </div>
            <button type="submit" name="intent" value="upload" className="btn-primary">
              Check the file (dry run)
            </button>
          </Form>
        </>
      ) : (
        <section aria-labelledby="job-heading" className="mt-6">
          <h2 id="job-heading" className="text-lg font-semibold">
            {job.fileName}
          </h2>
          {job.status === "planned" && plan ? (
            <>
              <p className="mt-2 text-sm" role="status">
                Dry run: nothing has been saved. {plan.counts.create} to create, {plan.counts.update} to change,{" "}
                {plan.counts.unchanged} unchanged, {plan.counts.reject} rejected ({plan.counts.rejectedLines} of{" "}
                {plan.totalLines} lines).
              </p>
              <div className="mt-4 flex flex-wrap gap-3">
                {plan.counts.create + plan.counts.update > 0 ? (
                  <Form method="post">
                    <AuthenticityTokenInput />
                    <input type="hidden" name="job" value={job.token} />
                    <button type="submit" name="intent" value="apply" className="btn-primary">
                      Apply import ({products(plan.counts.create + plan.counts.update)})
                    </button>
                  </Form>
                ) : (
                  <p className="text-sm text-stone-600">There is nothing to apply.</p>
                )}
                <Link to="/admin/products/import" className="btn-secondary">
                  Upload another file
                </Link>
              </div>
              {plan.counts.reject ? (
                <p className="mt-3 text-sm text-amber-800">
                  Rejected products are left out of the import; fix their lines and import them again.
                </p>
              ) : null}
              <h3 className="mt-8 font-semibold">Line by line</h3>
              {plan.totalLines > plan.lines.length ? (
                <p className="text-xs text-stone-600">
                  Showing {plan.lines.length} of {plan.totalLines} lines, rejected ones first.
                </p>
              ) : null}
              <ScrollBox label="What each line of the file would do" className="mt-2">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">What each line of the file would do</caption>
                  <thead>
                    <tr className="border-b border-stone-300">
                      <th scope="col" className="py-2 pr-4">
                        Line
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Slug
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        SKU
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Outcome
                      </th>
                      <th scope="col" className="py-2 pr-4">
                        Reasons
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {plan.lines.map((r) => (
                      <tr key={r.line} className="border-b border-stone-200 align-top">
                        <td className="py-1 pr-4">{r.line}</td>
                        <td className="whitespace-nowrap py-1 pr-4">{r.slug}</td>
                        <td className="whitespace-nowrap py-1 pr-4">{r.sku}</td>
                        <td className={`py-1 pr-4 ${r.outcome === "reject" ? "font-medium text-red-700" : ""}`}>
                          {OUTCOME[r.outcome]}
                        </td>
                        <td className="py-1 pr-4">{r.reasons.join(" ")}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollBox>
              <h3 className="mt-8 font-semibold">Products</h3>
              <ul className="mt-2 space-y-1 text-sm">
                {plan.products.map((p) => (
                  <li key={p.slug}>
                    <span className="font-medium">{OUTCOME[p.outcome]}</span>: {p.name || p.slug} ({p.lines}{" "}
                    {p.lines === 1 ? "line" : "lines"}){p.changes.length ? ` — ${p.changes.join(", ")}` : ""}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {job.status === "running" ? (
            <div className="mt-4" role="status">
              <p className="text-sm">
                Applying… {job.progress.done.toLocaleString("en")} of {products(job.progress.total)} written. This page
                refreshes itself.
              </p>
              <progress
                value={job.progress.done}
                max={Math.max(1, job.progress.total)}
                className="mt-2 w-full max-w-md"
                aria-label="Import progress"
              />
            </div>
          ) : null}
          {(job.status === "done" || job.status === "failed") && job.result ? (
            <div className="mt-4 space-y-2" role="status">
              <p className="text-sm">
                {job.status === "done" ? "Import finished" : "Import stopped"}: {products(job.result.written)} written —{" "}
                {job.result.created} created, {job.result.updated} changed, {job.result.unchanged} unchanged,{" "}
                {job.result.rejected} rejected (not imported).
              </p>
              {job.result.error ? <p className="text-sm text-red-700">{job.result.error}</p> : null}
              {stalled ? (
                <Form method="post">
                  <AuthenticityTokenInput />
                  <input type="hidden" name="job" value={job.token} />
                  <button type="submit" name="intent" value="apply" className="btn-primary">
                    Apply the import again
                  </button>
                </Form>
              ) : null}
              <p className="text-sm">
                <Link to="/admin/products" className="underline">
                  See the products
                </Link>{" "}
                ·{" "}
                <Link to="/admin/audit?entityType=import" className="underline">
                  Import history
                </Link>
              </p>
            </div>
          ) : null}
        </section>
      )}
    </div>
  );
}
