import { z } from "zod";
import { parsePublishAt } from "./blog";
import { CATEGORIES, type CategoryId } from "./categories";
import { BASE_CURRENCY, inputToMinor } from "~/domain/money";
import { PROMOTION_CODE_PATTERN } from "./promotion-code";

// The back office's promotion form. Empty optional fields mean "no bound"; times are UTC.

const categoryIds = CATEGORIES.map((c) => c.id) as [CategoryId, ...CategoryId[]];

const euros = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => inputToMinor(v, BASE_CURRENCY) !== null, `Enter the ${label} in euros, like 10.00.`)
    .optional();

const when = z
  .string()
  .trim()
  .refine(
    (v) => parsePublishAt(v) !== null,
    "Enter the date and time as YYYY-MM-DDTHH:MM (UTC), like 2026-12-01T09:00.",
  )
  .optional();

const count = (label: string) =>
  z
    .number({ invalid_type_error: `Enter the ${label} as a whole number.` })
    .int(`Enter the ${label} as a whole number.`)
    .min(1)
    .optional();

export const promotionSchema = z
  .object({
    name: z
      .string({ required_error: "Enter the promotion's name." })
      .trim()
      .min(1, "Enter the promotion's name.")
      .max(80),
    code: z.string().trim().regex(PROMOTION_CODE_PATTERN, "A code is 2 to 32 letters, digits, - or _.").optional(),
    kind: z.enum(["percentage", "fixed", "free_delivery"], {
      errorMap: () => ({ message: "Choose percentage off, amount off or free standard delivery." }),
    }),
    percentOff: z
      .number({ invalid_type_error: "Enter the percentage as a whole number from 1 to 100." })
      .int("Enter the percentage as a whole number from 1 to 100.")
      .min(1, "Enter the percentage as a whole number from 1 to 100.")
      .max(100, "Enter the percentage as a whole number from 1 to 100.")
      .optional(),
    amountOff: euros("amount off"),
    minimumSubtotal: euros("minimum subtotal"),
    categories: z.array(z.enum(categoryIds)).optional(),
    productIds: z.string().trim().max(2000).optional(),
    startsAt: when,
    endsAt: when,
    usageLimit: count("usage limit"),
    perCustomerLimit: count("limit per customer"),
    combinable: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percentage" && v.percentOff === undefined)
      ctx.addIssue({ code: "custom", path: ["percentOff"], message: "Enter the percentage off, from 1 to 100." });
    if (v.kind === "fixed" && !v.amountOff)
      ctx.addIssue({ code: "custom", path: ["amountOff"], message: "Enter the amount off in euros, like 10.00." });
    if (v.startsAt && v.endsAt && parsePublishAt(v.endsAt)! <= parsePublishAt(v.startsAt)!)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must come after the start." });
  });

export type PromotionFormValue = z.infer<typeof promotionSchema>;
