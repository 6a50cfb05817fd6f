import { z } from "zod";
import { REVIEW_TEXT, REVIEW_TITLE } from "./reviews";

// The review form: the same schema checks the server's input and gives the browser its hints.
// Title and text are plain text: control characters are removed, and the page shows them as text.

// eslint-disable-next-line no-control-regex -- removing control characters (but newlines) is the point
const plain = (s: string) => s.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, "");

/** Plain text trimmed to within `limits`, with the shopper-facing message for each way it can fail. */
const plainText = (
  limits: { min: number; max: number },
  messages: { missing: string; tooShort: string; tooLong: string },
) =>
  z
    .string({ required_error: messages.missing })
    .transform(plain)
    .pipe(z.string().trim().min(limits.min, messages.tooShort).max(limits.max, messages.tooLong));

export const reviewSchema = z.object({
  stars: z
    .string({ required_error: "Choose a rating from 1 to 5 stars." })
    .regex(/^[1-5]$/, "Choose a rating from 1 to 5 stars.")
    .transform(Number),
  title: plainText(REVIEW_TITLE, {
    missing: "Enter a title for your review.",
    tooShort: `The title needs at least ${REVIEW_TITLE.min} characters.`,
    tooLong: `The title must be at most ${REVIEW_TITLE.max} characters.`,
  }),
  text: plainText(REVIEW_TEXT, {
    missing: "Write your review.",
    tooShort: `Your review needs at least ${REVIEW_TEXT.min} characters.`,
    tooLong: `Your review must be at most ${REVIEW_TEXT.max} characters.`,
  }),
});

export type ReviewInput = z.infer<typeof reviewSchema>;
