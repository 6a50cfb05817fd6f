import { describe, expect, it } from "vitest";
import { parseConfig } from "~/server/config.server";
import { openCode, sealCode } from "~/server/services/gift-cards/sealed-code.server";

// The key sealing scheduled gift card codes: a wrong GIFT_CARD_CODE_KEY stops start-up naming it; unset,
// a key derived from the session secret (so a zero-configuration shop can sell cards for a later date).

const SECRET = "s".repeat(40);

describe("GIFT_CARD_CODE_KEY", () => {
  it("must be 32 bytes in hex: anything else stops start-up with the variable's name", () => {
    expect(() => parseConfig({ NODE_ENV: "production", SESSION_SECRET: SECRET, GIFT_CARD_CODE_KEY: "short" })).toThrow(
      /GIFT_CARD_CODE_KEY: must be 64 hexadecimal characters/,
    );
    const key = "AB".repeat(32);
    expect(parseConfig({ SESSION_SECRET: SECRET, GIFT_CARD_CODE_KEY: key }).giftCardCodeKey).toBe(key.toLowerCase());
  });

  it("unset, is derived from the session secret: the same for one secret, another for another", () => {
    const one = parseConfig({ NODE_ENV: "production", SESSION_SECRET: SECRET }).giftCardCodeKey;
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: SECRET }).giftCardCodeKey).toBe(one);
    expect(parseConfig({ NODE_ENV: "production", SESSION_SECRET: "t".repeat(40) }).giftCardCodeKey).not.toBe(one);
  });
});

describe("a sealed code", () => {
  const key = "0f".repeat(32);
  it("opens with its key and card only, and does not show the code", () => {
    const sealed = sealCode("ACDE-FGHJ-KMNP-QRTU", "card-1", key);
    expect(sealed).not.toContain("ACDE");
    expect(openCode(sealed, "card-1", key)).toBe("ACDE-FGHJ-KMNP-QRTU");
    expect(openCode(sealed, "card-2", key)).toBeNull();
    expect(openCode(sealed, "card-1", "1e".repeat(32))).toBeNull();
    expect(openCode(`${sealed.slice(0, -2)}AA`, "card-1", key)).toBeNull();
    expect(openCode("garbage", "card-1", key)).toBeNull();
    // A tag cut short (GCM would check only its first bytes) is refused outright.
    const [version, iv, tag, body] = sealed.split(".");
    const short = Buffer.from(tag, "base64url").subarray(0, 4).toString("base64url");
    expect(openCode([version, iv, short, body].join("."), "card-1", key)).toBeNull();
  });
});
