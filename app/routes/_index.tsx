import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { HIGH_FETCH_PRIORITY } from "~/lib/fetch-priority";
import { Link, useLoaderData } from "@remix-run/react";
import { ProductGrid } from "~/components/product/ProductCard";
import { categoryImage } from "~/lib/categories";
import { seo } from "~/lib/seo";
import { useRootData } from "~/components/layout/root-data";
import { currentCartId } from "~/server/http/cart-cookie.server";
import { shopperMarket } from "~/server/http/market-cookie.server";
import { allPricedIn } from "~/server/services/markets/market-prices";
import { RENDER_CACHED } from "~/lib/render-cache";

export const meta: MetaFunction = (args) =>
  seo(args, {
    title: "Hemline",
    description:
      "Clothing and accessories made to last: t-shirts, jeans, sweaters, dresses, jackets, shoes and accessories.",
    path: "/",
  });

export const handle = RENDER_CACHED;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { catalog, wishlist } = context.shop;
  // Prices in the shopper's market (the render cache keeps one page per market).
  const [featured, newArrivals, categories, savedIds, market] = await Promise.all([
    catalog.featured(8),
    catalog.newArrivals(8),
    catalog.categories(),
    currentCartId(request, context).then((owner) => wishlist.savedIds(owner)),
    shopperMarket(request, context),
  ]);
  return {
    featured: allPricedIn(market, featured),
    newArrivals: allPricedIn(market, newArrivals),
    categories,
    savedIds,
  };
}

export default function Home() {
  const { featured, newArrivals, categories, savedIds } = useLoaderData<typeof loader>();
  const { policies } = useRootData();
  const heroImage = featured[0]?.image;
  return (
    <div>
      <section className="bg-stone-100">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-600">The autumn edit</p>
            <h1 className="mt-3 font-serif text-4xl font-bold tracking-tight text-stone-900 sm:text-5xl">
              Clothes you will keep wearing
            </h1>
            <p className="mt-4 max-w-md text-lg text-stone-600">
              Honest fabrics, careful cuts and fair prices.
              {policies?.freeShippingFrom
                ? ` Free standard shipping from ${policies.freeShippingFrom} and ${policies.returnsDays} days to change your mind.`
                : null}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/products" className="btn-primary">
                Shop everything
              </Link>
              <Link to="/products?sort=newest" className="btn-secondary">
                New arrivals
              </Link>
            </div>
          </div>
          {heroImage ? (
            <img
              src={heroImage.url}
              {...HIGH_FETCH_PRIORITY}
              alt={heroImage.alt}
              width={heroImage.width}
              height={heroImage.height}
              // Its box is sized from width and height before the picture arrives (no layout shift):
              // full width, no taller than 28rem.
              style={{ maxWidth: `calc(28rem * ${heroImage.width} / ${heroImage.height})` }}
              className="mx-auto h-auto w-full rounded-xl shadow-sm"
            />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="categories-heading" className="render-when-near mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="categories-heading" className="text-2xl font-semibold tracking-tight">
          Shop by category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4 lg:grid-cols-7">
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={`/products?category=${c.id}`}
                className="flex h-full flex-col items-center rounded-lg border border-stone-200 p-4 text-center hover:border-stone-400"
              >
                <img
                  src={categoryImage(c.id)}
                  alt=""
                  width={80}
                  height={100}
                  loading="lazy"
                  className="aspect-[4/5] h-24 w-auto"
                />
                <span className="mt-2 text-sm font-semibold">{c.name}</span>
                <span className="mt-1 text-xs text-stone-500">{c.productCount} styles</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="featured-heading" className="render-when-near mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="flex items-baseline justify-between">
          <h2 id="featured-heading" className="text-2xl font-semibold tracking-tight">
            Featured
          </h2>
          <Link to="/products" className="text-sm font-medium underline">
            See all
          </Link>
        </div>
        <div className="mt-6">
          <ProductGrid products={featured} eagerCount={4} savedIds={savedIds} />
        </div>
      </section>

      <section aria-labelledby="new-heading" className="render-when-near mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="flex items-baseline justify-between">
          <h2 id="new-heading" className="text-2xl font-semibold tracking-tight">
            New arrivals
          </h2>
          <Link to="/products?sort=newest" className="text-sm font-medium underline">
            See all new arrivals
          </Link>
        </div>
        <div className="mt-6">
          <ProductGrid products={newArrivals} savedIds={savedIds} />
        </div>
      </section>
    </div>
  );
}
