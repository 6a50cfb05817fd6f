import { describe, expect, it } from "vitest";
import { quoteOrder } from "~/domain/quote-order";

const standard = { method: "standard" as const, label: "Standard", priceMinor: 495 };
const express = { method: "express" as const, label: "Express", priceMinor: 1295 };
const options = [standard, express];

describe("quoteOrder", () => {
  it("prices the first method when none was chosen yet", () => {
    const quote = quoteOrder({ subtotalMinor: 5000, discountMinor: 500, freeDelivery: false, options });
    expect(quote).toEqual({ delivery: standard, goodsMinor: 4500, shippingMinor: 495, totalMinor: 4995 });
  });

  it("charges the chosen method", () => {
    const quote = quoteOrder({
      subtotalMinor: 5000,
      discountMinor: 0,
      freeDelivery: false,
      options,
      method: "express",
    });
    expect(quote.delivery?.method).toBe("express");
    expect(quote.totalMinor).toBe(6295);
  });

  it("frees only the standard method under a free-delivery promotion", () => {
    const free = quoteOrder({ subtotalMinor: 5000, discountMinor: 0, freeDelivery: true, options });
    expect(free.delivery).toEqual({ ...standard, priceMinor: 0 });
    expect(free.totalMinor).toBe(5000);
    const chosenExpress = quoteOrder({
      subtotalMinor: 5000,
      discountMinor: 0,
      freeDelivery: true,
      options,
      method: "express",
    });
    expect(chosenExpress.shippingMinor).toBe(1295);
  });

  it("has no delivery when the chosen method is not offered there, or none is", () => {
    expect(
      quoteOrder({ subtotalMinor: 100, discountMinor: 0, freeDelivery: false, options, method: "pickup" }).delivery,
    ).toBeNull();
    const nowhere = quoteOrder({ subtotalMinor: 100, discountMinor: 0, freeDelivery: true, options: [] });
    expect(nowhere).toEqual({ delivery: null, goodsMinor: 100, shippingMinor: 0, totalMinor: 100 });
  });
});
