// Time arithmetic for reports. Every report works in UTC: the shop has one time zone for its
// figures, so a day means the same thing on both backends and in every test.

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export type Granularity = "day" | "week" | "month";
export const GRANULARITIES: readonly Granularity[] = ["day", "week", "month"];

/** A half-open time window [from, to) as epoch milliseconds. */
export interface Window {
  from: number;
  to: number;
}

export function startOfUtcDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** Weeks start on Monday (ISO 8601). */
export function startOfUtcWeek(ms: number): number {
  const day = startOfUtcDay(ms);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return day - weekday * DAY_MS;
}

export function startOfUtcMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

export function bucketStart(ms: number, granularity: Granularity): number {
  if (granularity === "day") return startOfUtcDay(ms);
  if (granularity === "week") return startOfUtcWeek(ms);
  return startOfUtcMonth(ms);
}

export function nextBucket(start: number, granularity: Granularity): number {
  if (granularity === "day") return start + DAY_MS;
  if (granularity === "week") return start + 7 * DAY_MS;
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Every bucket start from the bucket holding `from` to the one holding `to - 1`: empty periods show as zero, not as gaps. */
export function bucketStarts(window: Window, granularity: Granularity): number[] {
  const starts: number[] = [];
  if (window.to <= window.from) return starts;
  for (let s = bucketStart(window.from, granularity); s < window.to; s = nextBucket(s, granularity)) starts.push(s);
  return starts;
}

/** "2026-11-21" */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Short labels for chart axes and tables: "21 Nov", "w/c 16 Nov", "Nov 2026". */
export function bucketLabel(start: number, granularity: Granularity): string {
  const d = new Date(start);
  const dayMonth = `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  if (granularity === "day") return dayMonth;
  if (granularity === "week") return `w/c ${dayMonth}`;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export const inWindow = (ms: number, window: Window): boolean => ms >= window.from && ms < window.to;

/** The window of equal length just before this one: what a change is measured against. */
export const previousWindow = (window: Window): Window => ({ from: 2 * window.from - window.to, to: window.from });

/** Relative change from `previous` to `current` (0.25 = +25 %); null when there is nothing to compare with. */
export function change(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}
