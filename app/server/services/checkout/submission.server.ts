import type { CardDetails } from "../../payments/port";
import type { Address, ShippingMethodId, StockShortfall } from "~/domain/commerce";
import type { AddressBookService } from "../accounts/address-book.server";
import type { OrdersService } from "../orders/orders.server";
import { linesOfView, type RemindersService } from "../reminders/reminders.server";
import type { CartService, CartView } from "../cart/cart.server";
import { addressFields } from "~/lib/checkout-schema";
import { hasPostalAddress } from "~/domain/postal-address";
import type { CheckoutService } from "./checkout.server";
import type { Market } from "~/domain/market";

// The checkout form as one command: the address (typed or from the address book), the purchase,
// the optional save to the address book and the wait for a double submission's outcome. The
// route only parses the form and turns the answer into a page.

export interface CheckoutSubmission {
  cartId: string | null;
  userId: string | null;
  email: string;
  /** What the shopper typed; ignored when a saved address is chosen. */
  typedAddress: Address;
  /** The address-book entry chosen instead of a typed address. */
  savedAddressId: string | null;
  /** "Save this address": only a typed address, for a signed-in shopper. */
  saveAddress: boolean;
  shippingMethod: ShippingMethodId;
  /** The country whose delivery prices the form showed (see CheckoutInput.pricedCountry). */
  pricedCountry: string | null;
  /** The market whose prices the form showed (see CheckoutInput.shownMarketId). */
  shownMarketId?: string | null;
  idempotencyKey: string;
  card: CardDetails | null;
  origin: string;
  ip: string | null;
  promotionCode: string | null;
  /** The gift card applied at checkout, as typed. */
  giftCardCode?: string | null;
}

/** Why nothing was placed or charged. */
export type CheckoutRefusal =
  | { kind: "saved-address-gone" }
  | { kind: "empty" }
  | { kind: "cart-changed" }
  | { kind: "sold-out"; shortfalls: StockShortfall[] }
  | { kind: "promotion-refused"; message: string }
  | { kind: "no-delivery"; country: string }
  | { kind: "address-needed" }
  | { kind: "delivery-repriced"; country: string }
  | { kind: "market-changed"; country: string; market: Market }
  | { kind: "gift-card-refused"; message: string }
  | { kind: "rate-limited"; retryAfterSeconds: number };

export type SubmissionResult =
  /** Placed (paid or declined): the order's page. */
  | { kind: "placed"; link: string; email: string; paid: boolean }
  /** Placed, paid on the processor's hosted page. */
  | { kind: "pay-elsewhere"; url: string }
  | { kind: "refused"; refusal: CheckoutRefusal };

export type CheckoutSubmissionService = ReturnType<typeof createCheckoutSubmission>;

export function createCheckoutSubmission(deps: {
  checkout: CheckoutService;
  addressBook: AddressBookService;
  orders: OrdersService;
  /** Told of every placed order: no reminder for its cart after it; a restored cart's order is a recovery. */
  reminders?: Pick<RemindersService, "orderPlaced" | "recordCheckout">;
  /** Read for a guest's consent to a reminder (the cart as it is when the form is sent). */
  cart?: Pick<CartService, "view">;
}) {
  const { checkout, addressBook, orders, reminders, cart } = deps;
  return {
    /**
     * Who is recorded for an abandoned-checkout reminder, should no order follow: a signed-in
     * shopper on the checkout page (their cart as the page shows it), or a guest who ticked "E-mail
     * me a reminder" with a valid address, even when other fields are refused (when a reminder helps
     * most). Never throws and never stands in checkout's way: the reminders service logs and counts.
     */
    async remember(
      input:
        | { signedInEmail: string; view: CartView }
        | { guestEmail: unknown; consent: boolean; cartId: string | null },
    ): Promise<void> {
      if (!reminders) return;
      if ("signedInEmail" in input) {
        const { view } = input;
        if (view.id && view.lines.length > 0)
          await reminders.recordCheckout({ cartId: view.id, email: input.signedInEmail, lines: linesOfView(view) });
        return;
      }
      const email = addressFields.email.safeParse(input.guestEmail);
      if (!input.consent || !email.success || !input.cartId || !cart) return;
      const view = await cart.view(input.cartId).catch(() => null);
      if (!view || view.lines.length === 0) return;
      await reminders.recordCheckout({ cartId: input.cartId, email: email.data, lines: linesOfView(view) });
    },

    async submit(input: CheckoutSubmission): Promise<SubmissionResult> {
      const typed = { ...input.typedAddress, postalCode: input.typedAddress.postalCode.toUpperCase() };
      // A saved address is read on the server, for the signed-in shopper only.
      const saved =
        input.savedAddressId && input.userId ? await addressBook.get(input.userId, input.savedAddressId) : null;
      if (input.savedAddressId && !saved) return { kind: "refused", refusal: { kind: "saved-address-gone" } };
      const address: Address = saved
        ? {
            name: saved.name,
            line1: saved.line1,
            line2: saved.line2,
            city: saved.city,
            postalCode: saved.postalCode,
            country: saved.country,
            phone: saved.phone,
          }
        : typed;
      const result = await checkout.placeOrder({
        cartId: input.cartId,
        userId: input.userId,
        email: input.email,
        address,
        shippingMethod: input.shippingMethod,
        pricedCountry: input.pricedCountry,
        shownMarketId: input.shownMarketId ?? null,
        idempotencyKey: input.idempotencyKey,
        card: input.card,
        origin: input.origin,
        ip: input.ip,
        promotionCode: input.promotionCode,
        giftCardCode: input.giftCardCode ?? null,
      });
      const placed = result.kind === "redirect" || result.kind === "done" || result.kind === "payment-failed";
      if (placed && !saved && input.saveAddress && input.userId && hasPostalAddress(typed)) {
        // Best effort: a full address book never stands in the way of an order.
        await addressBook.add(input.userId, typed);
      }
      if (placed && input.cartId && reminders) {
        // Not awaited: the shopper's answer never waits on the reminder record, and orderPlaced
        // never rejects (it logs and counts its own failures).
        void reminders.orderPlaced(input.cartId, result.order);
      }
      switch (result.kind) {
        case "redirect":
          return { kind: "pay-elsewhere", url: result.url };
        case "done":
        case "payment-failed": {
          const order = await orders.settled(result.order);
          return { kind: "placed", link: orders.linkFor(order), email: order.email, paid: order.status === "paid" };
        }
        default:
          return { kind: "refused", refusal: result };
      }
    },
  };
}
