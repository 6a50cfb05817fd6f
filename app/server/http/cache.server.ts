// Cache-Control presets, so every route picks a named policy instead of inventing one.
export const CACHE = {
  /** Content addressed by a versioned URL: never changes. */
  immutable: "public, max-age=31536000, immutable",
  /** Public resources (sitemap) that may lag a little behind the catalogue. */
  short: "public, max-age=60, stale-while-revalidate=600",
  /** Static public resources (robots.txt). */
  static: "public, max-age=300, stale-while-revalidate=86400",
  none: "no-store",
} as const;
