// URL slugs of posts, products and tags: lower-case letters, digits and single hyphens.

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;

/** "Caring for Wool & Cashmere!" -> "caring-for-wool-cashmere"; "" when nothing usable is left. */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug.slice(0, SLUG_MAX).replace(/-+$/, "");
}

/**
 * A readable id from a name ("United Kingdom" → "united-kingdom"), at most `max` characters,
 * `fallback` when the name has no letters or digits, and "-2", "-3"… until `taken` says it is free.
 */
export function uniqueSlug(name: string, taken: (id: string) => boolean, fallback: string, max = 40): string {
  const base = slugify(name).slice(0, max).replace(/-+$/, "") || fallback;
  let id = base;
  for (let n = 2; taken(id); n++) id = `${base}-${n}`;
  return id;
}
