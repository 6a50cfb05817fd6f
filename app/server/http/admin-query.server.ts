import { ORDER_STATUSES, type OrderStatus } from "~/domain/commerce";
import type { Role } from "~/domain/profile";
import {
  DAY_MS,
  GRANULARITIES,
  startOfUtcDay,
  type Granularity,
  type Window,
} from "../services/analytics/periods.server";

// Parsing the back office's GET query strings. Bad input never fails a page: each parser falls
// back to a sane default and says what it ignored, and the route answers 400 with that message
// on the page (so the address bar's mistake is visible, and the page is still useful).

export interface Parsed<T> {
  value: T;
  problems: string[];
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const MAX_PAGE = 10_000;
/** Reports cover at most a little over a year: enough to compare seasons, bounded in cost. */
export const MAX_REPORT_DAYS = 400;

/** A page number: 1 when missing; 1 with a message when it is not a whole number from 1. */
export function parsePage(raw: string | null): Parsed<number> {
  if (raw === null || raw === "") return { value: 1, problems: [] };
  if (!/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_PAGE)
    return { value: 1, problems: [`“${raw.slice(0, 20)}” is not a page number; showing page 1.`] };
  return { value: Number(raw), problems: [] };
}

/** "YYYY-MM-DD" as the UTC midnight it starts; null when missing or not a real date. */
export function parseDay(raw: string | null): number | null | "invalid" {
  if (raw === null || raw === "") return null;
  if (!DAY_PATTERN.test(raw)) return "invalid";
  const ms = Date.parse(`${raw}T00:00:00.000Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== raw ? "invalid" : ms;
}

export const dayInput = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export interface DateRange {
  /** Inclusive first day and exclusive end, as a window. */
  window: Window;
  /** What the form shows: the first and the last day, inclusive. */
  fromDay: string;
  toDay: string;
}

/**
 * from/to days (inclusive) from the query; missing ones default to the last `defaultDays` days
 * up to today. An impossible date, from after to, or a range over MAX_REPORT_DAYS falls back to the default.
 */
export function parseDateRange(params: URLSearchParams, now: number, defaultDays: number): Parsed<DateRange> {
  const today = startOfUtcDay(now);
  const fallback = (): DateRange => ({
    window: { from: today - (defaultDays - 1) * DAY_MS, to: today + DAY_MS },
    fromDay: dayInput(today - (defaultDays - 1) * DAY_MS),
    toDay: dayInput(today),
  });
  const from = parseDay(params.get("from"));
  const to = parseDay(params.get("to"));
  const problems: string[] = [];
  if (from === "invalid") problems.push("The start date is not a date (use YYYY-MM-DD).");
  if (to === "invalid") problems.push("The end date is not a date (use YYYY-MM-DD).");
  if (from === "invalid" || to === "invalid") return { value: fallback(), problems };
  if (from === null && to === null) return { value: fallback(), problems };
  const end = (to ?? today) + DAY_MS;
  const start = from ?? end - defaultDays * DAY_MS;
  if (start >= end)
    return { value: fallback(), problems: ["The start date is after the end date; showing the default period."] };
  if (end - start > MAX_REPORT_DAYS * DAY_MS)
    return {
      value: fallback(),
      problems: [`A report covers at most ${MAX_REPORT_DAYS} days; showing the default period.`],
    };
  return {
    value: { window: { from: start, to: end }, fromDay: dayInput(start), toDay: dayInput(end - DAY_MS) },
    problems,
  };
}

export function parseGranularity(raw: string | null, fallback: Granularity): Parsed<Granularity> {
  if (raw === null || raw === "") return { value: fallback, problems: [] };
  if ((GRANULARITIES as readonly string[]).includes(raw)) return { value: raw as Granularity, problems: [] };
  return { value: fallback, problems: [`“${raw.slice(0, 20)}” is not a grouping; use day, week or month.`] };
}

export function parseOrderStatus(raw: string | null): Parsed<OrderStatus | null> {
  if (raw === null || raw === "") return { value: null, problems: [] };
  if ((ORDER_STATUSES as readonly string[]).includes(raw)) return { value: raw as OrderStatus, problems: [] };
  return { value: null, problems: [`“${raw.slice(0, 30)}” is not an order status; showing every status.`] };
}

export function parseRole(raw: string | null): Parsed<Role | null> {
  if (raw === null || raw === "") return { value: null, problems: [] };
  if (raw === "admin" || raw === "user") return { value: raw, problems: [] };
  return { value: null, problems: [`“${raw.slice(0, 30)}” is not a role; showing every role.`] };
}

/** Free text from a search box, trimmed and bounded. */
export const parseSearch = (raw: string | null, max = 100): string => (raw ?? "").trim().slice(0, max);

/** An optional from/to day filter (inclusive days); a bad or reversed one is ignored with a message. */
export function parseOptionalRange(
  params: URLSearchParams,
): Parsed<{ from: string | null; to: string | null; fromDay: string; toDay: string }> {
  const from = parseDay(params.get("from"));
  const to = parseDay(params.get("to"));
  const none = { from: null, to: null, fromDay: "", toDay: "" };
  const problems: string[] = [];
  if (from === "invalid") problems.push("The start date is not a date (use YYYY-MM-DD); the date filter is ignored.");
  if (to === "invalid") problems.push("The end date is not a date (use YYYY-MM-DD); the date filter is ignored.");
  if (from === "invalid" || to === "invalid") return { value: none, problems };
  if (from !== null && to !== null && from > to)
    return { value: none, problems: ["The start date is after the end date; the date filter is ignored."] };
  return {
    value: {
      from: from === null ? null : new Date(from).toISOString(),
      to: to === null ? null : new Date(to + DAY_MS).toISOString(),
      fromDay: from === null ? "" : dayInput(from),
      toDay: to === null ? "" : dayInput(to),
    },
    problems,
  };
}

/** A report page's period (from/to, `defaultDays` back by default) and bucket size, with any problems to show. */
export function reportQuery(request: Request, defaultDays: number) {
  const params = new URL(request.url).searchParams;
  const range = parseDateRange(params, Date.now(), defaultDays);
  const by = parseGranularity(params.get("by"), "week");
  return {
    window: range.value.window,
    by: by.value,
    fromDay: range.value.fromDay,
    toDay: range.value.toDay,
    problems: [...range.problems, ...by.problems],
  };
}
