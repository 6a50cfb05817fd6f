import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuditList } from "~/components/admin/AuditList";
import { seo } from "~/lib/seo";
import { AUDIT_ENTITY_TYPES, type AuditEntityType } from "~/domain/audit";
import { requirePermission } from "~/server/http/permissions.server";

export const meta: MetaFunction = (args) =>
  seo(args, { title: "Audit log", description: "Every change made in the back office.", noindex: true });

const CURSOR = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z-[\da-f-]{1,40}$/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "audit.view");
  const params = new URL(request.url).searchParams;
  const rawType = params.get("entityType");
  const entityType = AUDIT_ENTITY_TYPES.includes(rawType as AuditEntityType) ? (rawType as AuditEntityType) : undefined;
  const entityId = (params.get("entityId") ?? "").trim().slice(0, 100) || undefined;
  const rawBefore = params.get("before");
  const before = rawBefore && CURSOR.test(rawBefore) ? rawBefore : undefined;
  const page = await context.shop.audit.listViews({ entityType, entityId, before });
  return {
    ...page,
    entityType: entityType ?? "",
    entityId: entityId ?? "",
    paged: Boolean(before),
    types: AUDIT_ENTITY_TYPES,
  };
}

export default function AuditLog() {
  const { entries, nextBefore, entityType, entityId, paged, types } = useLoaderData<typeof loader>();
  const base = new URLSearchParams();
  if (entityType) base.set("entityType", entityType);
  if (entityId) base.set("entityId", entityId);
  const older = new URLSearchParams(base);
  if (nextBefore) older.set("before", nextBefore);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Audit log</h1>
      <p className="mt-2 text-sm text-stone-600">
        Every change made in the back office: who, when, what, and the values before and after. Newest first.
      </p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filter the audit log">
        <div>
          <label htmlFor="audit-type" className="block text-sm font-medium">
            Entity
          </label>
          <select id="audit-type" name="entityType" defaultValue={entityType} className="input mt-1">
            <option value="">All</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-id" className="block text-sm font-medium">
            Entity id
          </label>
          <input id="audit-id" name="entityId" defaultValue={entityId} className="input mt-1" />
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
      </Form>
      <div className="mt-6 overflow-x-auto">
        <AuditList entries={entries} showEntity />
      </div>
      <nav aria-label="Audit log pages" className="mt-6 flex gap-4 text-sm">
        {paged ? (
          <Link to={`/admin/audit${base.size ? `?${base}` : ""}`} className="underline">
            Newest entries
          </Link>
        ) : null}
        {nextBefore ? (
          <Link to={`/admin/audit?${older}`} className="underline">
            Older entries
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
