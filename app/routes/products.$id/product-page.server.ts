// The product page's server half, in one module of its own: the route imports this alone, so the
// browser's bundle carries one empty stand-in for it instead of a shared empty chunk per server module.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { helpfulAction, reviewAction } from "./review-actions.server";
import { stockAlertAction } from "./stock-alert-action.server";
import { REVIEW_SORTS, type ReviewSortKey } from "~/lib/reviews";
import { getCategory } from "~/lib/categories";
import { minorToInput, type CurrencyCode } from "~/domain/money";
import { isValidId } from "~/lib/route-params";
import { careGuideHref } from "~/server/services/content/care-guide-data";
import { currentCartId } from "~/server/http/cart-cookie.server";
import { publicOrigin } from "~/server/http/public-origin.server";
import { shopperMarket } from "~/server/http/market-cookie.server";
import { allPricedIn, pricedIn } from "~/server/services/markets/market-prices";
import { addToCart } from "~/routes/cart/cart-actions.server";
import { readForm } from "~/server/http/form-body.server";
import { getAuthState } from "~/server/http/session.server";
import type { Product } from "~/domain/product";
import { notFound } from "~/server/http/not-found.server";
import { canSell, soldOutEverywhere } from "~/domain/sellable";
import { GIFT_CARD_SEND_WINDOW_DAYS, giftCardAmountsIn, isGiftCardProduct, utcDay } from "~/domain/gift-card-product";
import { retryAfterHeaders } from "~/server/http/forms.server";

export const productPageHeaders = retryAfterHeaders;

export async function productPageLoader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A route parameter that fails validation is a 404 naming the path.
  if (!isValidId(params.id)) throw notFound(request);
  const { catalog, config } = context.shop;
  const productId = params.id;
  // What needs only the product's id (and the session) starts beside the product's read.
  const authRead = getAuthState(request, context);
  const savedRead = currentCartId(request, context).then((owner) => context.shop.wishlist.savedIds(owner));
  const lookRead = context.shop.completeTheLook.forProduct(productId);
  const reviewsRead = context.shop.reviews.forProduct(productId, {
    userId: authRead.then((auth) => auth.user?.uid ?? null),
    ...reviewQuery(url),
  });
  for (const read of [savedRead, lookRead, reviewsRead]) read.catch(() => {}); // a 404 below leaves them unused
  const [found, market] = await Promise.all([catalog.getProduct(productId), shopperMarket(request, context)]);
  if (!found) throw notFound(request);
  // Every price on the page in the shopper's market (the render cache keeps one page per market). A gift
  // card shows only its amounts in the market's currency, at face value (never converted), from the smallest.
  const giftCardAmounts = isGiftCardProduct(found) ? giftCardAmountsIn(found, market.currency) : null;
  const product =
    giftCardAmounts && giftCardAmounts.length > 0
      ? { ...found, priceMinor: Math.min(...giftCardAmounts.map((a) => a.minor)), compareAtMinor: null }
      : pricedIn(market, found);

  const requested = url.searchParams.get("colour");
  const firstInStock = product.colours.find((c) => product.variants.some((v) => v.colour === c.name && canSell(v)));
  const initialColour =
    product.colours.find((c) => c.name === requested)?.name ?? firstInStock?.name ?? product.colours[0]?.name ?? "";

  const [look, alsoLike, savedIds, auth, reviews] = await Promise.all([
    lookRead.then((items) => allPricedIn(market, items)),
    catalog.related(found, 8).then((items) => allPricedIn(market, items)),
    savedRead,
    authRead,
    reviewsRead,
  ]);
  // Part of the loaders' data, so the render cache keys the page by them (a sale changes the key).
  const related = alsoLike.filter((p) => !look.some((l) => l.id === p.id)).slice(0, 4);
  // Built here, so the browser's bundle does not carry the serialiser.
  const jsonLd = productJsonLd(product, market.currency, publicOrigin(request, config), reviews);
  return {
    product,
    /** A gift card's amounts ("£25", "£50") in the shopper's currency; null for any other product. */
    giftCardSizes: giftCardAmounts?.map((a) => a.size) ?? null,
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
    // A gift card's send date: today (UTC) to a year ahead, as the cart checks it.
    sendWindow: {
      first: utcDay(new Date()),
      last: utcDay(new Date(Date.now() + GIFT_CARD_SEND_WINDOW_DAYS * 24 * 60 * 60 * 1000)),
    },
  };
}

/**
 * The page's four forms post to the page itself, so a missing size or a sold-out choice is explained
 * right here. Each refusal is conform's reply, keyed by the intent of the handler that ran; any
 * other intent is the add-to-cart form's (which refuses what it does not know).
 */
export async function productPageAction({ params, request, context }: ActionFunctionArgs) {
  if (!isValidId(params.id)) throw notFound(request);
  const formData = await readForm(request);
  if (formData.get("productId") !== params.id) formData.set("productId", params.id);
  const url = new URL(request.url);
  const intent = formData.get("intent");
  if (intent === "stock-alert")
    return stockAlertAction(request, context, formData, params.id, url.pathname + url.search);
  if (intent === "review") return reviewAction(request, context, formData, params.id);
  if (intent === "helpful")
    return helpfulAction(request, context, formData, params.id, `${url.pathname}${url.search}#reviews`);
  return addToCart(request, context, formData, url.pathname + url.search);
}

/** Reviews: ?reviews=helpful for the most helpful first, ?reviewPage=2 for the next page (plain links). */
function reviewQuery(url: URL): { sort: ReviewSortKey; page: number } {
  const sortParam = url.searchParams.get("reviews") ?? "";
  const sort: ReviewSortKey = (REVIEW_SORTS as readonly string[]).includes(sortParam)
    ? (sortParam as ReviewSortKey)
    : "newest";
  const pageText = url.searchParams.get("reviewPage") ?? "";
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  return { sort, page };
}

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
