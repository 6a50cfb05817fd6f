// Pure helpers for blog posts, shared by the service, the editor's schema and the tests.
import { slugify } from "./slug";

export const TITLE_MAX = 160;
export const EXCERPT_MAX = 300;
export const BODY_MAX = 200_000;
export const ALT_MAX = 200;
export const TAGS_MAX = 8;
export const POSTS_PER_PAGE = 10;
export const WORDS_PER_MINUTE = 200;
/** The editor's "publish at" field: what a datetime-local input sends, read as UTC. */
export const PUBLISH_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?$/;

/** Whole minutes at 200 words a minute, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/[#>*_`~[\]()!|-]/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/** "Care, care tips , Wool" -> ["care", "care-tips", "wool"]: slug-shaped, unique, at most TAGS_MAX. */
export function normaliseTags(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(",");
  const tags = parts.map((t) => slugify(t).slice(0, 40)).filter(Boolean);
  return [...new Set(tags)].slice(0, TAGS_MAX);
}

/** Plain text from Markdown, for a generated excerpt: the first `max` characters, cut at a word. */
export function excerptFrom(markdown: string, max = 200): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`~]/g, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, "")}…`;
}

/** "2026-12-01T09:00" (read as UTC) -> ISO string; null when it is not a real date in that format. */
export function parsePublishAt(value: string): string | null {
  if (!PUBLISH_AT_PATTERN.test(value)) return null;
  const date = new Date(`${value.length === 16 ? `${value}:00` : value}Z`);
  if (Number.isNaN(date.getTime())) return null;
  // Reject dates the calendar does not have (2026-02-30 would roll over to March).
  if (date.toISOString().slice(0, 16) !== value.slice(0, 16)) return null;
  return date.toISOString();
}

/** ISO -> the datetime-local value (UTC) the editor shows. */
export function toPublishAtInput(iso: string | null): string {
  return iso ? iso.slice(0, 16) : "";
}

export function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-IE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** A cover URL the editor may keep: an uploaded image or a generated illustration. */
export const COVER_URL_PATTERN =
  /^(\/uploads\/blog\/[a-f0-9]{32}\.(png|jpg|webp)|\/media\/v1\/[a-z-]{1,20}\/(front|back|detail|flat)\/[0-9a-f]{6}\.svg)$/;
