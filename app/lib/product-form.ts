import { z } from "zod";
import { CATEGORIES } from "./categories";
import { parseMoneyToMinor } from "./money";

// The product editor's form. Without JavaScript the whole form is plain inputs, so it is read
// into a "draft" of strings (exactly what was typed, to show again on errors), and the draft is
// validated with zod into product values. Field names and error keys are the same paths:
// "name", "colours.0.hex", "stock.1.2" (size 1, colour 2), "images.0.alt".

export const PRODUCT_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
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

export interface ImageDraft {
  url: string;
  alt: string;
  width: string;
  height: string;
  /** One of the product's colour names; "" for every colour. */
  colour: string;
}

export interface ProductDraft {
  name: string;
  slug: string;
  description: string;
  category: string;
  material: string;
  price: string;
  compareAt: string;
  status: string;
  featured: boolean;
  colours: Array<{ name: string; hex: string }>;
  sizes: string[];
  /** stock[size][colour], as typed. */
  stock: string[][];
  /** sku[size][colour]: kept for existing variants, empty for new cells (the service makes one). */
  sku: string[][];
  images: ImageDraft[];
}

export type FieldErrors = Record<string, string[]>;

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
};

/** How many indexed rows a list field has (name.0, name.1, …), capped so a crafted form stays small. */
function rowCount(formData: FormData, prefix: string, cap: number): number {
  let n = 0;
  while (n < cap && formData.has(`${prefix}.${n}`)) n += 1;
  return n;
}

/** The form as typed. Blank new colour/size rows are dropped; the grid follows the rows kept. */
export function readProductDraft(formData: FormData): ProductDraft {
  const colourRows = rowCount(formData, "colours.name", PRODUCT_LIMITS.colours + 1);
  const sizeRows = rowCount(formData, "sizes", PRODUCT_LIMITS.sizes + 1);
  const colourIdx = Array.from({ length: colourRows }, (_, i) => i).filter(
    (i) => text(formData, `colours.name.${i}`).trim() || text(formData, `colours.hex.${i}`).trim(),
  );
  const sizeIdx = Array.from({ length: sizeRows }, (_, i) => i).filter((i) => text(formData, `sizes.${i}`).trim());
  const imageRows = rowCount(formData, "images.url", PRODUCT_LIMITS.images + 1);
  return {
    name: text(formData, "name"),
    slug: text(formData, "slug"),
    description: text(formData, "description"),
    category: text(formData, "category"),
    material: text(formData, "material"),
    price: text(formData, "price"),
    compareAt: text(formData, "compareAt"),
    status: text(formData, "status"),
    featured: formData.get("featured") === "on",
    colours: colourIdx.map((i) => ({
      name: text(formData, `colours.name.${i}`),
      hex: text(formData, `colours.hex.${i}`),
    })),
    sizes: sizeIdx.map((i) => text(formData, `sizes.${i}`)),
    stock: sizeIdx.map((s) => colourIdx.map((c) => text(formData, `stock.${s}.${c}`))),
    sku: sizeIdx.map((s) => colourIdx.map((c) => text(formData, `sku.${s}.${c}`))),
    images: Array.from({ length: imageRows }, (_, i) => ({
      url: text(formData, `images.url.${i}`),
      alt: text(formData, `images.alt.${i}`),
      width: text(formData, `images.width.${i}`),
      height: text(formData, `images.height.${i}`),
      colour: text(formData, `images.colour.${i}`),
    })),
  };
}

const money = (label: string, required: boolean) =>
  z.string().transform((value, ctx) => {
    if (!value.trim()) {
      if (required) ctx.addIssue({ code: "custom", message: `Enter the ${label}, like 49.90.` });
      return null;
    }
    const minor = parseMoneyToMinor(value.replace(/^€\s*/, ""));
    if (minor === null)
      ctx.addIssue({
        code: "custom",
        message: `Enter the ${label} in euros: a number of at least 0 with at most 2 decimals, like 49.90.`,
      });
    return minor;
  });

const categoryIds = CATEGORIES.map((c) => c.id) as [string, ...string[]];

export const productDraftSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Enter the product's name.")
      .max(PRODUCT_LIMITS.name, `Keep the name to ${PRODUCT_LIMITS.name} characters or fewer.`),
    slug: z
      .string()
      .trim()
      .max(PRODUCT_LIMITS.slug, `Keep the slug to ${PRODUCT_LIMITS.slug} characters or fewer.`)
      .refine(
        (v) => v === "" || PRODUCT_SLUG_PATTERN.test(v),
        "Use lower-case letters, digits and single hyphens only, like linen-shirt.",
      ),
    description: z
      .string()
      .trim()
      .min(1, "Describe the product.")
      .max(PRODUCT_LIMITS.description, `Keep the description to ${PRODUCT_LIMITS.description} characters or fewer.`),
    category: z.enum(categoryIds, { errorMap: () => ({ message: "Choose one of the seven categories." }) }),
    material: z
      .string()
      .trim()
      .max(PRODUCT_LIMITS.material, `Keep the material to ${PRODUCT_LIMITS.material} characters or fewer.`),
    price: money("price", true),
    compareAt: money("compare-at price", false),
    status: z.enum(["draft", "active", "archived"], {
      errorMap: () => ({ message: "Choose draft, active or archived." }),
    }),
    featured: z.boolean(),
    colours: z
      .array(
        z.object({
          name: z
            .string()
            .trim()
            .min(1, "Name the colour.")
            .max(PRODUCT_LIMITS.colourName, `Keep a colour name to ${PRODUCT_LIMITS.colourName} characters or fewer.`),
          hex: z
            .string()
            .trim()
            .regex(/^#[0-9a-fA-F]{6}$/, "Enter the colour as #rrggbb, like #1f3a5f.")
            .transform((v) => v.toLowerCase()),
        }),
      )
      .min(1, "Add at least one colour.")
      .max(PRODUCT_LIMITS.colours, `A product can have at most ${PRODUCT_LIMITS.colours} colours.`),
    sizes: z
      .array(
        z.string().trim().min(1).max(PRODUCT_LIMITS.size, `Keep a size to ${PRODUCT_LIMITS.size} characters or fewer.`),
      )
      .min(1, "Add at least one size.")
      .max(PRODUCT_LIMITS.sizes, `A product can have at most ${PRODUCT_LIMITS.sizes} sizes.`),
    stock: z.array(
      z.array(
        z
          .string()
          .trim()
          .transform((v) => (v === "" ? "0" : v))
          .refine((v) => /^\d{1,6}$/.test(v), "Enter a whole number of at least 0.")
          .transform(Number),
      ),
    ),
    sku: z.array(z.array(z.string().trim().max(64, "Keep a SKU to 64 characters or fewer."))),
    images: z
      .array(
        z.object({
          url: z.string().regex(PRODUCT_IMAGE_URL, "This image cannot be used: upload it again."),
          alt: z
            .string()
            .trim()
            .min(1, "Describe the image for people who cannot see it.")
            .max(PRODUCT_LIMITS.alt, `Keep the description to ${PRODUCT_LIMITS.alt} characters or fewer.`),
          width: z.coerce.number().int().min(1).max(10_000),
          height: z.coerce.number().int().min(1).max(10_000),
          // Absent rather than empty when untagged, so stored images carry no blank tag.
          colour: z
            .string()
            .default("")
            .transform((v) => v.trim())
            .transform((v) => v || undefined),
        }),
      )
      .max(PRODUCT_LIMITS.images, `A product can have at most ${PRODUCT_LIMITS.images} images.`),
  })
  .superRefine((v, ctx) => {
    if (v.compareAt !== null && v.price !== null && v.compareAt <= v.price) {
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
      if (sizes.has(s.toLowerCase()))
        ctx.addIssue({ code: "custom", path: ["sizes", i], message: `“${s}” is listed twice.` });
      sizes.add(s.toLowerCase());
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
  });

export type ProductFormValues = z.output<typeof productDraftSchema>;

/** Zod's issues as the form's error map, keyed by the field names above. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

export function validateProductDraft(
  draft: ProductDraft,
): { success: true; value: ProductFormValues } | { success: false; errors: FieldErrors } {
  const result = productDraftSchema.safeParse(draft);
  return result.success
    ? { success: true, value: result.data }
    : { success: false, errors: fieldErrorsOf(result.error) };
}

export function emptyProductDraft(): ProductDraft {
  return {
    name: "",
    slug: "",
    description: "",
    category: "t-shirts",
    material: "",
    price: "",
    compareAt: "",
    status: "draft",
    featured: false,
    colours: [],
    sizes: [],
    stock: [],
    sku: [],
    images: [],
  };
}

/** Minor units as the editor shows them: 4990 -> "49.90". */
export const minorToInput = (minor: number | null) => (minor === null ? "" : (minor / 100).toFixed(2));
