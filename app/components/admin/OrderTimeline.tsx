import { formatDateTime } from "~/lib/admin-format";
import { STATUS_LABELS } from "~/server/services/orders/status-rules";
import type { OrderEvent } from "~/server/store/commerce-types";

/** An order's history, oldest first: status changes and notes, who made them and when. */
export function OrderTimeline({ events }: { events: readonly OrderEvent[] }) {
  return (
    <ol className="relative border-l border-stone-300 pl-6">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className="mb-5 last:mb-0">
          <span aria-hidden="true" className={`absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full ${e.status ? "bg-stone-900" : "bg-stone-300"}`} />
          <p className="text-sm font-semibold">{e.status ? STATUS_LABELS[e.status] : "Note"}</p>
          <p className="text-xs text-stone-600">
            <time dateTime={e.at}>{formatDateTime(e.at)}</time> · by {e.by}
          </p>
          {e.note ? <p className="mt-1 whitespace-pre-line text-sm">{e.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
