import type { AppLoadContext } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { productFormSchema, type FieldErrors, type ProductFormDefaults } from "~/lib/product-form";
import type { AppContext } from "~/server/context.server";
import { saveProductImage } from "~/server/media/product-images.server";
import { readUploadForm } from "~/server/http/form-body.server";
import { formGuardProblem } from "~/server/http/forms.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { parseForm, shapeRefused } from "~/server/http/form-shape.server";
import { STORAGE_FULL_MESSAGE } from "~/server/store/storage-full";
import { marketPriceFields, marketPriceValues, readMarketPrices } from "~/lib/market-price-fields";
import type { Product } from "~/domain/product";

/** The editor's "Prices in other markets": a field per market not priced at base, placeholders converted from `product`'s price. */
export async function marketPricesEditor(
  { markets }: Pick<AppContext, "markets">,
  product: Pick<Product, "priceMinor" | "marketPrices"> | null,
) {
  const fields = marketPriceFields(await markets.markets({ fresh: true }), product?.priceMinor ?? null);
  return { fields, values: marketPriceValues(fields, product?.marketPrices) };
}

// The product editor's action, shared by /admin/products/new and /admin/products/{id}/edit (both
// check the admin role before calling it). Conform's list intents (add, remove or move a colour,
// a size or an image) and "upload" answer with the form re-rendered and save nothing; "save"
// validates everything and either redirects (303) or answers 400 with the errors and every
// entered value. Nothing is half-saved: the product is written in one store call.

/** Larger than any accepted part (8 MB images), so an image a little too large gets a message with the values kept. */
const MAX_PART_BYTES = 24 * 1024 * 1024;
const MAX_FILES_PER_UPLOAD = 6;
/** The most images one upload takes at their largest accepted size (8 MB), and the fields. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export const PRODUCT_TOO_LARGE_MESSAGE = "The upload is too large: each image can be up to 8 MB. Nothing was saved.";

export type ProductFormData = { result: SubmissionResult<string[]>; notice?: string };

const answer = (result: SubmissionResult<string[]>, status = 200, notice?: string) =>
  data<ProductFormData>(notice ? { result, notice } : { result }, { status });

/** The editor's answer when the upload is too large to read: the form as it was, with the message. */
export const tooLargeAnswer = (initialValue: Record<string, unknown>) =>
  answer({ status: "error", initialValue: initialValue as never, error: { "": [PRODUCT_TOO_LARGE_MESSAGE] } }, 413);

/** The submitted form; null when a part, or the whole upload, is far too large to read. */
export function readProductForm(request: Request): Promise<FormData | null> {
  return readUploadForm(request, { maxPartBytes: MAX_PART_BYTES, maxBodyBytes: MAX_BODY_BYTES });
}

type ImageValue = { url: string; alt: string; width: string; height: string; colour: string };

/** What a texts-only role may not change: the editor shows it read-only, and the form may leave it out. */
const COMMERCE_FORM_FIELDS = [
  "category",
  "price",
  "compareAt",
  "weight",
  "status",
  "featured",
  "giftCard",
  "giftCardAmounts",
  "colours",
  "sizes",
  "stock",
  "sku",
] as const;

/** A field's form entries as the editor names them: "price", "colours[0].name", "stock.s0-c0"; a box that is off sends none. */
function formEntries(name: string, value: unknown): Array<[string, string]> {
  if (typeof value === "boolean") return value ? [[name, "on"]] : [];
  if (Array.isArray(value)) return value.flatMap((row, i) => formEntries(`${name}[${i}]`, row));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, v]) => formEntries(`${name}.${key}`, v));
  return [[name, String(value ?? "")]];
}

/**
 * A texts-only save of a stored product: each commerce field the form leaves out (a read-only or
 * disabled control, a client that sends the texts alone) is added as stored, so leaving it out is
 * never read as a change the role may not make. One that is sent is kept, so the catalogue service
 * still refuses a changed price. A box that is sent off reads as absent, so it stays as stored.
 */
export function withStoredCommerceFields(formData: FormData, stored: ProductFormDefaults): FormData {
  const sent = [...formData.keys()];
  const isSent = (name: string) => sent.some((k) => k === name || k.startsWith(`${name}.`) || k.startsWith(`${name}[`));
  for (const name of COMMERCE_FORM_FIELDS) {
    if (isSent(name)) continue;
    for (const [key, value] of formEntries(name, stored[name])) formData.append(key, value);
  }
  return formData;
}

/** Store the files of the "Add images" field: the images to add, and an error message or null. */
async function addUploads(
  media: AppContext["backend"]["media"],
  formData: FormData,
): Promise<{ added: ImageValue[]; error: string | null }> {
  const files = formData.getAll("newImages").filter((f): f is File => f instanceof File && f.size > 0);
  if (!files.length) return { added: [], error: null };
  if (files.length > MAX_FILES_PER_UPLOAD)
    return { added: [], error: `Upload at most ${MAX_FILES_PER_UPLOAD} images at a time.` };
  const alt = String(formData.get("newImageAlt") ?? "").trim();
  const problems: string[] = [];
  const added: ImageValue[] = [];
  for (const file of files) {
    const saved = await saveProductImage(media, file);
    if ("error" in saved) problems.push(saved.error);
    else added.push({ url: saved.url, alt, width: String(saved.width), height: String(saved.height), colour: "" });
  }
  return { added, error: problems.length ? problems.join(" ") : null };
}

/** 503 when the storage is full (try again later, nothing was saved); 400 for a file to change. */
const uploadFailureStatus = (error: string) => (error.includes(STORAGE_FULL_MESSAGE) ? 503 : 400);

export async function productEditorAction(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  actor: string,
  productId?: string,
  options: { textsOnly?: boolean; stored?: ProductFormDefaults } = {},
) {
  if (options.textsOnly && options.stored) withStoredCommerceFields(formData, options.stored);
  const submission = parseForm(formData, { schema: productFormSchema });
  const problem = await formGuardProblem(formData, request);
  if (problem) return answer(submission.reply({ formErrors: [problem.message] }), problem.status);
  if (shapeRefused(submission)) return answer(submission.reply(), 400);
  // A list intent without JavaScript: the form comes back with the list changed.
  if (submission.status === undefined) return answer(submission.reply());

  const upload = await addUploads(context.shop.backend.media, formData);
  if (formData.get("intent") === "upload") {
    const payload = submission.payload as { images?: ImageValue[] };
    const images = [...(Array.isArray(payload.images) ? payload.images : []), ...upload.added];
    const errors: FieldErrors = upload.error ? { newImages: [upload.error] } : {};
    images.forEach((img, i) => {
      if (!img?.alt?.trim()) errors[`images[${i}].alt`] = ["Describe the image for people who cannot see it."];
    });
    // Only the images are checked: the rest of the form may still be half filled in.
    const invalid = Object.keys(errors).length > 0;
    const result: SubmissionResult<string[]> = {
      status: invalid ? "error" : undefined,
      initialValue: { ...submission.reply().initialValue, images },
      error: invalid ? errors : undefined,
    };
    const notice = upload.error ? undefined : "Images uploaded. They are saved with the product when you press Save.";
    return answer(result, upload.error ? uploadFailureStatus(upload.error) : 200, notice);
  }

  // The own prices in markets, checked beside the rest (a texts-only role cannot change them).
  const own = options.textsOnly
    ? null
    : readMarketPrices(marketPriceFields(await context.shop.markets.markets({ fresh: true }), null), formData);
  const ownErrors = own && !own.ok ? own.errors : {};
  if (submission.status !== "success" || upload.error || (own && !own.ok)) {
    return answer(
      submission.reply({ fieldErrors: { ...ownErrors, ...(upload.error ? { newImages: [upload.error] } : {}) } }),
      upload.error ? uploadFailureStatus(upload.error) : 400,
    );
  }
  const expected = Number(formData.get("expectedSeq"));
  const result = await context.shop.adminCatalog.save(submission.value, {
    actor,
    id: productId,
    expectedSeq: productId && Number.isInteger(expected) && expected > 0 ? expected : undefined,
    textsOnly: options.textsOnly,
    marketPrices: own?.ok ? own.prices : undefined,
  });
  if (!result.success) {
    const { "": formErrors, ...fieldErrors } = result.errors;
    return answer(submission.reply({ formErrors, fieldErrors }), result.forbidden ? 403 : formErrors ? 409 : 400);
  }
  return redirectWithFlash(
    `/admin/products/${result.product.id}/edit`,
    result.created ? "The product has been created." : "The product has been saved.",
  );
}
