import { getCategory } from "~/lib/categories";
import { formatFeedPrice } from "~/domain/money";
import { canSell } from "~/domain/sellable";
import type { FeedProduct } from "~/server/store/port";
import { imageForColour } from "../catalog/colour-image";
import { choiceOf, shippingOptions, type ShippingRates } from "../checkout/shipping.server";
import { quotesFor, type ShippingZone } from "~/domain/shipping-zone";
import { baseMarket } from "~/domain/market";
import { amountIn, compareAtIn, ownPriceOf, productPriceIn, type PricingMarket } from "../markets/market-prices";

const BASE_PRICING: PricingMarket = baseMarket([], "1970-01-01T00:00:00.000Z");

// The rules that turn a product into Google Merchant Center items: one item per variant (size ×
// colour), in stock or not, grouped by product. What Google requires of apparel we can state is
// checked by requiredMissing(); the feed leaves out an item that fails it (Google would refuse it).
// Gender and age group are not recorded for our products, so they are never guessed.

export interface FeedShipping {
  country: string;
  service: string;
  price: string;
}

export interface FeedItem {
  id: string;
  item_group_id: string;
  title: string;
  description: string;
  link: string;
  image_link: string;
  additional_image_link: string[];
  availability: "in_stock" | "out_of_stock";
  price: string;
  sale_price?: string;
  brand: string;
  condition: "new";
  /** No GTIN or MPN: the shop's own products, identified by brand and SKU. */
  identifier_exists: "no";
  size: string;
  color: string;
  material?: string;
  product_type: string;
  shipping: FeedShipping[];
}

export interface FeedSettings {
  /** Absolute origin for links and images (PUBLIC_URL). */
  origin: string;
  brand: string;
  /** ISO code of the country the feed targets: its shipping rows. */
  country: string;
  rates: ShippingRates;
  /** The target country's shipping zone; without it (tests), the flat `rates`. */
  zone?: ShippingZone;
  /** The target country's market: prices and shipping in its currency, as its shoppers see them (base prices without it). */
  market?: PricingMarket;
}

/** Google's limits on text attributes. */
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;
const MAX_ADDITIONAL_IMAGES = 10;

/** Google's required attributes for an apparel variant sold in Europe (gender/age group aside, unknown here). */
export const REQUIRED_ATTRIBUTES = [
  "id",
  "title",
  "description",
  "link",
  "image_link",
  "availability",
  "price",
  "brand",
  "condition",
  "item_group_id",
  "size",
  "color",
  "shipping",
] as const satisfies readonly (keyof FeedItem)[];

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Feed text on one line: feeds are read field by field, and TSV cannot hold tabs or line breaks. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export function absoluteUrl(origin: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;
}

/** The product page with the colour chosen (each colour has its own URL and pictures). */
export function variantLink(origin: string, productId: string, colour: string): string {
  return `${origin}/products/${encodeURIComponent(productId)}?colour=${encodeURIComponent(colour)}`;
}

export function feedItems(product: FeedProduct, settings: FeedSettings): FeedItem[] {
  const { origin } = settings;
  const market = settings.market ?? BASE_PRICING;
  const currency = market.currency;
  // The prices the product page shows a shopper of the target country (Google checks they match):
  // on sale only while the converted compare-at price is still above the converted price.
  const paid = productPriceIn(market, product.priceMinor, ownPriceOf(market, product));
  const was = compareAtIn(market, product.compareAtMinor);
  const onSale = was !== null && was > paid;
  const price = formatFeedPrice(onSale ? was : paid, currency);
  const salePrice = onSale ? formatFeedPrice(paid, currency) : undefined;
  const category = getCategory(product.category);
  // Shipping for one of this item: standard is free when the item alone reaches the threshold.
  // Weight-priced methods use the lightest variant's weight (a variant without one counts as 0 g).
  const options = settings.zone
    ? quotesFor(settings.zone, {
        subtotalMinor: product.priceMinor,
        weightGrams: Math.min(...product.variants.map((v) => v.weightGrams ?? 0)),
      }).map(choiceOf)
    : shippingOptions(settings.rates, product.priceMinor);
  const shipping = options.map((option) => ({
    country: settings.country,
    service: option.label,
    price: formatFeedPrice(amountIn(market, option.priceMinor), currency),
  }));
  const description = clip(oneLine(product.description || product.name), DESCRIPTION_MAX);
  // Pictures and link per colour, worked out once for all of the colour's sizes.
  const pictures = new Map<string, { main: string; others: string[]; link: string }>();
  const picturesOf = (colour: string) => {
    let found = pictures.get(colour);
    if (!found) {
      const image = imageForColour(product, colour);
      found = {
        main: image ? absoluteUrl(origin, image.url) : "",
        others: product.images
          .filter((i) => i !== image && (!i.colour || i.colour === colour))
          .slice(0, MAX_ADDITIONAL_IMAGES)
          .map((i) => absoluteUrl(origin, i.url)),
        link: variantLink(origin, product.id, colour),
      };
      pictures.set(colour, found);
    }
    return found;
  };
  const material = product.material ? oneLine(product.material) : undefined;
  const productType = category?.name ?? product.category;
  return product.variants.map((variant) => {
    const { main, others, link } = picturesOf(variant.colour);
    const item: FeedItem = {
      id: variant.sku,
      item_group_id: product.id,
      title: clip(oneLine(`${product.name} – ${variant.colour}, size ${variant.size}`), TITLE_MAX),
      description,
      link,
      image_link: main,
      additional_image_link: others,
      availability: canSell(variant) ? "in_stock" : "out_of_stock",
      price,
      brand: settings.brand,
      condition: "new",
      identifier_exists: "no",
      size: variant.size,
      color: variant.colour,
      product_type: productType,
      shipping,
    };
    // Optional attributes are left out rather than spread in: no object copies per variant.
    if (salePrice) item.sale_price = salePrice;
    if (material) item.material = material;
    return item;
  });
}

const PRICE = /^\d+(\.\d{1,3})? [A-Z]{3}$/;

/** The required attributes an item lacks or gets wrong (empty: Google can take it). */
export function requiredMissing(item: FeedItem): string[] {
  const wrong: string[] = [];
  for (const name of REQUIRED_ATTRIBUTES) {
    const value = item[name];
    if (Array.isArray(value) ? value.length === 0 : !value) wrong.push(name);
  }
  for (const name of ["link", "image_link"] as const)
    if (item[name] && !/^https?:\/\/[^/]+\//.test(item[name])) wrong.push(`${name} (not absolute)`);
  if (item.price && !PRICE.test(item.price)) wrong.push("price (format)");
  if (item.sale_price !== undefined && !PRICE.test(item.sale_price)) wrong.push("sale_price (format)");
  if (item.shipping.some((s) => !PRICE.test(s.price) || !s.country)) wrong.push("shipping (format)");
  if (item.title.length > TITLE_MAX) wrong.push("title (too long)");
  return wrong;
}
