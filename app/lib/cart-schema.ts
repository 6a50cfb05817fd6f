import { z } from "zod";
import { ID_PATTERN } from "./route-params";
import { MAX_QUANTITY_PER_LINE } from "~/domain/sellable";

// What a cart form may send. Bad values (0, -1, 1.5, abc, 99999) get one plain message.

export const MAX_QUANTITY = MAX_QUANTITY_PER_LINE;
export const QUANTITY_MESSAGE = `Enter a quantity from 1 to ${MAX_QUANTITY}.`;

const quantity = z
  .string({ required_error: QUANTITY_MESSAGE, invalid_type_error: QUANTITY_MESSAGE })
  .trim()
  .regex(/^\d{1,6}$/, QUANTITY_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, QUANTITY_MESSAGE).max(MAX_QUANTITY, `You can buy up to ${MAX_QUANTITY} of one item.`));

export const addToCartSchema = z.object({
  intent: z.literal("add"),
  productId: z
    .string({ required_error: "This product is no longer available." })
    .regex(ID_PATTERN, "This product is no longer available."),
  colour: z
    .string({ required_error: "Choose a colour." })
    .trim()
    .min(1, "Choose a colour.")
    .max(40, "Choose a colour."),
  size: z.string({ required_error: "Choose a size." }).trim().min(1, "Choose a size.").max(20, "Choose a size."),
  quantity: quantity.default("1"),
});

export const updateLineSchema = z.object({
  intent: z.literal("update"),
  line: z.string().min(3).max(200),
  quantity,
});

export const removeLineSchema = z.object({
  intent: z.literal("remove"),
  line: z.string().min(3).max(200),
});
