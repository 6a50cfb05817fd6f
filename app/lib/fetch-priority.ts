/**
 * `fetchpriority="high"` for the picture a page is measured by (its largest paint): the browser
 * asks for it before the other images. React 18 passes an attribute it does not know only when
 * spelt in lowercase (the camel-cased `fetchPriority` prop is React 19's).
 */
export const HIGH_FETCH_PRIORITY: Record<string, string> = { fetchpriority: "high" };
