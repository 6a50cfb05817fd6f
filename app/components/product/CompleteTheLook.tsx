import type { ProductSummary } from "~/server/services/catalog/catalog-index.server";
import { LazyProductGrid } from "./LazyProductGrid";

/**
 * Products bought with this one (or that go with it): rendered on the server, plain links.
 * `eagerCount`: images loaded at once, where the section is in the first screen (a short cart).
 */
export function CompleteTheLook({
  products,
  savedIds,
  className = "mt-16",
  eagerCount,
}: {
  products: ProductSummary[];
  savedIds?: readonly string[];
  className?: string;
  eagerCount?: number;
}) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="complete-the-look" className={className}>
      <h2 id="complete-the-look" className="text-2xl font-semibold tracking-tight">
        Complete the look
      </h2>
      <div className="mt-6">
        <LazyProductGrid products={products} savedIds={savedIds} eagerCount={eagerCount} />
      </div>
    </section>
  );
}
