import { amountIn, compareAtIn, ownPriceOf, productPriceIn, type PricingMarket } from "../markets/market-prices";
import { wasPriceAbove } from "~/domain/market-own-price";
import { BASE_CURRENCY, type CurrencyCode } from "~/domain/money";
import { giftCardLineProblem } from "~/domain/gift-card-currency";
import type { Cart, CartLine } from "~/domain/commerce";
import type { Store } from "../../store/port";
import type { Product } from "~/domain/product";
import type { CategoryId } from "~/lib/categories";
import { zoneEstimate } from "../checkout/shipping.server";
import { parcelWeight } from "~/domain/shipping-zone";
import type { ShippingService } from "../shipping/shipping.server";
import { imageForColour } from "../catalog/colour-image";
import { lineLimit, MAX_QUANTITY_PER_LINE, unitsForSale } from "~/domain/sellable";
import crypto from "node:crypto";
import { deliveredSubtotalMinor, onlyGiftCards } from "../checkout/gift-card-delivery";
import {
  giftCardCurrencyOf,
  giftCardDetailsKey,
  isGiftCardProduct,
  isGiftCardVariant,
  NO_GIFT_CARD_DETAILS,
  sendOnProblem,
  sendsNow,
  unitBaseMinor,
  type GiftCardLineDetails,
} from "~/domain/gift-card-product";

// The cart's rules, shared by both backends: what may be added, how much, and what a line is
// worth now. A cart stores only what the shopper chose; prices and stock are always read fresh,
// so a cart never charges yesterday's price or promises stock that has gone.

/** No shop sells 99 999 of a jumper to one person; a clear ceiling keeps carts sane. */
export { MAX_QUANTITY_PER_LINE };
export const MAX_LINES = 30;
/** A guest cart untouched this long is gone, as its cookie is. */
export const CART_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export type LineProblem =
  /** The product is gone, or no longer on sale. */
  | { kind: "unavailable" }
  | { kind: "sold-out" }
  /** Stock has dropped below the line's quantity since it was added. */
  | { kind: "reduced"; available: number }
  /** A gift card amount in another currency than the shopper's market (they changed market since). */
  | { kind: "other-currency"; message: string };

export interface CartLineView {
  key: string;
  productId: string;
  /** For promotions limited to categories; null when the product is gone. */
  category: CategoryId | null;
  slug: string;
  name: string;
  size: string;
  colour: string;
  imageUrl: string | null;
  imageAlt: string;
  unitPriceMinor: number;
  compareAtMinor: number | null;
  quantity: number;
  lineTotalMinor: number;
  savingsMinor: number;
  /** Units that can be bought now, capped at the per-line maximum. */
  maxQuantity: number;
  problem: LineProblem | null;
  /** A gift card line's recipient, message and send date; null on any other line. */
  giftCard: GiftCardLineDetails | null;
}

export interface CartView {
  id: string | null;
  lines: CartLineView[];
  itemCount: number;
  /** Lines that can be bought as they are. */
  subtotalMinor: number;
  savingsMinor: number;
  standardShippingMinor: number;
  /** How much more to spend for free standard shipping; 0 when already free. */
  freeShippingRemainingMinor: number;
  /** The home zone's standard method's free-from amount; null when it is never free. */
  freeShippingFromMinor: number | null;
  /** What the buyable lines weigh (a variant without a weight counts as 0 g). */
  weightGrams: number;
  /** The buyable lines at the base prices: the shipping zones' value bands are in them, whatever the market. */
  baseSubtotalMinor: number;
  hasProblems: boolean;
  /** Every line a gift card: nothing to deliver (each code goes by e-mail). */
  onlyGiftCards: boolean;
  /** The buyable lines that are delivered (not gift cards): what delivery is priced on. */
  deliveredSubtotalMinor: number;
}

export type CartChange =
  | { ok: true; message: string }
  | { ok: false; field: "size" | "colour" | "quantity" | "product" | "line" | "cart" | "sendOn"; message: string };

/** A line's key in forms; gift card lines for different people (or messages, dates) are different lines. */
export const lineKey = (line: Pick<CartLine, "productId" | "size" | "colour" | "giftCard">) => {
  const details = giftCardDetailsKey(line.giftCard);
  const tail = details ? `~${crypto.createHash("sha256").update(details).digest("hex").slice(0, 12)}` : "";
  return `${line.productId}~${line.size}~${line.colour}${tail}`;
};

export type CartService = ReturnType<typeof createCartService>;

/** What carts are kept in and how their delivery estimate is priced. */
export interface CartDeps {
  store: Store;
  /** Prices the estimate (the home zone's): the one service that prices delivery. */
  shipping: ShippingService;
  /** Carts expire after CART_TTL_MS; absent in production, where it is the real clock (tests fix it). */
  now?: () => Date;
}

export function createCartService(deps: CartDeps) {
  const { store, shipping } = deps;
  const now = deps.now ?? (() => new Date());
  /** `early`: cart `cartId` as already read (read()), so the caller's wait for it is not repeated. */
  async function load(cartId: string | null, early?: Promise<Cart | null>): Promise<Cart | null> {
    if (!cartId) return null;
    const cart = await (early ?? store.carts.get(cartId));
    if (!cart) return null;
    if (now().getTime() - Date.parse(cart.updatedAt) > CART_TTL_MS) {
      await store.carts.delete(cartId);
      return null;
    }
    return cart;
  }

  async function productsFor(lines: readonly CartLine[]): Promise<Map<string, Product | null>> {
    const ids = [...new Set(lines.map((l) => l.productId))];
    const products = await Promise.all(ids.map((id) => store.products.get(id)));
    return new Map(ids.map((id, i) => [id, products[i]]));
  }

  async function save(cartId: string, lines: CartLine[]) {
    if (lines.length === 0) await store.carts.delete(cartId);
    else await store.carts.save({ id: cartId, lines, updatedAt: now().toISOString() });
  }

  function describe(product: Product, line: Pick<CartLine, "size" | "colour">) {
    return isGiftCardProduct(product)
      ? `${product.name} (${line.size})`
      : `${product.name} (${line.colour}, ${line.size})`;
  }

  return {
    /**
     * The cart, priced in `market` (the shopper's; the base prices without one): its lines through
     * the markets' one conversion, its delivery figures at the market's rate.
     */
    async view(cartId: string | null, market?: PricingMarket, early?: Promise<Cart | null>): Promise<CartView> {
      // The home zone does not depend on the cart: read beside it.
      const homeZone = shipping.homeZone();
      homeZone.catch(() => {});
      const cart = await load(cartId, early);
      const lines = cart?.lines ?? [];
      const products = await productsFor(lines);
      const views: CartLineView[] = lines.map((line) => {
        const product = products.get(line.productId) ?? null;
        const stock = unitsForSale(product, line.size, line.colour);
        let problem: LineProblem | null =
          !product ||
          product.status !== "active" ||
          !product.variants.some((v) => v.size === line.size && v.colour === line.colour)
            ? { kind: "unavailable" }
            : stock === 0
              ? { kind: "sold-out" }
              : stock < line.quantity
                ? { kind: "reduced", available: stock }
                : null;
        const variant = product?.variants.find((v) => v.size === line.size && v.colour === line.colour);
        // A gift card amount is its face value in its own currency, never converted; in another
        // currency than the cart's it cannot be bought (checkout refuses it too).
        const cardCurrency = variant && isGiftCardVariant(variant) ? giftCardCurrencyOf(variant) : null;
        const currencyProblem =
          cardCurrency && !problem
            ? giftCardLineProblem(line.size, cardCurrency, market?.currency ?? BASE_CURRENCY)
            : null;
        if (currencyProblem) problem = { kind: "other-currency", message: currencyProblem };
        const base = product ? unitBaseMinor(product, line.size, line.colour) : 0;
        // A gift card amount is its face value in its own currency, never converted.
        const unit =
          market && !cardCurrency ? productPriceIn(market, base, product ? ownPriceOf(market, product) : null) : base;
        const baseCompareAt = product?.compareAtMinor && product.compareAtMinor > base ? product.compareAtMinor : null;
        const compareAt = market ? wasPriceAbove(compareAtIn(market, baseCompareAt), unit) : baseCompareAt;
        const buyable = problem ? 0 : line.quantity;
        const image = product ? imageForColour(product, line.colour) : null;
        return {
          key: lineKey(line),
          productId: line.productId,
          category: product?.category ?? null,
          slug: product?.slug ?? "",
          name: product?.name ?? "A product that is no longer available",
          size: line.size,
          colour: line.colour,
          imageUrl: image?.url ?? null,
          imageAlt: image?.alt ?? "",
          unitPriceMinor: unit,
          compareAtMinor: compareAt,
          quantity: line.quantity,
          lineTotalMinor: unit * buyable,
          savingsMinor: compareAt ? (compareAt - unit) * buyable : 0,
          maxQuantity: lineLimit(stock),
          problem,
          giftCard: line.giftCard ?? null,
        };
      });
      const subtotalMinor = views.reduce((sum, l) => sum + l.lineTotalMinor, 0);
      const weightGrams = parcelWeight(
        lines.map((line, i) => ({
          quantity: views[i].problem ? 0 : line.quantity,
          weightGrams: products
            .get(line.productId)
            ?.variants.find((v) => v.size === line.size && v.colour === line.colour)?.weightGrams,
        })),
      );
      // The zones' bands are in base prices: the estimate is made on the base subtotal, then its
      // figures converted, and what is left to spend for free delivery counted in the market.
      const baseSubtotalMinor = views.reduce((sum, l, i) => {
        const product = products.get(lines[i].productId);
        // Gift cards are not delivered: they count towards no delivery price or threshold.
        if (l.problem || !product || l.giftCard) return sum;
        return sum + unitBaseMinor(product, l.size, l.colour) * l.quantity;
      }, 0);
      const delivered = deliveredSubtotalMinor(views.map((l) => ({ ...l, quantity: l.problem ? 0 : l.quantity })));
      const baseEstimate = zoneEstimate(await homeZone, { subtotalMinor: baseSubtotalMinor, weightGrams });
      const estimate = market ? estimateIn(market, baseEstimate, delivered) : baseEstimate;
      return {
        id: cart ? cart.id : null,
        lines: views,
        itemCount: lines.reduce((sum, l) => sum + l.quantity, 0),
        subtotalMinor,
        savingsMinor: views.reduce((sum, l) => sum + l.savingsMinor, 0),
        standardShippingMinor: estimate.standardMinor,
        freeShippingRemainingMinor: estimate.freeShippingRemainingMinor,
        freeShippingFromMinor: estimate.freeFromMinor,
        weightGrams,
        baseSubtotalMinor,
        hasProblems: views.some((l) => l.problem !== null),
        onlyGiftCards: onlyGiftCards(views),
        deliveredSubtotalMinor: delivered,
      };
    },

    /**
     * Replace the cart with these lines (a cart restored from a reminder): only what is on sale now,
     * each capped to the units left. `left`: how many of the lines could not be put back whole.
     */
    async replace(
      cartId: string,
      wanted: readonly Pick<CartLine, "productId" | "size" | "colour" | "quantity" | "giftCard">[],
    ): Promise<{ kept: number; left: number }> {
      const at = now().toISOString();
      const products = await productsFor(wanted.map((w) => ({ ...w, addedAt: at })));
      const lines: CartLine[] = [];
      let left = 0;
      for (const w of wanted) {
        const units = unitsForSale(products.get(w.productId), w.size, w.colour);
        if (units <= 0 || lines.length >= MAX_LINES) {
          left += 1;
          continue;
        }
        const quantity = Math.min(w.quantity, lineLimit(units));
        if (quantity < w.quantity) left += 1;
        const line: CartLine = { productId: w.productId, size: w.size, colour: w.colour, quantity, addedAt: at };
        // A gift card keeps who it is for; a send date gone by meanwhile becomes "when paid".
        if (w.giftCard && isGiftCardProduct(products.get(w.productId)!))
          line.giftCard = { ...w.giftCard, sendOn: sendsNow(w.giftCard, now()) ? null : w.giftCard.sendOn };
        lines.push(line);
      }
      await save(cartId, lines);
      return { kept: lines.length, left };
    },

    /**
     * Cart `cartId` as stored, read only (an expired one is dropped later, by view or count): for a
     * request that starts the read before it knows the cart is its own, then passes it as `early`.
     */
    read(cartId: string): Promise<Cart | null> {
      return store.carts.get(cartId);
    },

    /** Items in the cart, for the header on every page. */
    async count(cartId: string | null, early?: Promise<Cart | null>): Promise<number> {
      const cart = await load(cartId, early);
      return cart?.lines.reduce((sum, l) => sum + l.quantity, 0) ?? 0;
    },

    async add(
      cartId: string,
      request: { productId: string; size: string; colour: string; quantity: number; giftCard?: GiftCardLineDetails },
      /** The shopper's currency: a gift card amount in another is refused (it could not be bought). */
      options: { currency?: CurrencyCode } = {},
    ): Promise<CartChange> {
      const product = await store.products.get(request.productId);
      if (!product || product.status !== "active")
        return { ok: false, field: "product", message: "This product is no longer available." };
      // Only a gift card line keeps a recipient, a message and a send date; the date must be within a year.
      const giftCard = isGiftCardProduct(product) ? (request.giftCard ?? NO_GIFT_CARD_DETAILS) : undefined;
      const input = { ...request, giftCard };
      if (giftCard && !product.sizes.includes(input.size))
        return { ok: false, field: "size", message: "Choose an amount." };
      const amount = giftCard ? product.variants.find((v) => v.size === input.size) : undefined;
      const otherCurrency =
        amount && options.currency
          ? giftCardLineProblem(input.size, giftCardCurrencyOf(amount), options.currency)
          : null;
      if (otherCurrency) return { ok: false, field: "size", message: otherCurrency };
      if (giftCard?.sendOn) {
        const problem = sendOnProblem(giftCard.sendOn, now());
        if (problem) return { ok: false, field: "sendOn", message: problem };
      }
      if (!product.colours.some((c) => c.name === input.colour))
        return { ok: false, field: "colour", message: "Choose a colour." };
      if (
        !product.sizes.includes(input.size) ||
        !product.variants.some((v) => v.size === input.size && v.colour === input.colour)
      ) {
        return { ok: false, field: "size", message: "Choose a size." };
      }
      const stock = unitsForSale(product, input.size, input.colour);
      if (stock === 0)
        return {
          ok: false,
          field: "size",
          message: `${input.colour} in size ${input.size} is sold out. Choose another size or colour.`,
        };
      const cart = await load(cartId);
      const lines = [...(cart?.lines ?? [])];
      const index = lines.findIndex((l) => lineKey(l) === lineKey(input));
      const already = index >= 0 ? lines[index].quantity : 0;
      const wanted = already + input.quantity;
      if (wanted > MAX_QUANTITY_PER_LINE) {
        return {
          ok: false,
          field: "quantity",
          message: `You can buy up to ${MAX_QUANTITY_PER_LINE} of one item${already ? ` (you already have ${already} in your cart)` : ""}.`,
        };
      }
      if (wanted > stock) {
        return {
          ok: false,
          field: "quantity",
          message: `Only ${stock} left in ${input.colour}, size ${input.size}${already ? ` (you already have ${already} in your cart)` : ""}.`,
        };
      }
      if (index < 0 && lines.length >= MAX_LINES)
        return {
          ok: false,
          field: "cart",
          message: `Your cart can hold ${MAX_LINES} different items. Remove one to add another.`,
        };
      if (index >= 0) lines[index] = { ...lines[index], quantity: wanted };
      else
        lines.push({
          productId: product.id,
          size: input.size,
          colour: input.colour,
          quantity: input.quantity,
          addedAt: now().toISOString(),
          ...(giftCard ? { giftCard } : {}),
        });
      await save(cartId, lines);
      return {
        ok: true,
        message: `Added to your cart: ${describe(product, input)}${input.quantity > 1 ? ` × ${input.quantity}` : ""}.`,
      };
    },

    async setQuantity(cartId: string | null, key: string, quantity: number): Promise<CartChange> {
      const cart = await load(cartId);
      const index = cart?.lines.findIndex((l) => lineKey(l) === key) ?? -1;
      if (!cart || index < 0) return { ok: false, field: "cart", message: "That item is no longer in your cart." };
      const line = cart.lines[index];
      const product = await store.products.get(line.productId);
      const stock = unitsForSale(product, line.size, line.colour);
      if (quantity > MAX_QUANTITY_PER_LINE)
        return { ok: false, field: "line", message: `You can buy up to ${MAX_QUANTITY_PER_LINE} of one item.` };
      if (quantity > stock) {
        return {
          ok: false,
          field: "line",
          message:
            stock === 0
              ? "This item is sold out. Remove it to check out."
              : `Only ${stock} left in ${line.colour}, size ${line.size}.`,
        };
      }
      const lines = cart.lines.map((l, i) => (i === index ? { ...l, quantity } : l));
      await save(cart.id, lines);
      return {
        ok: true,
        message: `Updated the quantity of ${product ? describe(product, line) : "the item"} to ${quantity}.`,
      };
    },

    async remove(cartId: string | null, key: string): Promise<CartChange> {
      const cart = await load(cartId);
      const line = cart?.lines.find((l) => lineKey(l) === key);
      if (!cart || !line) return { ok: false, field: "cart", message: "That item is no longer in your cart." };
      await save(
        cart.id,
        cart.lines.filter((l) => l !== line),
      );
      const product = await store.products.get(line.productId);
      return { ok: true, message: `Removed ${product ? describe(product, line) : "the item"} from your cart.` };
    },

    /**
     * At sign-in the guest cart joins the shopper's cart: quantities of the same item add up,
     * capped by stock and the per-line maximum; then the guest cart is gone.
     */
    async merge(guestCartId: string, userCartId: string): Promise<void> {
      const guest = await load(guestCartId);
      if (!guest || guest.lines.length === 0) return;
      const user = await load(userCartId);
      const lines = [...(user?.lines ?? [])];
      const products = await productsFor(guest.lines);
      for (const line of guest.lines) {
        const cap = lineLimit(unitsForSale(products.get(line.productId), line.size, line.colour));
        const index = lines.findIndex((l) => lineKey(l) === lineKey(line));
        if (index >= 0)
          lines[index] = {
            ...lines[index],
            quantity: Math.max(lines[index].quantity, Math.min(lines[index].quantity + line.quantity, cap)),
          };
        else if (lines.length < MAX_LINES)
          lines.push({ ...line, quantity: cap > 0 ? Math.min(line.quantity, cap) : line.quantity });
      }
      await save(userCartId, lines);
      await store.carts.delete(guestCartId);
    },

    /** The raw lines (checkout builds the order from them). */
    async lines(cartId: string | null): Promise<CartLine[]> {
      return (await load(cartId))?.lines ?? [];
    },
  };
}

/** The base delivery estimate in the market: its prices at the rate, the rest counted from the market's subtotal. */
function estimateIn<
  T extends { standardMinor: number; freeShippingRemainingMinor: number; freeFromMinor: number | null },
>(market: PricingMarket, estimate: T, subtotalMinor: number): T {
  const freeFromMinor = estimate.freeFromMinor === null ? null : amountIn(market, estimate.freeFromMinor);
  return {
    ...estimate,
    standardMinor: amountIn(market, estimate.standardMinor),
    freeFromMinor,
    freeShippingRemainingMinor:
      estimate.freeShippingRemainingMinor === 0 || freeFromMinor === null
        ? 0
        : Math.max(0, freeFromMinor - subtotalMinor),
  };
}
