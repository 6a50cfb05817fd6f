import { z } from "zod";
import { ID_PATTERN } from "./route-params";
import { MAX_QUANTITY_PER_LINE } from "~/domain/sellable";
import { GIFT_CARD_LINE_LIMITS } from "~/domain/gift-card-product";

// What a cart form may send. Bad values (0, -1, 1.5, abc, 99999) get one plain message.

export const MAX_QUANTITY = MAX_QUANTITY_PER_LINE;
export const QUANTITY_MESSAGE = `Enter a quantity from 1 to ${MAX_QUANTITY}.`;

const quantity = z
  .string({ required_error: QUANTITY_MESSAGE, invalid_type_error: QUANTITY_MESSAGE })
  .trim()
  .regex(/^\d{1,6}$/, QUANTITY_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, QUANTITY_MESSAGE).max(MAX_QUANTITY, `You can buy up to ${MAX_QUANTITY} of one item.`));

/** An optional text field of a gift card line: trimmed, empty is absent (conform sends it so), within a length. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, tooLong);

/**
 * A gift card's recipient, message and send date (the product page's optional fields). Plain text only:
 * control characters other than line breaks are refused; the shop never renders it as HTML. The send
 * date's bounds (today to a year ahead) are checked by the cart service, which knows today.
 */
export const giftCardLineFields = {
  recipientName: optionalText(
    GIFT_CARD_LINE_LIMITS.name,
    `Keep the recipient's name to ${GIFT_CARD_LINE_LIMITS.name} characters or fewer.`,
  ),
  recipientEmail: optionalText(GIFT_CARD_LINE_LIMITS.email, "Enter the recipient's e-mail address.").refine(
    (v) => v === null || z.string().email().safeParse(v).success,
    "Enter the recipient's e-mail address, like name@example.com.",
  ),
  message: optionalText(
    GIFT_CARD_LINE_LIMITS.message,
    `Keep the message to ${GIFT_CARD_LINE_LIMITS.message} characters or fewer.`,
  ).refine(
    // eslint-disable-next-line no-control-regex
    (v) => v === null || !/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(v),
    "The message can hold letters, digits, punctuation and line breaks only.",
  ),
  sendOn: optionalText(10, "Enter the send date as a date, like 2026-12-24.").refine(
    (v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v),
    "Enter the send date as a date, like 2026-12-24.",
  ),
};

export const addToCartSchema = z
  .object({
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
    ...giftCardLineFields,
  })
  .transform(({ recipientName, recipientEmail, message, sendOn, ...rest }) => ({
    ...rest,
    // The cart keeps these on gift card lines only; on any other product they are dropped.
    giftCard: { recipientName, recipientEmail, message, sendOn },
  }));

export const updateLineSchema = z.object({
  intent: z.literal("update"),
  line: z.string().min(3).max(200),
  quantity,
});

export const removeLineSchema = z.object({
  intent: z.literal("remove"),
  line: z.string().min(3).max(200),
});
