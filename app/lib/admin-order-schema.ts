import { z } from "zod";
import { ORDER_STATUSES } from "~/domain/commerce";

// The order page's two forms. Which change is allowed from which status is the orders
// service's decision; these only check the shape of what was typed.

export const TRACKING_MAX = 64;
export const NOTE_MAX = 1000;

export const statusChangeSchema = z.object({
  to: z.enum(ORDER_STATUSES as unknown as [string, ...string[]], {
    errorMap: () => ({ message: "Choose the new status." }),
  }),
  trackingNumber: z
    .string()
    .trim()
    .max(TRACKING_MAX, `A tracking number has at most ${TRACKING_MAX} characters.`)
    .regex(/^[A-Za-z0-9 -]*$/, "A tracking number has letters, digits, spaces and hyphens only.")
    .optional(),
  note: z.string().trim().max(NOTE_MAX, `A note has at most ${NOTE_MAX} characters.`).optional(),
});

export const noteSchema = z.object({
  note: z
    .string({ required_error: "Write the note." })
    .trim()
    .min(1, "Write the note.")
    .max(NOTE_MAX, `A note has at most ${NOTE_MAX} characters.`),
});
