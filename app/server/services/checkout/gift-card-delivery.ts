import type { OrderLine } from "~/domain/commerce";
import type { DeliveryQuote } from "~/domain/shipping-zone";

// A cart of gift cards only is not delivered: each code goes by e-mail. Its one "method" costs nothing
// and needs no shipping zone; a mixed cart pays delivery on its physical part only (gift cards weigh
// nothing and do not count towards a free-delivery threshold).

export const EMAIL_DELIVERY_METHOD = "email";

export const EMAIL_DELIVERY: DeliveryQuote = {
  methodId: EMAIL_DELIVERY_METHOD,
  name: "By e-mail",
  estimate: "",
  label: "By e-mail (gift cards: no delivery)",
  priceMinor: 0,
  zoneId: "",
  zoneName: "",
};

/** Whether every line is a gift card (an empty list is not). */
type Line = { giftCard?: OrderLine["giftCard"] | null };

export const onlyGiftCards = (lines: readonly Line[]): boolean =>
  lines.length > 0 && lines.every((l) => l.giftCard !== undefined && l.giftCard !== null);

/** What the delivered goods are worth: the lines that are not gift cards. */
export const deliveredSubtotalMinor = (
  lines: ReadonlyArray<Line & Pick<OrderLine, "unitPriceMinor" | "quantity">>,
): number => lines.reduce((sum, l) => sum + (l.giftCard ? 0 : l.unitPriceMinor * l.quantity), 0);
