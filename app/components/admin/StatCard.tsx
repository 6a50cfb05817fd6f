import { roundedPercent } from "~/domain/percent";
import { formatChange } from "~/lib/admin-format";

/** One headline figure with its change against the previous period. */
export function StatCard({
  label,
  value,
  change,
  previous,
}: {
  label: string;
  value: string;
  change: number | null;
  previous: string;
}) {
  const tone =
    change === null || roundedPercent(change) === 0
      ? "text-stone-600"
      : change > 0
        ? "text-emerald-800"
        : "text-red-800";
  return (
    <div className="rounded-lg border border-stone-200 p-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      <dd className={`mt-1 text-xs ${tone}`}>
        {formatChange(change)} <span className="text-stone-500">(previous period: {previous})</span>
      </dd>
    </div>
  );
}
