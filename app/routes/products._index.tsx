import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { useCurrency } from "~/components/layout/root-data";
import { formatWholeMoney, unitsToMinor } from "~/domain/money";
import { Filters } from "~/components/catalog/Filters";
import { Pagination } from "~/components/catalog/Pagination";
import { ProductGrid } from "~/components/product/ProductCard";
import { getCategory } from "~/lib/categories";
import { SORT_LABELS, listingTitle, parseProductQuery, productsHref, type SortKey } from "~/lib/product-query";
import { seo } from "~/lib/seo";
import { currentCartId } from "~/server/http/cart-cookie.server";
import { shopperMarket } from "~/server/http/market-cookie.server";
import { allPricedIn } from "~/server/services/markets/market-prices";
import { RENDER_CACHED } from "~/lib/render-cache";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const { query, notices } = parseProductQuery(params);
  // Untrimmed or over-long search text (a no-JS form, a pasted URL) goes to its canonical URL.
  if (params.has("search") && params.get("search") !== query.search) {
    throw redirect(productsHref(query));
  }
  const { catalog } = context.shop;
  const market = await shopperMarket(request, context);
  // Price bounds and bands are in the shopper's currency.
  const result = await catalog.listProducts(query, market);
  const [suggestions, savedIds] = await Promise.all([
    result.total === 0 ? catalog.featured(4) : [],
    context.shop.wishlist.savedIds(await currentCartId(request, context)),
  ]);
  return {
    query,
    notices,
    // Cards in the shopper's market (search results are this page too).
    result: { ...result, items: allPricedIn(market, result.items) },
    suggestions: allPricedIn(market, suggestions),
    savedIds,
  };
}

// Past the header and the filters, straight to the products (root renders the link).
export const handle = { skipTo: { href: "#results", label: "Skip to results" }, ...RENDER_CACHED };

export const meta: MetaFunction<typeof loader> = (args) => {
  const query = args.data?.query;
  const category = query?.category ? getCategory(query.category) : undefined;
  const filtered = Boolean(
    query &&
      (query.search ||
        query.sizes.length ||
        query.colours.length ||
        query.minPrice !== null ||
        query.maxPrice !== null ||
        query.page > 1),
  );
  return seo(args, {
    title: query ? listingTitle(query) : "All products",
    description: category
      ? `${category.description}. Shop ${category.name.toLowerCase()} at Hemline.`
      : "Browse every Hemline style: t-shirts, jeans, sweaters, dresses, jackets, shoes and accessories.",
    path: category ? `/products?category=${category.id}` : "/products",
    noindex: filtered,
  });
};

const SORT_CHOICES: SortKey[] = ["featured", "newest", "price-asc", "price-desc", "rating"];

export default function Products() {
  const { query, notices, result, suggestions, savedIds } = useLoaderData<typeof loader>();
  const title = listingTitle(query);
  const sorts: SortKey[] = query.search ? ["relevance", ...SORT_CHOICES] : SORT_CHOICES;
  const activeFilters =
    query.sizes.length + query.colours.length + (query.minPrice !== null || query.maxPrice !== null ? 1 : 0);
  const hasFilters = activeFilters > 0;
  const category = query.category ? getCategory(query.category) : undefined;
  // The bounds are whole units of the shopper's currency, as the filters take them.
  const currency = useCurrency();
  const bound = (units: number) => formatWholeMoney(unitsToMinor(units, currency), currency);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Breadcrumbs
        trail={category ? [{ label: "Products", to: "/products" }, { label: category.name }] : [{ label: "Products" }]}
      />

      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
          {category ? <p className="mt-1 text-stone-600">{category.description}</p> : null}
          <p className="mt-2 text-sm text-stone-600" role="status">
            {result.total === 1 ? "1 product" : `${result.total.toLocaleString("en-IE")} products`}
          </p>
        </div>
        <nav aria-label="Sort" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-stone-500">Sort by:</span>
          {sorts.map((s) => (
            <Link
              key={s}
              to={productsHref(query, { sort: s, page: 1 })}
              aria-current={query.sort === s ? "true" : undefined}
              className={
                query.sort === s
                  ? "rounded-md bg-stone-900 px-2.5 py-1 font-medium text-white"
                  : "rounded-md px-2.5 py-1 text-stone-700 hover:bg-stone-100"
              }
            >
              {SORT_LABELS[s]}
            </Link>
          ))}
        </nav>
      </div>

      {notices.map((n) => (
        <p key={n} className="mt-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {n}
        </p>
      ))}
      {result.relaxedSearch ? (
        <p className="mt-4 rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">
          No product matches every word of “{query.search}”, so here are products that match some of them.
        </p>
      ) : null}

      {hasFilters ? (
        <ul aria-label="Active filters" className="mt-4 flex flex-wrap gap-2 text-sm">
          {query.sizes.map((s) => (
            <li key={`size-${s}`}>
              <Link
                to={productsHref(query, { sizes: query.sizes.filter((x) => x !== s), page: 1 })}
                className="rounded-full bg-stone-100 px-3 py-1 hover:bg-stone-200"
              >
                Size {s} <span aria-hidden="true">×</span>
                <span className="sr-only"> (remove)</span>
              </Link>
            </li>
          ))}
          {query.colours.map((c) => (
            <li key={`colour-${c}`}>
              <Link
                to={productsHref(query, { colours: query.colours.filter((x) => x !== c), page: 1 })}
                className="rounded-full bg-stone-100 px-3 py-1 hover:bg-stone-200"
              >
                {c} <span aria-hidden="true">×</span>
                <span className="sr-only"> (remove)</span>
              </Link>
            </li>
          ))}
          {query.minPrice !== null || query.maxPrice !== null ? (
            <li>
              <Link
                to={productsHref(query, { minPrice: null, maxPrice: null, page: 1 })}
                className="rounded-full bg-stone-100 px-3 py-1 hover:bg-stone-200"
              >
                Price {bound(query.minPrice ?? 0)} – {query.maxPrice === null ? "any" : bound(query.maxPrice)}{" "}
                <span aria-hidden="true">×</span>
                <span className="sr-only"> (remove)</span>
              </Link>
            </li>
          ) : null}
          <li>
            <Link
              to={productsHref(query, { sizes: [], colours: [], minPrice: null, maxPrice: null, page: 1 })}
              className="px-2 py-1 underline"
            >
              Clear all filters
            </Link>
          </li>
        </ul>
      ) : null}

      <div className="mt-8 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <aside className="mb-8 lg:mb-0">
          {/* A wide screen shows the filters beside the results. A small one starts with them folded
              away behind one button that says how many are on, so the products come first; CSS
              alone opens them (a checkbox and its label), so it works without JavaScript too. */}
          <input type="checkbox" id="show-filters" className="peer sr-only lg:hidden" />
          <label
            htmlFor="show-filters"
            className={[
              "btn-secondary w-full cursor-pointer peer-focus-visible:outline peer-focus-visible:outline-2",
              "peer-focus-visible:outline-offset-2 peer-focus-visible:outline-stone-900 lg:hidden",
            ].join(" ")}
          >
            {activeFilters ? `Show filters (${activeFilters} on)` : "Show filters"}
          </label>
          <div className="mt-4 hidden peer-checked:block lg:mt-0 lg:block">
            <Filters query={query} facets={result.facets} />
          </div>
        </aside>

        <section id="results" tabIndex={-1} aria-labelledby="results-heading" className="focus:outline-none">
          {/* The cards' headings (h3) sit under this one, also where the filters (h2) are folded away. */}
          <h2 id="results-heading" className="sr-only">
            Products
          </h2>
          {result.total === 0 ? (
            <EmptyState
              search={query.search}
              hasFilters={hasFilters}
              clearHref={productsHref(query, { sizes: [], colours: [], minPrice: null, maxPrice: null, page: 1 })}
              suggestions={suggestions}
            />
          ) : (
            <>
              <ProductGrid products={result.items} eagerCount={4} savedIds={savedIds} />
              <Pagination
                page={result.page}
                pageCount={result.pageCount}
                href={(page) => productsHref(query, { page })}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function EmptyState({
  search,
  hasFilters,
  clearHref,
  suggestions,
}: {
  search: string;
  hasFilters: boolean;
  clearHref: string;
  suggestions: Awaited<ReturnType<typeof loader>>["suggestions"];
}) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 p-8 text-center">
      <h2 className="text-lg font-semibold">No products found</h2>
      <p className="mt-2 text-stone-600">
        {search
          ? `Nothing matches “${search}”. Check the spelling or try a more general word, like “jeans” or “sweater”.`
          : "No product matches these filters."}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        {hasFilters ? (
          <Link to={clearHref} className="btn-secondary">
            Clear filters
          </Link>
        ) : null}
        <Link to="/products" className="btn-primary">
          Browse all products
        </Link>
      </div>
      {suggestions.length > 0 ? (
        <div className="mt-10 text-left">
          <h3 className="text-base font-semibold">You might like</h3>
          <div className="mt-4">
            <ProductGrid products={suggestions} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
