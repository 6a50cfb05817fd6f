import { Link } from "@remix-run/react";
import type { Granularity } from "~/server/services/analytics/periods.server";
import { segmentClass } from "~/components/ui/segment-class";

const LABELS: Record<Granularity, string> = { day: "By day", week: "By week", month: "By month" };

/** The day / week / month switch as plain links (the period is kept), so it works without JavaScript. */
export function GranularityLinks({
  path,
  current,
  fromDay,
  toDay,
}: {
  path: string;
  current: Granularity;
  fromDay: string;
  toDay: string;
}) {
  return (
    <nav aria-label="Group by" className="mt-4 flex gap-2">
      {(Object.keys(LABELS) as Granularity[]).map((g) => (
        <Link
          key={g}
          to={`${path}?${new URLSearchParams({ from: fromDay, to: toDay, by: g })}`}
          aria-current={g === current ? "page" : undefined}
          className={segmentClass(g === current, "text-sm")}
        >
          {LABELS[g]}
        </Link>
      ))}
    </nav>
  );
}
