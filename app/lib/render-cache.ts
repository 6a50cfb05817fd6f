// A route whose page is the same for every viewer but the CSRF token opts into the render cache
// with this handle: entry.server.tsx renders it once and serves it again (decision 0021).
export const RENDER_CACHED = { renderCache: true } as const;

/** What entry.server reads from the leaf route's handle. */
export function wantsRenderCache(handle: unknown): boolean {
  return (handle as { renderCache?: unknown } | undefined)?.renderCache === true;
}
