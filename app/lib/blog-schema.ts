import { z } from "zod";
import { ALT_MAX, BODY_MAX, COVER_URL_PATTERN, EXCERPT_MAX, parsePublishAt, TITLE_MAX } from "./blog";
import { SLUG_MAX, SLUG_PATTERN } from "./slug";

// The post editor's form, validated on the server (and, with JavaScript, in the browser too).

export const POST_STATUSES = [
  { value: "draft", label: "Draft (not public)" },
  { value: "published", label: "Published" },
  { value: "scheduled", label: "Scheduled (public from the date below)" },
] as const;

export const postSchema = z
  .object({
    title: z
      .string({ required_error: "Enter a title." })
      .trim()
      .min(1, "Enter a title.")
      .max(TITLE_MAX, `Keep the title to ${TITLE_MAX} characters or fewer.`),
    slug: z
      .string()
      .trim()
      .max(SLUG_MAX, `Keep the slug to ${SLUG_MAX} characters or fewer.`)
      .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens only, like caring-for-wool.")
      .optional(),
    excerpt: z.string().trim().max(EXCERPT_MAX, `Keep the excerpt to ${EXCERPT_MAX} characters or fewer.`).optional(),
    body: z
      .string({ required_error: "Write the post's text." })
      .max(BODY_MAX, `The text is too long: a post can have at most ${BODY_MAX.toLocaleString("en")} characters.`),
    tags: z.string().max(400, "Too many tags: keep the list to 400 characters.").optional(),
    status: z.enum(["draft", "published", "scheduled"], {
      errorMap: () => ({ message: "Choose draft, published or scheduled." }),
    }),
    publishAt: z
      .string()
      .trim()
      .refine(
        (v) => parsePublishAt(v) !== null,
        "Enter the date and time as YYYY-MM-DDTHH:MM (UTC), like 2026-12-01T09:00.",
      )
      .optional(),
    coverAlt: z
      .string()
      .trim()
      .max(ALT_MAX, `Keep the image description to ${ALT_MAX} characters or fewer.`)
      .optional(),
    coverUrl: z.string().regex(COVER_URL_PATTERN, "This cover image cannot be used.").optional(),
    removeCover: z.literal("on").optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "scheduled" && !value.publishAt) {
      ctx.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: "A scheduled post needs the date and time it goes live.",
      });
    }
  });

export type PostFormValues = z.infer<typeof postSchema>;
