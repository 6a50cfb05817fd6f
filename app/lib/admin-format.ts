// Text for back-office figures. Dates show in UTC, the time zone every report is computed in.

import { roundedPercent } from "~/domain/percent";

export { formatPercent } from "~/domain/percent";

const dateTime = new Intl.DateTimeFormat("en-IE", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const dateOnly = new Intl.DateTimeFormat("en-IE", { dateStyle: "medium", timeZone: "UTC" });

export const formatDateTime = (iso: string): string => `${dateTime.format(new Date(iso))} UTC`;
export const formatDate = (iso: string): string => dateOnly.format(new Date(iso));

/** "+25%", "−10%", "no change"; null (nothing to compare with) reads "no earlier data". */
export function formatChange(change: number | null): string {
  if (change === null) return "no earlier data";
  const pct = roundedPercent(change);
  if (pct === 0) return "no change";
  return `${pct > 0 ? "+" : "−"}${Math.abs(pct)}%`;
}

/** "5 h", "1.5 days". */
export function formatHours(hours: number | null): string {
  if (hours === null) return "—";
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

export const formatCount = (n: number): string => n.toLocaleString("en-IE");
