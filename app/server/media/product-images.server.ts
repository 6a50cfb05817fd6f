import crypto from "node:crypto";
import type { Metadata } from "sharp";
import type { ProductImage } from "~/domain/product";
import { StorageFullError } from "../store/storage-full";
import { MEDIA_UNAVAILABLE_MESSAGE, sniffImage } from "./blog-images.server";
import { MediaUnavailableError, type MediaStore, type StoredMedia } from "./port";

// Product photos uploaded in the back office. The file's own bytes decide whether it is an
// image (PNG, JPEG or WebP); sharp then decodes it (refusing decompression bombs), strips its
// metadata, and writes WebP copies at responsive widths to the media store under products/
// (local disk or Cloud Storage). Names are random, so nothing a user typed reaches the storage,
// and a file never changes once written (it can be cached forever).

export const MAX_PRODUCT_IMAGE_BYTES = 8 * 1024 * 1024;
/** Widths written for each upload (never enlarged); the product shows the largest. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** 40 megapixels: a photo from any phone, never a crafted 50,000 × 50,000 PNG. */
const MAX_INPUT_PIXELS = 40_000_000;
export const PRODUCT_IMAGE_FILE = /^[a-f0-9]{32}-\d{2,4}\.webp$/;

const keyOf = (file: string) => `products/${file}`;

/** sharp (libvips, ~24 MB resident) is loaded by the first upload, not by every server at start. */
const loadSharp = () => import("sharp").then((module) => module.default);

export type SavedImage = Omit<ProductImage, "alt">;

/** Store an uploaded photo; the image (without alt text), or the message to show on the form. */
export async function saveProductImage(media: MediaStore, file: File): Promise<SavedImage | { error: string }> {
  const label = file.name ? `“${file.name.slice(0, 80)}”` : "The image";
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) return { error: `${label} is larger than 8 MB. Choose a smaller image.` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImage(bytes)) return { error: `${label} is not a PNG, JPEG or WebP image.` };
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return { error: `${label} could not be read as an image, or is larger than 40 megapixels.` };
  }
  if (!meta.width || !meta.height || meta.width < 100 || meta.height < 100)
    return { error: `${label} is too small: use at least 100 × 100 pixels.` };
  // EXIF rotation applied, so the stored size is the size a shopper sees.
  const swap = (meta.orientation ?? 1) >= 5;
  const naturalWidth = swap ? meta.height : meta.width;
  const widths: number[] = PRODUCT_IMAGE_WIDTHS.filter((w) => w < naturalWidth);
  if (widths.length < PRODUCT_IMAGE_WIDTHS.length)
    widths.push(Math.min(naturalWidth, PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1]));
  const base = crypto.randomBytes(16).toString("hex");
  // Every width converted first, then stored: a conversion failure stores nothing.
  const copies: Array<{ name: string; data: Buffer; width: number; height: number }> = [];
  try {
    for (const width of widths) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      copies.push({ name: `${base}-${width}.webp`, data, width: info.width, height: info.height });
    }
  } catch {
    return { error: `${label} could not be converted. Try saving it again as a JPEG or PNG.` };
  }
  try {
    await Promise.all(copies.map((copy) => media.put(keyOf(copy.name), copy.data, "image/webp")));
  } catch (error) {
    // The widths that were stored go too: no file is left that no product can ever name.
    await Promise.allSettled(copies.map((copy) => media.remove?.(keyOf(copy.name))));
    if (error instanceof MediaUnavailableError) return { error: MEDIA_UNAVAILABLE_MESSAGE };
    if (error instanceof StorageFullError) return { error: error.message };
    throw error;
  }
  const largest = copies[copies.length - 1];
  return { url: `/uploads/products/${largest.name}`, width: largest.width, height: largest.height };
}

/**
 * A stored product image (always WebP); null when the name is not one we make, nothing is
 * stored under it, or what is stored is not WebP. Throws MediaUnavailableError.
 */
export async function readProductImage(media: MediaStore, file: string): Promise<StoredMedia | null> {
  if (!PRODUCT_IMAGE_FILE.test(file)) return null;
  const stored = await media.get(keyOf(file));
  return stored && stored.contentType === "image/webp" ? stored : null;
}
