import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { Gallery } from "~/components/product/Gallery";
import { Price } from "~/components/product/Price";
import { LazyProductGrid } from "~/components/product/LazyProductGrid";
import { CompleteTheLook } from "~/components/product/CompleteTheLook";
import { SaveButton } from "~/components/product/SaveButton";
import { LazyBackInStockForm } from "~/components/product/LazyBackInStockForm";
import { ProductOptions, useChosenColour } from "~/components/product/ProductOptions";
import { LazyGiftCardOptions } from "~/components/product/LazyGiftCardOptions";
import { imagesForColour } from "~/lib/colour-images";
import { LazyReviewsSection } from "~/components/product/LazyReviewsSection";
import { RatingSummary } from "~/components/product/Stars";
import { RecentlyViewed } from "~/components/product/RecentlyViewed";
import { getCategory } from "~/lib/categories";
import { seo } from "~/lib/seo";
import { firstError, replyFor, sentValue } from "~/lib/form-reply";
import { canSell } from "~/domain/sellable";
import { useRootData } from "~/components/layout/root-data";
import { RENDER_CACHED } from "~/lib/render-cache";
import { productPageAction, productPageHeaders, productPageLoader } from "./product-page.server";

// The lightbox's own styles, on the one page that has a lightbox (its code loads on first use).
export const handle = RENDER_CACHED;

export const loader = (args: LoaderFunctionArgs) => productPageLoader(args);

export const action = (args: ActionFunctionArgs) => productPageAction(args);

// A refused alert (too many) says when to try again.
export const headers = productPageHeaders;

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

export default function ProductPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { policies, market } = useRootData();
  const currency = market.currency;
  const { product, look, related, initialColour, jsonLd, savedIds, email, reviews, signedIn, careHref } = loaderData;
  const { giftCardSizes } = loaderData;
  const answer = useActionData<typeof action>();
  const addReply = replyFor(answer, "add");
  const addError = firstError(addReply);
  // The loader's amounts say it (null: not a gift card), so the page's code leaves the gift card rules out.
  const giftCard = giftCardSizes !== null;
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
          {giftCardSizes?.length === 0 ? null : (
            <div className="mt-3">
              <Price priceMinor={product.priceMinor} compareAtMinor={product.compareAtMinor} size="lg" />
            </div>
          )}
          <p className="mt-1 text-xs text-stone-500">
            {giftCard ? "No VAT on a gift card: VAT is charged on what it buys. Sent by e-mail." : "Including VAT."}
            {!giftCard && policies?.freeShippingFrom
              ? ` Free standard shipping from ${policies.freeShippingFrom}.`
              : null}
          </p>
          <SaveButton
            productId={product.id}
            productName={product.name}
            saved={savedIds.includes(product.id)}
            className="mt-3"
          />

          {giftCardSizes?.length === 0 ? (
            <p className="mt-8 rounded-md bg-stone-100 px-4 py-3 text-sm" data-testid="gift-card-not-sold">
              Gift cards are not sold in {currency} yet.
            </p>
          ) : giftCard ? (
            <LazyGiftCardOptions
              key={product.id}
              productId={product.id}
              colour={product.colours[0]?.name ?? ""}
              amounts={giftCardSizes ?? product.sizes}
              failure={addError ? { error: addError.message, field: addError.field || "form" } : null}
              sent={{
                size: sentValue(addReply, "size"),
                recipientName: sentValue(addReply, "recipientName"),
                recipientEmail: sentValue(addReply, "recipientEmail"),
                message: sentValue(addReply, "message"),
                sendOn: sentValue(addReply, "sendOn"),
              }}
              today={loaderData.sendWindow.first}
              lastSendDay={loaderData.sendWindow.last}
            />
          ) : (
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
          )}
          <LazyBackInStockForm
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

      <LazyReviewsSection
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
        <section aria-labelledby="related-heading" className="render-when-near mt-16">
          <h2 id="related-heading" className="text-2xl font-semibold tracking-tight">
            You may also like
          </h2>
          <div className="mt-6">
            <LazyProductGrid products={related} savedIds={savedIds} />
          </div>
        </section>
      ) : null}

      <RecentlyViewed
        viewed={{
          id: product.id,
          name: product.name,
          priceMinor: product.priceMinor,
          currency,
          imageUrl: image?.url ?? null,
          imageAlt: image?.alt ?? "",
        }}
      />
    </div>
  );
}
