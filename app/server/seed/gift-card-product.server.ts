import type { ProductInput } from "~/domain/product";
import { BASE_CURRENCY, minorToUnits } from "~/domain/money";
import { GIFT_CARD_UNITS, giftCardAmountLabel } from "~/domain/gift-card-product";

// The demo shop's gift card, seeded with the catalogue (never into a shop that already has products).
// Apart from the 98 garments (buildSeedCatalogue stays as it was, so their data and the seeded order
// history do not move), in Accessories: the categories are a fixed seven across the size guide, the
// navigation, the feeds and the CSV import, and a gift card is what a shop shelves with small gifts.

export const SEED_GIFT_CARD_ID = "p0099";
const AMOUNTS = [2500, 5000, 10000];
const COLOUR = { name: "Gift", hex: "#c9a44c" };

export function buildSeedGiftCard(): ProductInput {
  // Older than every garment (they are spread over the 120 days before 2026-11-01): "newest" lists do not change.
  const at = "2026-06-01T12:00:00.000Z";
  const sizes = AMOUNTS.map((minor) => giftCardAmountLabel(minor));
  return {
    id: SEED_GIFT_CARD_ID,
    slug: "hemline-gift-card",
    name: "Hemline gift card",
    description:
      "A code by e-mail, spent on anything in the shop, in one go or over several orders. Send it to someone on the day you choose, with a message.",
    category: "accessories",
    material: "A code sent by e-mail",
    priceMinor: AMOUNTS[0],
    compareAtMinor: null,
    status: "active",
    featured: false,
    colours: [COLOUR],
    sizes,
    variants: AMOUNTS.map((amount, i) => ({
      size: sizes[i],
      colour: COLOUR.name,
      sku: `HEMLINE-GIFT-CARD-${minorToUnits(amount, BASE_CURRENCY)}`,
      stock: GIFT_CARD_UNITS,
      giftCardMinor: amount,
    })),
    images: [
      {
        url: `/media/v1/accessories/flat/${COLOUR.hex.slice(1)}.svg`,
        alt: "Hemline gift card",
        width: 800,
        height: 1000,
      },
    ],
    createdAt: at,
    updatedAt: at,
  };
}
