/**
 * Only local paths are accepted as a place to return to after sign-in: "/orders?x=1" yes;
 * "//evil.com", "https://evil.com", "/\\evil.com", "javascript:…" fall back to the default.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to) return fallback;
  const value = to.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters can smuggle a scheme past browsers
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
