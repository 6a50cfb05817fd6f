import { describe, expect, it } from "vitest";
import { GIFT_CARD_ALPHABET, normaliseGiftCardCode, splitRefund, splitTotal } from "~/domain/gift-card";
import { generateGiftCardCode, hashGiftCardCode } from "~/server/services/gift-cards/gift-card-code.server";

// The rules of gift cards: codes people can type back, stored only as a hash, and how a total and a
// refund split between the card and the card processor.

describe("gift card codes", () => {
  it("are 16 characters of the unambiguous alphabet in groups of 4, and differ each time", () => {
    const codes = Array.from({ length: 200 }, () => generateGiftCardCode());
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
      for (const ch of code.replaceAll("-", "")) expect(GIFT_CARD_ALPHABET).toContain(ch);
    }
    expect(new Set(codes).size).toBe(200);
    for (const lookAlike of ["0", "O", "1", "I", "L"]) expect(GIFT_CARD_ALPHABET).not.toContain(lookAlike);
  });

  it("read back whatever the case, spaces and dashes a person types", () => {
    const code = generateGiftCardCode();
    const canonical = code.replaceAll("-", "");
    expect(normaliseGiftCardCode(code)).toBe(canonical);
    expect(normaliseGiftCardCode(code.toLowerCase())).toBe(canonical);
    expect(normaliseGiftCardCode(` ${code.replaceAll("-", " ")} `)).toBe(canonical);
    expect(normaliseGiftCardCode(canonical.match(/.{2}/g)!.join("-"))).toBe(canonical);
  });

  it("refuse what cannot be a code before any lookup", () => {
    expect(normaliseGiftCardCode("")).toBeNull();
    expect(normaliseGiftCardCode("ACDE-FGHJ-KMNP")).toBeNull();
    expect(normaliseGiftCardCode("ACDE-FGHJ-KMNP-QRTUV")).toBeNull();
    expect(normaliseGiftCardCode("ACDE-FGHJ-KMNP-QRT0")).toBeNull();
  });

  it("are stored as a SHA-256 of the canonical code: the same for every way of typing it, never the code", () => {
    const code = generateGiftCardCode();
    const hash = hashGiftCardCode(normaliseGiftCardCode(code)!);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashGiftCardCode(normaliseGiftCardCode(code.toLowerCase().replaceAll("-", " "))!)).toBe(hash);
    expect(hash).not.toContain(code.replaceAll("-", "").toLowerCase());
    expect(hashGiftCardCode(normaliseGiftCardCode(generateGiftCardCode())!)).not.toBe(hash);
  });
});

describe("splitting a total", () => {
  it("the card pays up to its balance and the rest is paid by card", () => {
    expect(splitTotal(8000, 5000)).toEqual({ giftCardMinor: 5000, restMinor: 3000 });
    expect(splitTotal(3000, 5000)).toEqual({ giftCardMinor: 3000, restMinor: 0 });
    expect(splitTotal(5000, 5000)).toEqual({ giftCardMinor: 5000, restMinor: 0 });
    expect(splitTotal(5000, 0)).toEqual({ giftCardMinor: 0, restMinor: 5000 });
  });
});

describe("splitting a refund", () => {
  it("puts the gift-card part back on the card first, the rest to the processor", () => {
    // €50 paid by gift card, €30 by card: a €20 refund goes wholly back on the gift card.
    expect(splitRefund(2000, 5000, 0)).toEqual({ toGiftCardMinor: 2000, toProcessorMinor: 0 });
    // A full refund: €50 to the gift card, €30 to the processor.
    expect(splitRefund(8000, 5000, 0)).toEqual({ toGiftCardMinor: 5000, toProcessorMinor: 3000 });
    // After €40 went back on the card, a further €30: €10 to the card, €20 to the processor.
    expect(splitRefund(3000, 5000, 4000)).toEqual({ toGiftCardMinor: 1000, toProcessorMinor: 2000 });
    // An order without a gift card: everything to the processor.
    expect(splitRefund(3000, 0, 0)).toEqual({ toGiftCardMinor: 0, toProcessorMinor: 3000 });
  });
});
