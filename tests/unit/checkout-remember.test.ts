import { describe, expect, it, vi } from "vitest";
import type { CartView } from "~/server/services/cart/cart.server";
import type { AddressBookService } from "~/server/services/accounts/address-book.server";
import type { CheckoutService } from "~/server/services/checkout/checkout.server";
import { createCheckoutSubmission } from "~/server/services/checkout/submission.server";
import type { OrdersService } from "~/server/services/orders/orders.server";

// Who checkout records for an abandoned-checkout reminder: the rule lives in the submission service,
// the route only passes what the page and the form say.

const line = {
  productId: "p0001",
  size: "M",
  colour: "Black",
  quantity: 2,
  name: "Linen shirt",
  unitPriceMinor: 3000,
};
const view = (lines: Array<typeof line>): CartView =>
  ({ id: "guest:abc", lines, itemCount: lines.length, subtotalMinor: 6000 }) as unknown as CartView;

function submission(cartView: () => Promise<CartView>) {
  const recordCheckout = vi.fn(async () => "recorded" as const);
  const service = createCheckoutSubmission({
    checkout: {} as CheckoutService,
    addressBook: {} as AddressBookService,
    orders: {} as OrdersService,
    reminders: { recordCheckout, orderPlaced: async () => undefined },
    cart: { view: vi.fn(cartView) },
  });
  return { service, recordCheckout };
}

describe("checkout's reminder records", () => {
  it("records a guest who ticked the box with a valid address, with the cart's lines", async () => {
    const { service, recordCheckout } = submission(async () => view([line]));
    await service.remember({ guestEmail: " ada@example.com ", consent: true, cartId: "guest:abc" });
    expect(recordCheckout).toHaveBeenCalledWith({ cartId: "guest:abc", email: "ada@example.com", lines: [line] });
  });

  it("records no guest who did not tick it, typed no valid address, has no cart or an empty one", async () => {
    const { service, recordCheckout } = submission(async () => view([line]));
    await service.remember({ guestEmail: "ada@example.com", consent: false, cartId: "guest:abc" });
    await service.remember({ guestEmail: "not an address", consent: true, cartId: "guest:abc" });
    await service.remember({ guestEmail: null, consent: true, cartId: "guest:abc" });
    await service.remember({ guestEmail: "ada@example.com", consent: true, cartId: null });
    const empty = submission(async () => view([]));
    await empty.service.remember({ guestEmail: "ada@example.com", consent: true, cartId: "guest:abc" });
    expect(recordCheckout).not.toHaveBeenCalled();
    expect(empty.recordCheckout).not.toHaveBeenCalled();
  });

  it("never stands in checkout's way: a cart that cannot be read records nothing and throws nothing", async () => {
    const { service, recordCheckout } = submission(async () => {
      throw new Error("store down");
    });
    await expect(
      service.remember({ guestEmail: "ada@example.com", consent: true, cartId: "guest:abc" }),
    ).resolves.toBeUndefined();
    expect(recordCheckout).not.toHaveBeenCalled();
  });

  it("records a signed-in shopper on the checkout page with the cart the page shows, not an empty one", async () => {
    const { service, recordCheckout } = submission(async () => view([]));
    await service.remember({ signedInEmail: "ada@example.com", view: view([line]) });
    await service.remember({ signedInEmail: "ada@example.com", view: view([]) });
    expect(recordCheckout).toHaveBeenCalledTimes(1);
    expect(recordCheckout).toHaveBeenCalledWith({ cartId: "guest:abc", email: "ada@example.com", lines: [line] });
  });
});
