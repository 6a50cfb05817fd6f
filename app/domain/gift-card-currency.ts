import { ROUND_UNITS_PER_EURO, unitsToMinor, type CurrencyCode } from "./money";

// A gift card holds one currency and pays only orders in it: converting at checkout would spend an
// amount the card's ledger could not state (its balance is owed in its own currency). The same rule
// for buying one: a card line's amount is in its currency, and an order is in one currency.

/** Why a card in `cardCurrency` cannot pay an order in `orderCurrency`, or null when it can. */
export function giftCardPaymentProblem(cardCurrency: CurrencyCode, orderCurrency: CurrencyCode): string | null {
  if (cardCurrency === orderCurrency) return null;
  return (
    `This gift card is in ${cardCurrency} and this order is in ${orderCurrency}: a gift card pays only orders in ` +
    "its own currency. Remove it to pay by card. Nothing was charged and no order was placed."
  );
}

/** Why a gift card line of `lineCurrency` cannot be bought in an order (or cart) in `orderCurrency`, or null. */
export function giftCardLineProblem(
  label: string,
  lineCurrency: CurrencyCode,
  orderCurrency: CurrencyCode,
): string | null {
  if (lineCurrency === orderCurrency) return null;
  return (
    `The ${label} gift card is in ${lineCurrency} and your order is in ${orderCurrency}: remove it ` +
    `(or choose the ${lineCurrency} market) to order the rest.`
  );
}

// Limits of amounts are set in euros and scaled per currency by a round step near its rate (a card of
// 500 is a lot of pounds and little of kronor), so one rule serves every currency without a rate lookup.

/** `euroUnits` whole euros as a limit in `currency`'s minor units (500 → £500, 5,000 kr, ¥100,000). */
export const scaledLimitMinor = (euroUnits: number, currency: CurrencyCode): number =>
  unitsToMinor(euroUnits * ROUND_UNITS_PER_EURO[currency], currency);
