import type { AuditEntryView } from "~/lib/audit-view";

// Audit entries as a table; each change's before/after values open in a <details> (no JS).
// Values are shown as text, so nothing stored in a snapshot can become markup.

export function AuditList({ entries, showEntity = false }: { entries: AuditEntryView[]; showEntity?: boolean }) {
  if (!entries.length) return <p className="text-sm text-stone-600">No changes recorded yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Audit log entries, newest first</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-4">
              When (UTC)
            </th>
            <th scope="col" className="py-2 pr-4">
              Who
            </th>
            {showEntity ? (
              <th scope="col" className="py-2 pr-4">
                What
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-4">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} className="border-b border-stone-200 align-top">
              <td className="whitespace-nowrap py-2 pr-4">
                <time dateTime={e.at}>{e.at.slice(0, 19).replace("T", " ")}</time>
              </td>
              <td className="py-2 pr-4">{e.actor}</td>
              {showEntity ? (
                <td className="py-2 pr-4">
                  {e.entityHref ? (
                    <a href={e.entityHref} className="underline">
                      {e.entityType} {e.entityId}
                    </a>
                  ) : (
                    `${e.entityType} ${e.entityId}`
                  )}
                </td>
              ) : null}
              <td className="py-2 pr-4">
                <span className="font-medium">{e.action}</span>: {e.summary}
                {e.changes.length ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs text-stone-600">Before and after</summary>
                    <dl className="mt-2 space-y-2 text-xs">
                      {e.changes.map((c) => (
                        <div key={c.field}>
                          <dt className="font-semibold">{c.field}</dt>
                          <dd className="grid gap-1 sm:grid-cols-2">
                            <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-red-50 p-2">
                              {c.before}
                            </pre>
                            <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-emerald-50 p-2">
                              {c.after}
                            </pre>
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
