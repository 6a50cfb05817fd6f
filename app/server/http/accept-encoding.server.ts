// Which encodings a request takes: the render cache sends kept pages as gzip, the feed its gzipped
// copy, and a page rendered for one request is compressed as the client prefers (page-compression.server.ts).

/** Whether an Accept-Encoding header takes `coding` (RFC 9110: named or `*`, with a non-zero weight). */
function accepts(header: string | null | undefined, codings: string[]): boolean {
  if (!header) return false;
  let star: boolean | null = null;
  for (const item of header.split(",")) {
    const [coding = "", ...params] = item.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    const takes = Number.isFinite(weight) && weight > 0;
    if (codings.includes(coding)) return takes;
    if (coding === "*") star = takes;
  }
  return star ?? false;
}

/** Whether an Accept-Encoding header takes gzip. */
export function acceptsGzip(header: string | null | undefined): boolean {
  return accepts(header, ["gzip", "x-gzip"]);
}

/** Whether an Accept-Encoding header takes brotli. */
export function acceptsBrotli(header: string | null | undefined): boolean {
  return accepts(header, ["br"]);
}
