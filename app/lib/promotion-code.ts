import { z } from "zod";

/** What a discount code may look like: letters, digits, - and _, as the back office accepts them. */
export const PROMOTION_CODE_PATTERN = /^[A-Za-z0-9_-]{2,32}$/;

export const promotionCodeSchema = z
  .string({ required_error: "Enter a discount code." })
  .trim()
  .min(1, "Enter a discount code.")
  .regex(PROMOTION_CODE_PATTERN, "A discount code is 2 to 32 letters, digits, - or _.");
