import { STATUS_LABELS } from "~/lib/order-status";
import type { OrderEvent } from "~/domain/commerce";

const dateTime = new Intl.DateTimeFormat("en-IE", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Every change an order went through, oldest first, with its time (UTC). */
export function OrderTimeline({ events, showActor = false }: { events: readonly OrderEvent[]; showActor?: boolean }) {
  return (
    <ol className="relative space-y-4 border-l border-stone-200 pl-6" aria-label="Order timeline">
      {events.map((event, i) => (
        <li key={`${event.at}-${i}`} className="relative">
          <span
            className="absolute -left-[1.85rem] top-1 h-3 w-3 rounded-full border-2 border-white bg-stone-900"
            aria-hidden="true"
          />
          <p className="text-sm font-medium">{event.status ? STATUS_LABELS[event.status] : "Note"}</p>
          <p className="text-xs text-stone-500">
            <time dateTime={event.at}>{dateTime.format(new Date(event.at))} UTC</time>
            {showActor ? ` · ${event.by}` : null}
          </p>
          {event.note ? <p className="mt-1 text-sm text-stone-700">{event.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}
