// How text becomes search terms, for indexing and querying alike (they must agree).

/** A light English stemmer: enough for "dresses" to meet "dress" and "jeans" to meet "jean". */
export function stem(term: string): string {
  if (term.length <= 3) return term;
  if (term.endsWith("sses")) return term.slice(0, -2);
  if (term.endsWith("ies") && term.length > 4) return `${term.slice(0, -3)}y`;
  if (term.endsWith("s") && !/(ss|us|is)$/.test(term)) return term.slice(0, -1);
  return term;
}

/** Lower-case, strip accents and punctuation; returns null for terms not worth indexing. */
export function processTerm(term: string): string | null {
  const plain = term
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
  if (!plain) return null;
  return stem(plain);
}

export const MAX_QUERY_TERMS = 8;

/** Short terms must match exactly; longer ones tolerate one typo, long ones two. */
export function fuzzinessFor(term: string): number {
  if (term.length <= 3) return 0;
  if (term.length <= 7) return 1;
  return 2;
}
