import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Described, Field, FormErrors, describedBy, invalidFields } from "~/components/forms/Field";
import { reviewSchema } from "~/lib/review-schema";
import { REVIEW_TEXT, REVIEW_TITLE } from "~/lib/reviews";

const STAR_LABELS = ["1 star: poor", "2 stars: fair", "3 stars: good", "4 stars: very good", "5 stars: excellent"];

/** Write a review (intent review, posted to the product page): a star radio group, a title and the text. */
export function ReviewForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: "review",
    lastResult,
    constraint: getZodConstraint(reviewSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reviewSchema }),
  });
  const starsError = fields.stars.errors?.length ? fields.stars.errorId : undefined;
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset className="mt-4 space-y-4">
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value="review" />
      <FormErrors
        id={form.errorId}
        errors={form.errors}
        fields={invalidFields(form, { stars: "Rating", title: "Title", text: "Your review" })}
      />
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Your rating</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {STAR_LABELS.map((label, i) => {
            const value = String(i + 1);
            const props = getInputProps(fields.stars, { type: "radio", value });
            return (
              <label key={value} className="flex items-center gap-1.5 text-sm">
                <input
                  {...props}
                  key={`${props.key ?? ""}-${value}`}
                  id={i === 0 ? fields.stars.id : `${fields.stars.id}-${value}`}
                  required={false}
                />
                {label}
              </label>
            );
          })}
        </div>
        {starsError ? (
          <ul id={starsError} className="mt-1 text-sm text-red-700">
            {fields.stars.errors!.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      <Field
        meta={fields.title}
        label="Title"
        type="text"
        hint={`${REVIEW_TITLE.min} to ${REVIEW_TITLE.max} characters, like "Soft and true to size".`}
      />
      <Described
        meta={fields.text}
        label="Your review"
        hint={`${REVIEW_TEXT.min} to ${REVIEW_TEXT.max} characters of plain text: fit, fabric, how it washes.`}
      >
        <textarea
          {...getTextareaProps(fields.text, { ariaAttributes: true })}
          key={fields.text.key}
          rows={5}
          aria-describedby={describedBy(fields.text, true)}
          className="input mt-1"
        />
      </Described>
      <button type="submit" className="btn-primary">
        Submit review
      </button>
    </Form>
  );
}
