const BASE = "http://local.invalid";

/**
 * Only paths on this site are accepted as a place to return to after sign-in: "/orders?x=1" yes;
 * "//evil.com", "https://evil.com", "/\\evil.com", "javascript:…" fall back to the default.
 *
 * The value is normalised the way a browser will read it (dot segments resolved, so "/..//evil"
 * is "//evil") and the result is judged, not the input: what we answer must itself resolve to
 * this origin when a browser follows it.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to) return fallback;
  const value = to.trim();
  // Browsers drop tabs and newlines inside URLs and read "\" as "/": refuse them rather than guess.
  // eslint-disable-next-line no-control-regex -- control characters can smuggle a scheme past browsers
  if (!value.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // "/..//evil.example" and "/%2e%2e//evil.example" normalise to "//evil.example": another host.
    if (!path.startsWith("/") || path.startsWith("//") || new URL(path, BASE).origin !== BASE) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
