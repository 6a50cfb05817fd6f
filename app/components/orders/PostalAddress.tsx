import type { Address } from "~/domain/commerce";
import { countryName } from "~/lib/countries";

/** A delivery or billing address as a letter would show it, one part per line. */
export function PostalAddress({ address: a, className }: { address: Address; className?: string }) {
  const lines = [a.name, a.line1, a.line2, `${a.postalCode} ${a.city}`, countryName(a.country)].filter(Boolean);
  return (
    <address className={className ?? "not-italic"}>
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
