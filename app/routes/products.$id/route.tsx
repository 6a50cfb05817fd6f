import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Gallery } from "~/components/product/Gallery";
import { Price } from "~/components/product/Price";
import { ProductGrid } from "~/components/product/ProductCard";
import { CompleteTheLook } from "~/components/product/CompleteTheLook";
import { SaveButton } from "~/components/product/SaveButton";
import { BackInStockForm } from "~/components/product/BackInStockForm";
import { ProductOptions, useChosenColour } from "~/components/product/ProductOptions";
import { imagesForColour } from "~/lib/colour-images";
import { ReviewsSection } from "~/components/product/ReviewsSection";
import { RatingSummary } from "~/components/product/Stars";
import { REVIEW_SORTS, type ReviewSortKey } from "~/lib/reviews";
import { helpfulAction, reviewAction } from "~/routes/products.$id/review-actions.server";
import { RecentlyViewed } from "~/components/product/RecentlyViewed";
import { getCategory } from "~/lib/categories";
import { minorToInput, type CurrencyCode } from "~/domain/currency";
import { isValidId } from "~/lib/route-params";
import { seo } from "~/lib/seo";
import { getContext } from "~/server/context.server";
import { careGuideHref } from "~/server/services/content/care-guide-data";
import { currentCartId } from "~/server/http/cart-cookie.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { addToCart } from "~/routes/cart/cart-actions.server";
import { readForm } from "~/server/http/form-body.server";
import { stockAlertAction } from "~/routes/products.$id/stock-alert-action.server";
import { firstError, replyFor, sentValue } from "~/lib/form-reply";
import { getAuthState } from "~/server/http/session.server";
import type { Product } from "~/domain/product";
import lightboxStyles from "yet-another-react-lightbox/styles.css";
import { notFound } from "~/server/http/not-found.server";
import { canSell, soldOutEverywhere } from "~/domain/sellable";
import { useRootData } from "~/components/layout/root-data";
import { retryAfterHeaders } from "~/server/http/forms.server";
import { shopperMarket } from "~/server/http/market-cookie.server";
import { allPricedIn, pricedIn } from "~/server/services/markets/market-prices";
import { RENDER_CACHED } from "~/lib/render-cache";

// The lightbox's own styles, on the one page that has a lightbox (its code loads on first use).
export const links: LinksFunction = () => [{ rel: "stylesheet", href: lightboxStyles }];

export const handle = RENDER_CACHED;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A route parameter that fails validation is a 404 naming the path.
  if (!isValidId(params.id)) throw notFound(request);
  const { catalog, config } = getContext();
  const [found, market] = await Promise.all([catalog.getProduct(params.id), shopperMarket(request)]);
  if (!found) throw notFound(request);
  // Every price on the page in the shopper's market (the render cache keeps one page per market).
  const product = pricedIn(market, found);

  const requested = url.searchParams.get("colour");
  const firstInStock = product.colours.find((c) => product.variants.some((v) => v.colour === c.name && canSell(v)));
  const initialColour =
    product.colours.find((c) => c.name === requested)?.name ?? firstInStock?.name ?? product.colours[0]?.name ?? "";

  const [look, alsoLike, savedIds, auth] = await Promise.all([
    getContext()
      .completeTheLook.forProduct(product.id)
      .then((items) => allPricedIn(market, items)),
    catalog.related(found, 8).then((items) => allPricedIn(market, items)),
    getContext().wishlist.savedIds(await currentCartId(request)),
    getAuthState(request),
  ]);
  // Part of the loaders' data, so the render cache keys the page by them (a sale changes the key).
  const related = alsoLike.filter((p) => !look.some((l) => l.id === p.id)).slice(0, 4);
  // Reviews: ?reviews=helpful for the most helpful first, ?reviewPage=2 for the next page (plain links).
  const sortParam = url.searchParams.get("reviews") ?? "";
  const reviewSort: ReviewSortKey = (REVIEW_SORTS as readonly string[]).includes(sortParam)
    ? (sortParam as ReviewSortKey)
    : "newest";
  const pageText = url.searchParams.get("reviewPage") ?? "";
  const reviewPage = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const reviews = await getContext().reviews.forProduct(product.id, {
    userId: auth.user?.uid ?? null,
    sort: reviewSort,
    page: reviewPage,
  });
  // Built here, so the browser's bundle does not carry the serialiser.
  const jsonLd = productJsonLd(product, market.currency, publicOrigin(request, config), reviews);
  return {
    product,
    look,
    related,
    initialColour,
    jsonLd,
    savedIds,
    email: auth.user?.email ?? "",
    reviews,
    signedIn: Boolean(auth.user),
    // The care guide's section for this material ("95% organic cotton" -> #cotton), or its top.
    careHref: careGuideHref(product.material),
  };
}

/**
 * The page's four forms post to the page itself, so a missing size or a sold-out choice is explained
 * right here. Each refusal is conform's reply, keyed by the intent of the handler that ran; any
 * other intent is the add-to-cart form's (which refuses what it does not know).
 */
export async function action({ params, request, context }: ActionFunctionArgs) {
  if (!isValidId(params.id)) throw notFound(request);
  const formData = await readForm(request);
  if (formData.get("productId") !== params.id) formData.set("productId", params.id);
  const url = new URL(request.url);
  const intent = formData.get("intent");
  if (intent === "stock-alert")
    return stockAlertAction(request, context, formData, params.id, url.pathname + url.search);
  if (intent === "review") return reviewAction(request, formData, params.id);
  if (intent === "helpful") return helpfulAction(request, formData, params.id, `${url.pathname}${url.search}#reviews`);
  return addToCart(request, formData, url.pathname + url.search);
}

// A refused alert (too many) says when to try again.
export const headers = retryAfterHeaders;

export const meta: MetaFunction<typeof loader> = (args) => {
  const product = args.data?.product;
  if (!product) return [{ title: "Page Not Found" }];
  return seo(args, {
    title: product.name,
    description: product.description.slice(0, 160),
    path: `/products/${product.id}`,
    image: product.images[0]?.url,
    type: "product",
    // Other orders and pages of its reviews are the same product: only the plain page is indexed.
    noindex: /[?&](reviews|reviewPage)=/.test(args.location.search),
  });
};

/** schema.org Product, serialised so no "<" can close the script element early. */
function productJsonLd(
  product: Product,
  currency: CurrencyCode,
  origin: string,
  reviews: {
    average: number | null;
    count: number;
    reviews: Array<{ authorName: string; stars: number; title: string; text: string; createdAt: string }>;
  },
): string {
  const inStock = !soldOutEverywhere(product.variants);
  const json = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.id,
    category: getCategory(product.category)?.name,
    material: product.material,
    color: product.colours.map((c) => c.name).join(", "),
    image: product.images.map((i) => `${origin}${i.url}`),
    brand: { "@type": "Brand", name: "Hemline" },
    offers: {
      "@type": "Offer",
      url: `${origin}/products/${product.id}`,
      priceCurrency: currency,
      price: minorToInput(product.priceMinor, currency),
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    },
    // Only with approved reviews: search engines reject a rating of nothing.
    ...(reviews.average !== null && reviews.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: reviews.average.toFixed(1),
            reviewCount: reviews.count,
            bestRating: "5",
            worstRating: "1",
          },
          review: reviews.reviews.map((r) => ({
            "@type": "Review",
            name: r.title,
            reviewBody: r.text,
            datePublished: r.createdAt.slice(0, 10),
            author: { "@type": "Person", name: r.authorName },
            reviewRating: { "@type": "Rating", ratingValue: String(r.stars), bestRating: "5", worstRating: "1" },
          })),
        }
      : {}),
  };
  return JSON.stringify(json).replace(/</g, "\\u003c");
}

export default function ProductPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { policies } = useRootData();
  const { product, look, related, initialColour, jsonLd, savedIds, email, reviews, signedIn, careHref } = loaderData;
  const answer = useActionData<typeof action>();
  const addError = firstError(replyFor(answer, "add"));
  const alertReply = replyFor(answer, "stock-alert");
  const alertError = firstError(alertReply);
  const reviewResult = replyFor(answer, "review");
  const helpfulReply = replyFor(answer, "helpful");
  const helpfulError = firstError(helpfulReply);
  const category = getCategory(product.category);
  const image = product.images[0];
  const colour = useChosenColour(product.colours, initialColour);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Breadcrumbs
        trail={[
          { label: category?.name ?? "Products", to: `/products?category=${product.category}` },
          { label: product.name },
        ]}
      />

      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <Gallery images={imagesForColour(product.images, colour)} title={product.name} />
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{product.name}</h1>
          <RatingSummary average={reviews.average} count={reviews.count} />
          <div className="mt-3">
            <Price priceMinor={product.priceMinor} compareAtMinor={product.compareAtMinor} size="lg" />
          </div>
          <p className="mt-1 text-xs text-stone-500">
            Including VAT.
            {policies?.freeShippingFrom ? ` Free standard shipping from ${policies.freeShippingFrom}.` : null}
          </p>
          <SaveButton
            productId={product.id}
            productName={product.name}
            saved={savedIds.includes(product.id)}
            className="mt-3"
          />

          <ProductOptions
            key={product.id}
            productId={product.id}
            category={product.category}
            colours={product.colours}
            sizes={product.sizes}
            variants={product.variants}
            colour={colour}
            failure={addError ? { error: addError.message, field: addError.field || "form" } : null}
          />
          <BackInStockForm
            soldOut={product.variants.filter((v) => !canSell(v)).map((v) => ({ colour: v.colour, size: v.size }))}
            email={email}
            failure={
              alertError
                ? {
                    error: alertError.message,
                    email: sentValue(alertReply, "email") ?? "",
                    variant: sentValue(alertReply, "variant") ?? "",
                  }
                : null
            }
          />

          <section aria-labelledby="details-heading" className="mt-10 border-t border-stone-200 pt-6">
            <h2 id="details-heading" className="text-sm font-semibold">
              Details
            </h2>
            <p className="mt-3 whitespace-pre-line text-stone-700">{product.description}</p>
            <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
              <dt className="text-stone-500">Material</dt>
              <dd>{product.material}</dd>
              <dt className="text-stone-500">Care</dt>
              <dd>
                <Link to={careHref} className="underline">
                  How to care for it
                </Link>
              </dd>
              <dt className="text-stone-500">Fit</dt>
              <dd>
                <Link to={`/size-guide#${product.category}`} className="underline">
                  {category?.name} size guide
                </Link>
              </dd>
              <dt className="text-stone-500">Delivery</dt>
              <dd>
                <Link to="/shipping" className="underline">
                  Shipping
                </Link>{" "}
                and{" "}
                <Link to="/returns" className="underline">
                  {policies ? `free ${policies.returnsDays}-day returns` : "free returns"}
                </Link>
              </dd>
            </dl>
          </section>
        </div>
      </div>

      <ReviewsSection
        path={`/products/${product.id}`}
        average={reviews.average}
        count={reviews.count}
        reviews={reviews.reviews}
        page={reviews.page}
        pageCount={reviews.pageCount}
        sort={reviews.sort}
        eligibility={reviews.eligibility}
        signedIn={signedIn}
        formResult={reviewResult}
        helpfulFailure={
          helpfulError ? { reviewId: sentValue(helpfulReply, "reviewId") ?? "", error: helpfulError.message } : null
        }
      />

      <CompleteTheLook products={look} savedIds={savedIds} />

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-16">
          <h2 id="related-heading" className="text-2xl font-semibold tracking-tight">
            You may also like
          </h2>
          <div className="mt-6">
            <ProductGrid products={related} savedIds={savedIds} />
          </div>
        </section>
      ) : null}

      <RecentlyViewed
        viewed={{
          id: product.id,
          name: product.name,
          priceMinor: product.priceMinor,
          imageUrl: image?.url ?? null,
          imageAlt: image?.alt ?? "",
        }}
      />
    </div>
  );
}
