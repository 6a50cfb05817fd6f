import { z } from "zod";
import { CATEGORIES } from "./categories";
import { BASE_CURRENCY, inputToMinor } from "~/domain/money";
import { SLUG_PATTERN } from "./slug";
import {
  GIFT_CARD_UNITS,
  giftCardAmountLabel,
  giftCardAmountsProblem,
  type GiftCardAmount,
} from "~/domain/gift-card-product";
import { parseGiftCardAmounts } from "~/domain/gift-card-amounts-text";

// The product editor's form, parsed with conform (parseWithZod) on the server and, with
// JavaScript, in the browser. Field names are conform paths: "name", "colours[0].hex",
// "sizes[1].name", "images[0].alt". Each colour and size row carries a key ("c0", "s3") that
// never changes while the row lives, and a stock cell is named by its row keys
// ("stock.s3-c0"), so adding, removing or reordering rows never moves stock to another cell.

export const PRODUCT_SLUG_PATTERN = SLUG_PATTERN;
export const PRODUCT_LIMITS = {
  name: 120,
  slug: 80,
  description: 5000,
  material: 200,
  colours: 20,
  sizes: 20,
  colourName: 40,
  size: 20,
  stock: 999_999,
  images: 12,
  alt: 200,
} as const;

/** Product images: uploads made by the editor, or the shop's generated illustrations. */
export const PRODUCT_IMAGE_URL =
  /^\/(?:uploads\/products\/[a-f0-9]{32}-\d{2,4}\.webp|media\/v1\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9]+\.svg)$/;

export const PRODUCT_STATUSES = [
  { value: "draft", label: "Draft (not in the shop)" },
  { value: "active", label: "Active (in the shop)" },
  { value: "archived", label: "Archived (hidden, kept for orders)" },
] as const;

/** A colour or size row's key: "c" or "s" and a number. */
export const ROW_KEY = /^[cs]\d{1,4}$/;

/** The name of the stock (and SKU) cell of a size row and a colour row. */
export const cellName = (sizeKey: string, colourKey: string) => `${sizeKey}-${colourKey}`;

/** The next free key for a new row: one past the highest in use. */
export function nextRowKey(prefix: "c" | "s", keys: Array<string | undefined>): string {
  const used = keys.map((k) => (k && ROW_KEY.test(k) ? Number(k.slice(1)) : -1));
  return `${prefix}${Math.max(-1, ...used) + 1}`;
}

/** The form as the editor shows it: every value a string, as typed. */
export interface ProductFormDefaults {
  name: string;
  slug: string;
  description: string;
  category: string;
  material: string;
  price: string;
  compareAt: string;
  /** Grams for every variant; empty when the variants' weights differ (from the CSV) or none is set. */
  weight: string;
  status: string;
  featured: boolean;
  /** Sold as a gift card: its amounts are its variants, in place of sizes. */
  giftCard: boolean;
  /** The gift card's amounts: a group per currency ("EUR 25, 50, 100; GBP 25, 50"); no code: euros. */
  giftCardAmounts: string;
  colours: Array<{ key: string; name: string; hex: string }>;
  sizes: Array<{ key: string; name: string }>;
  /** Units per cell, by cellName(size key, colour key). */
  stock: Record<string, string>;
  /** SKU per cell: kept for existing variants, absent for new cells (the service makes one). */
  sku: Record<string, string>;
  images: Array<{ url: string; alt: string; width: string; height: string; colour: string }>;
}

export type FieldErrors = Record<string, string[]>;

/** A text field: conform sends an empty field as absent. */
const text = () =>
  z
    .string()
    .optional()
    .transform((v) => v ?? "");

const money = (label: string, required: boolean) =>
  text().transform((value, ctx) => {
    if (!value.trim()) {
      if (required) ctx.addIssue({ code: "custom", message: `Enter the ${label}, like 49.90.` });
      return null;
    }
    const minor = inputToMinor(value, BASE_CURRENCY);
    if (minor === null)
      ctx.addIssue({
        code: "custom",
        message: `Enter the ${label} in euros: a number of at least 0 with at most 2 decimals, like 49.90.`,
      });
    return minor;
  });

/**
 * The price, which a gift card may leave empty: it answers whether it was left empty (required otherwise,
 * checked with the whole form) and its value (null, with this field's message, when it is not money).
 */
const priceField = () =>
  text().transform((value, ctx) => {
    if (!value.trim()) return { blank: true, minor: null };
    const minor = inputToMinor(value, BASE_CURRENCY);
    if (minor === null)
      ctx.addIssue({
        code: "custom",
        message: "Enter the price in euros: a number of at least 0 with at most 2 decimals, like 49.90.",
      });
    return { blank: false, minor };
  });

const categoryIds = CATEGORIES.map((c) => c.id) as [string, ...string[]];

const rowKey = z.string().regex(ROW_KEY, "This row cannot be read: reload the page.");

/**
 * Trimmed text within a length, and when `required` not empty. (Not a zod pipe into z.string():
 * conform turns an empty string into "absent" at every z.string(), so a pipe would say "Required".)
 */
const trimmed = (max: number, tooLong: string, required?: string) =>
  text()
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      if (required && !v) ctx.addIssue({ code: "custom", message: required });
      else if (v.length > max) ctx.addIssue({ code: "custom", message: tooLong });
    });

export const productFormSchema = z
  .object({
    name: trimmed(
      PRODUCT_LIMITS.name,
      `Keep the name to ${PRODUCT_LIMITS.name} characters or fewer.`,
      "Enter the product's name.",
    ),
    slug: trimmed(PRODUCT_LIMITS.slug, `Keep the slug to ${PRODUCT_LIMITS.slug} characters or fewer.`).refine(
      (v) => v === "" || PRODUCT_SLUG_PATTERN.test(v),
      "Use lower-case letters, digits and single hyphens only, like linen-shirt.",
    ),
    description: trimmed(
      PRODUCT_LIMITS.description,
      `Keep the description to ${PRODUCT_LIMITS.description} characters or fewer.`,
      "Describe the product.",
    ),
    category: z.enum(categoryIds, { errorMap: () => ({ message: "Choose one of the seven categories." }) }),
    material: trimmed(PRODUCT_LIMITS.material, `Keep the material to ${PRODUCT_LIMITS.material} characters or fewer.`),
    // Required unless the product is a gift card (its price is then its smallest amount).
    price: priceField(),
    compareAt: money("compare-at price", false),
    // Empty keeps each variant's own weight (the CSV's weight_grams may set them one by one).
    weight: text()
      .transform((v) => v.trim())
      .refine((v) => v === "" || /^\d{1,7}$/.test(v), "Enter the weight in whole grams, like 350, or leave it empty.")
      .transform((v) => (v === "" ? null : Number(v))),
    status: z.enum(["draft", "active", "archived"], {
      errorMap: () => ({ message: "Choose draft, active or archived." }),
    }),
    featured: z.boolean().default(false),
    giftCard: z.boolean().default(false),
    giftCardAmounts: text().transform(parseGiftCardAmounts),
    colours: z
      .array(
        z.object({
          key: rowKey,
          name: trimmed(
            PRODUCT_LIMITS.colourName,
            `Keep a colour name to ${PRODUCT_LIMITS.colourName} characters or fewer.`,
            "Name the colour.",
          ),
          hex: text()
            .transform((v) => v.trim())
            .refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), "Enter the colour as #rrggbb, like #1f3a5f.")
            .transform((v) => v.toLowerCase()),
        }),
      )
      .min(1, "Add at least one colour.")
      .max(PRODUCT_LIMITS.colours, `A product can have at most ${PRODUCT_LIMITS.colours} colours.`)
      .default([]),
    sizes: z
      .array(
        z.object({
          key: rowKey,
          name: trimmed(
            PRODUCT_LIMITS.size,
            `Keep a size to ${PRODUCT_LIMITS.size} characters or fewer.`,
            "Enter the size, or remove the row.",
          ),
        }),
      )
      .max(PRODUCT_LIMITS.sizes, `A product can have at most ${PRODUCT_LIMITS.sizes} sizes.`)
      .default([]),
    // An empty cell is 0 units.
    stock: z
      .record(
        text()
          .transform((v) => v.trim() || "0")
          .refine((v) => /^\d{1,6}$/.test(v), "Enter a whole number of at least 0.")
          .transform(Number),
      )
      .optional()
      .transform((v) => v ?? {}),
    sku: z
      .record(trimmed(64, "Keep a SKU to 64 characters or fewer."))
      .optional()
      .transform((v) => v ?? {}),
    images: z
      .array(
        z.object({
          url: text().refine((v) => PRODUCT_IMAGE_URL.test(v), "This image cannot be used: upload it again."),
          alt: trimmed(
            PRODUCT_LIMITS.alt,
            `Keep the description to ${PRODUCT_LIMITS.alt} characters or fewer.`,
            "Describe the image for people who cannot see it.",
          ),
          width: z.coerce.number().int().min(1).max(10_000),
          height: z.coerce.number().int().min(1).max(10_000),
          // Absent rather than empty when untagged, so stored images carry no blank tag.
          colour: text()
            .transform((v) => v.trim())
            .transform((v) => v || undefined),
        }),
      )
      .max(PRODUCT_LIMITS.images, `A product can have at most ${PRODUCT_LIMITS.images} images.`)
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.price.blank && !v.giftCard)
      ctx.addIssue({ code: "custom", path: ["price"], message: "Enter the price, like 49.90." });
    if (v.giftCard) {
      const problem =
        "problem" in v.giftCardAmounts ? v.giftCardAmounts.problem : giftCardAmountsProblem(v.giftCardAmounts.amounts);
      if (problem) ctx.addIssue({ code: "custom", path: ["giftCardAmounts"], message: problem });
    } else if (v.sizes.length === 0) {
      ctx.addIssue({ code: "custom", path: ["sizes"], message: "Add at least one size." });
    }
    if (v.compareAt !== null && v.price.minor !== null && v.compareAt <= v.price.minor) {
      ctx.addIssue({
        code: "custom",
        path: ["compareAt"],
        message: "The compare-at price must be higher than the price, or left empty.",
      });
    }
    const seen = new Set<string>();
    v.colours.forEach((c, i) => {
      const key = c.name.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: "custom", path: ["colours", i, "name"], message: `“${c.name}” is listed twice.` });
      seen.add(key);
    });
    const sizes = new Set<string>();
    v.sizes.forEach((s, i) => {
      if (sizes.has(s.name.toLowerCase()))
        ctx.addIssue({ code: "custom", path: ["sizes", i, "name"], message: `“${s.name}” is listed twice.` });
      sizes.add(s.name.toLowerCase());
    });
    const colourNames = new Set(v.colours.map((c) => c.name));
    v.images.forEach((img, i) => {
      if (img.colour !== undefined && !colourNames.has(img.colour)) {
        ctx.addIssue({
          code: "custom",
          path: ["images", i, "colour"],
          message: `“${img.colour}” is not one of this product's colours: choose one of them, or All colours.`,
        });
      }
    });
  })
  // The product as the catalogue saves it: the grid becomes stock[size][colour] in the rows' order.
  .transform((v) => {
    const colours = v.colours.map(({ name, hex }) => ({ name, hex }));
    if (v.giftCard) {
      // A gift card: its amounts are the sizes, never out of stock; the price listings show is the
      // smallest amount in the base currency (a market shows its own currency's amounts on the page).
      const amounts = "amounts" in v.giftCardAmounts ? v.giftCardAmounts.amounts : [];
      return {
        ...v,
        price: Math.min(...amounts.filter((a) => a.currency === BASE_CURRENCY).map((a) => a.minor)),
        compareAt: null,
        weight: null,
        colours,
        giftCardAmounts: amounts,
        sizes: amounts.map((a) => giftCardAmountLabel(a.minor, a.currency)),
        stock: amounts.map(() => v.colours.map(() => GIFT_CARD_UNITS)),
        sku: amounts.map(() => v.colours.map(() => "")),
      };
    }
    return {
      ...v,
      price: v.price.minor,
      colours,
      giftCardAmounts: [] as GiftCardAmount[],
      sizes: v.sizes.map((s) => s.name),
      stock: v.sizes.map((s) => v.colours.map((c) => v.stock[cellName(s.key, c.key)] ?? 0)),
      sku: v.sizes.map((s) => v.colours.map((c) => v.sku[cellName(s.key, c.key)] ?? "")),
    };
  });

export type ProductFormValues = z.output<typeof productFormSchema>;

export function emptyProductForm(): ProductFormDefaults {
  return {
    name: "",
    slug: "",
    description: "",
    category: "t-shirts",
    material: "",
    price: "",
    compareAt: "",
    weight: "",
    status: "draft",
    featured: false,
    giftCard: false,
    giftCardAmounts: "",
    colours: [],
    sizes: [],
    stock: {},
    sku: {},
    images: [],
  };
}
