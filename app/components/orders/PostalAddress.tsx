import type { Address } from "~/domain/commerce";
import { postalLines } from "~/domain/postal-address";
import { countryName } from "~/lib/countries";

/** A delivery or billing address as a letter would show it, one part per line. */
export function PostalAddress({ address: a, className }: { address: Address; className?: string }) {
  const lines = [...postalLines(a), countryName(a.country)];
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
