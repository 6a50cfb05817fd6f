import { data } from "@remix-run/node";
import { readProductDraft, validateProductDraft, type FieldErrors, type ProductDraft } from "~/lib/product-form";
import { getContext } from "../context.server";
import { saveProductImage } from "../media/product-images.server";
import { readUploadForm } from "./form-body.server";
import { formGuardProblem } from "./forms.server";
import { redirectWithFlash } from "./flash.server";

// The product editor's action, shared by /admin/products/new and /admin/products/{id}/edit (both
// check the admin role before calling it). Buttons other than "save" (add/remove a colour or a
// size, upload, move or remove an image) answer with the form re-rendered and save nothing;
// "save" validates everything and either redirects (303) or answers 400 with the errors and
// every entered value. Nothing is half-saved: the product is written in one store call.

/** Larger than any accepted part (8 MB images), so an image a little too large gets a message with the values kept. */
const MAX_PART_BYTES = 24 * 1024 * 1024;
const MAX_FILES_PER_UPLOAD = 6;
/** The most images one upload takes at their largest accepted size (8 MB), and the fields. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export const PRODUCT_TOO_LARGE_MESSAGE = "The upload is too large: each image can be up to 8 MB. Nothing was saved.";

export type ProductFormData = { draft: ProductDraft; errors: FieldErrors; notice?: string };

/** The submitted form; null when a part, or the whole upload, is far too large to read. */
export function readProductForm(request: Request): Promise<FormData | null> {
  return readUploadForm(request, { maxPartBytes: MAX_PART_BYTES, maxBodyBytes: MAX_BODY_BYTES });
}

/** Apply a rearranging button (intent "remove-colour.2", "image-up.1", …) to the draft. */
function rearrange(draft: ProductDraft, intent: string): boolean {
  const match = /^(remove-colour|remove-size|remove-image|image-up|image-down)\.(\d{1,3})$/.exec(intent);
  if (!match) return false;
  const i = Number(match[2]);
  const swap = <T>(list: T[], a: number, b: number) => {
    if (a < 0 || b < 0 || a >= list.length || b >= list.length) return;
    [list[a], list[b]] = [list[b], list[a]];
  };
  switch (match[1]) {
    case "remove-colour": {
      // Images of the removed colour now show every colour rather than one the product lacks.
      const removed = draft.colours[i]?.name;
      if (removed !== undefined) for (const img of draft.images) if (img.colour === removed) img.colour = "";
      draft.colours.splice(i, 1);
      draft.stock.forEach((row) => row.splice(i, 1));
      draft.sku.forEach((row) => row.splice(i, 1));
      break;
    }
    case "remove-size":
      draft.sizes.splice(i, 1);
      draft.stock.splice(i, 1);
      draft.sku.splice(i, 1);
      break;
    case "remove-image":
      draft.images.splice(i, 1);
      break;
    case "image-up":
      swap(draft.images, i, i - 1);
      break;
    case "image-down":
      swap(draft.images, i, i + 1);
      break;
  }
  return true;
}

/** Store the files of the "Add images" field and add them to the draft; an error message or null. */
async function addUploads(formData: FormData, draft: ProductDraft): Promise<string | null> {
  const files = formData.getAll("newImages").filter((f): f is File => f instanceof File && f.size > 0);
  if (!files.length) return null;
  if (files.length > MAX_FILES_PER_UPLOAD) return `Upload at most ${MAX_FILES_PER_UPLOAD} images at a time.`;
  const alt = String(formData.get("newImageAlt") ?? "").trim();
  const problems: string[] = [];
  for (const file of files) {
    const saved = await saveProductImage(getContext().backend.media, file);
    if ("error" in saved) problems.push(saved.error);
    else
      draft.images.push({ url: saved.url, alt, width: String(saved.width), height: String(saved.height), colour: "" });
  }
  return problems.length ? problems.join(" ") : null;
}

export async function productEditorAction(request: Request, formData: FormData, actor: string, productId?: string) {
  const draft = readProductDraft(formData);
  const problem = await formGuardProblem(formData, request);
  if (problem) return data<ProductFormData>({ draft, errors: { "": [problem.message] } }, { status: problem.status });

  const intent = String(formData.get("intent") ?? "save");
  if (rearrange(draft, intent) || intent === "refresh") return data<ProductFormData>({ draft, errors: {} });

  const uploadError = await addUploads(formData, draft);
  if (intent === "upload") {
    const errors: FieldErrors = uploadError ? { newImages: [uploadError] } : {};
    draft.images.forEach((img, i) => {
      if (!img.alt.trim()) errors[`images.${i}.alt`] = ["Describe the image for people who cannot see it."];
    });
    return data<ProductFormData>(
      {
        draft,
        errors,
        notice: uploadError ? undefined : "Images uploaded. They are saved with the product when you press Save.",
      },
      { status: uploadError ? 400 : 200 },
    );
  }

  const checked = validateProductDraft(draft);
  if (!checked.success || uploadError) {
    const errors = checked.success ? {} : checked.errors;
    if (uploadError) errors.newImages = [uploadError];
    return data<ProductFormData>({ draft, errors }, { status: 400 });
  }
  const expected = Number(formData.get("expectedSeq"));
  const result = await getContext().adminCatalog.save(checked.value, {
    actor,
    id: productId,
    expectedSeq: productId && Number.isInteger(expected) && expected > 0 ? expected : undefined,
  });
  if (!result.success)
    return data<ProductFormData>({ draft, errors: result.errors }, { status: result.errors[""] ? 409 : 400 });
  return redirectWithFlash(
    `/admin/products/${result.product.id}/edit`,
    result.created ? "The product has been created." : "The product has been saved.",
  );
}
