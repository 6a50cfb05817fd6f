import { describe, expect, it } from "vitest";
import { addToCartSchema, updateLineSchema } from "~/lib/cart-schema";
import { checkoutSchema, parseExpiry } from "~/lib/checkout-schema";
import { shippingEstimate, shippingOptions } from "~/server/services/checkout/shipping.server";
import { orderAccessKey, newOrderNumber, verifyOrderAccessKey } from "~/server/services/orders/order-links.server";
import { ADMIN_TRANSITIONS, stockEffect } from "~/domain/order-status-rules";

const RATES = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 };

describe("cart quantities", () => {
  it.each(["0", "-1", "1.5", "abc", "99999", "", " "])("refuses %j with a plain message", (quantity) => {
    const result = updateLineSchema.safeParse({ intent: "update", line: "p1~M~Black", quantity });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(
      /^(Enter a quantity from 1 to 10\.|You can buy up to 10 of one item\.)$/,
    );
  });

  it("accepts 1 to 10 and requires size and colour to add", () => {
    expect(updateLineSchema.parse({ intent: "update", line: "p1~M~Black", quantity: " 10 " }).quantity).toBe(10);
    expect(
      addToCartSchema.safeParse({ intent: "add", productId: "p0001", colour: "Black" }).error?.issues[0].message,
    ).toBe("Choose a size.");
    expect(addToCartSchema.safeParse({ intent: "add", productId: "p0001", size: "M" }).error?.issues[0].message).toBe(
      "Choose a colour.",
    );
    expect(addToCartSchema.parse({ intent: "add", productId: "p0001", size: "M", colour: "Black" }).quantity).toBe(1);
  });
});

describe("checkout form", () => {
  const valid = {
    email: "ada@example.com",
    name: "Ada",
    line1: "1 Main Street",
    city: "Dublin",
    postalCode: "D02 X285",
    country: "IE",
    shippingMethod: "standard",
    checkoutKey: "0b7f1a52-3f0e-4c1e-9a55-7a3c8f1f2e10",
    cardNumber: "4242 4242 4242 4242",
    expiry: "12/29",
    cvc: "123",
  };

  it("accepts a complete form and strips card spaces", () => {
    expect(checkoutSchema(true).parse(valid)).toMatchObject({ cardNumber: "4242424242424242", line2: "", phone: "" });
  });

  it.each([
    ["name", "x".repeat(5000), "Your full name must be at most 100 characters."],
    ["line1", "", "Enter the street address."],
    ["country", "XX", "Choose a country we deliver to."],
    ["email", "not-an-email", "Enter a valid e-mail address, like name@example.com."],
    ["postalCode", "<script>", "Postcodes have letters, digits, spaces and hyphens only."],
    ["shippingMethod", "Tele port!", "Choose a delivery method."],
    ["cardNumber", "1234", "Your card number is incorrect."],
    ["expiry", "13/29", "Enter the expiry date as MM/YY."],
    ["checkoutKey", "", "This checkout form has expired. Please reload the page and try again."],
  ])("%s = %j → %s", (field, value, message) => {
    const result = checkoutSchema(true).safeParse({ ...valid, [field]: value });
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it("needs card fields only for the card processor", () => {
    const { cardNumber: _n, expiry: _e, cvc: _c, ...address } = valid;
    expect(checkoutSchema(false).safeParse(address).success).toBe(true);
    expect(
      checkoutSchema(true)
        .safeParse(address)
        .error?.issues.map((i) => i.path[0]),
    ).toEqual(["cardNumber", "expiry", "cvc"]);
    expect(parseExpiry("04/31")).toEqual({ expMonth: 4, expYear: 2031 });
  });

  it("checks the card fields in the same pass as the address: every error at once", () => {
    const { cardNumber: _n, expiry: _e, cvc: _c, email: _m, ...rest } = valid;
    const issues = checkoutSchema(true).safeParse(rest).error?.issues ?? [];
    expect(issues.map((i) => i.path[0]).sort()).toEqual(["cardNumber", "cvc", "email", "expiry"]);
    expect(issues.find((i) => i.path[0] === "cardNumber")?.message).toBe("Enter your card number.");
  });
});

describe("shipping", () => {
  it("makes standard delivery free from the threshold and says how far away it is", () => {
    expect(shippingOptions(RATES, 7499).map((o) => o.priceMinor)).toEqual([495, 995]);
    expect(shippingOptions(RATES, 7500).map((o) => o.priceMinor)).toEqual([0, 995]);
    expect(shippingEstimate(RATES, 6000)).toEqual({ standardMinor: 495, freeShippingRemainingMinor: 1500 });
    expect(shippingEstimate(RATES, 8000)).toEqual({ standardMinor: 0, freeShippingRemainingMinor: 0 });
  });
});

describe("order status rules", () => {
  it("releases stock when an order stops holding it and takes it when it holds it again", () => {
    expect(stockEffect("paid", "cancelled")).toBe("release");
    // A refund moves stock by its own lines' choice (the refund path), never by the status change.
    expect(stockEffect("delivered", "refunded")).toBe("none");
    expect(stockEffect("pending_payment", "payment_failed")).toBe("release");
    expect(stockEffect("payment_failed", "pending_payment")).toBe("take");
    expect(stockEffect("payment_failed", "cancelled")).toBe("none");
    expect(stockEffect("paid", "shipped")).toBe("none");
  });

  it("never lets a refunded or cancelled order change again", () => {
    expect(ADMIN_TRANSITIONS.refunded).toEqual([]);
    expect(ADMIN_TRANSITIONS.cancelled).toEqual([]);
  });
});

describe("order links and numbers", () => {
  it("signs a guest link per order and refuses any other key", () => {
    const key = orderAccessKey("secret-1", "order-1");
    expect(verifyOrderAccessKey("secret-1", "order-1", key)).toBe(true);
    expect(verifyOrderAccessKey("secret-1", "order-2", key)).toBe(false);
    expect(verifyOrderAccessKey("secret-2", "order-1", key)).toBe(false);
    expect(verifyOrderAccessKey("secret-1", "order-1", null)).toBe(false);
    expect(verifyOrderAccessKey("secret-1", "order-1", `${key}x`)).toBe(false);
  });

  it("numbers orders HM- and 8 unambiguous characters", () => {
    const numbers = new Set(Array.from({ length: 200 }, newOrderNumber));
    expect(numbers.size).toBe(200);
    for (const n of numbers) expect(n).toMatch(/^HM-[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
