import crypto from "node:crypto";
import { formatGiftCardCode, GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH } from "~/domain/gift-card";

// Making and hashing codes needs node:crypto, so it lives on the server; the format rules are in the domain.

/** A fresh random code, formatted for people ("ABCD-EFGH-JKMN-PQRT"). */
export function generateGiftCardCode(randomInt: (max: number) => number = crypto.randomInt): string {
  let raw = "";
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) raw += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return formatGiftCardCode(raw);
}

/** What is stored and looked up: SHA-256 of the normalised code (the code is long and random, so no salt is needed). */
export function hashGiftCardCode(normalised: string): string {
  return crypto.createHash("sha256").update(normalised).digest("hex");
}
