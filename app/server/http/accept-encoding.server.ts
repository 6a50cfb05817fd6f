// Which encodings a request takes: the render cache sends kept pages as gzip, the feed its gzipped copy.

/** Whether an Accept-Encoding header takes gzip (RFC 9110: named or `*`, with a non-zero weight). */
export function acceptsGzip(header: string | null | undefined): boolean {
  if (!header) return false;
  let star: boolean | null = null;
  for (const item of header.split(",")) {
    const [coding = "", ...params] = item.split(";").map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const weight = q ? Number.parseFloat(q.slice(2)) : 1;
    const takes = Number.isFinite(weight) && weight > 0;
    if (coding === "gzip" || coding === "x-gzip") return takes;
    if (coding === "*") star = takes;
  }
  return star ?? false;
}
