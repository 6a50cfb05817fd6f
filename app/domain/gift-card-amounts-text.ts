import { BASE_CURRENCY, inputToMinor, isCurrencyCode, minorToInput, type CurrencyCode } from "./money";
import { giftCardCurrencyOf, isGiftCardVariant, type GiftCardAmount } from "./gift-card-product";
import type { Variant } from "./product";

// The product editor's one field for a gift card's amounts: a group per currency, separated by ";",
// each its code then its amounts ("EUR 25, 50, 100; GBP 25, 50, 100; CHF 30, 50, 100"). A group without
// a code is in euros, so "25, 50, 100" means what it always did.

const GROUPS = /[;\n]+/;
const LEADING_CODE = /^([A-Za-z]{3})\b:?\s*(.*)$/s;

/** The amounts a typed text names, or why it cannot be read (an unknown code, an amount that is not one). */
export function parseGiftCardAmounts(text: string): { amounts: GiftCardAmount[] } | { problem: string } {
  const amounts: GiftCardAmount[] = [];
  for (const raw of text.split(GROUPS)) {
    const group = raw.trim();
    if (!group) continue;
    const coded = LEADING_CODE.exec(group);
    const code = coded ? coded[1].toUpperCase() : BASE_CURRENCY;
    if (!isCurrencyCode(code))
      return { problem: `“${coded![1]}” is not a currency this shop sells in: use a code like EUR, GBP or CHF.` };
    const currency: CurrencyCode = code;
    for (const word of (coded ? coded[2] : group).split(/[,\s]+/).filter(Boolean)) {
      const minor = inputToMinor(word, currency);
      if (minor === null)
        return { problem: `“${word}” is not an amount in ${currency}: write amounts like 25, 50, 100.` };
      amounts.push({ currency, minor });
    }
  }
  return { amounts };
}

/** A gift card's variants as the editor shows them back: euros alone as before ("25, 50"), else one group per currency. */
export function giftCardAmountsText(variants: readonly Variant[]): string {
  const byCurrency = new Map<CurrencyCode, number[]>();
  for (const v of variants) {
    if (!isGiftCardVariant(v)) continue;
    const currency = giftCardCurrencyOf(v);
    const list = byCurrency.get(currency) ?? [];
    if (!list.includes(v.giftCardMinor!)) list.push(v.giftCardMinor!);
    byCurrency.set(currency, list);
  }
  const groups = [...byCurrency].map(([currency, minors]) => ({
    currency,
    text: minors.map((m) => minorToInput(m, currency)).join(", "),
  }));
  if (groups.length === 1 && groups[0].currency === BASE_CURRENCY) return groups[0].text;
  return groups.map((g) => `${g.currency} ${g.text}`).join("; ");
}
