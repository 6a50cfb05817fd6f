import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import type { ProductImage } from "../store/types";
import { sniffImage } from "./blog-images.server";

// Product photos uploaded in the back office. The file's own bytes decide whether it is an
// image (PNG, JPEG or WebP); sharp then decodes it (refusing decompression bombs), strips its
// metadata, and writes WebP copies at responsive widths under DATA_DIR/uploads/products, on
// both backends. Names are random, so nothing a user typed reaches the file system, and a file
// never changes once written (it can be cached forever).

export const MAX_PRODUCT_IMAGE_BYTES = 8 * 1024 * 1024;
/** Widths written for each upload (never enlarged); the product shows the largest. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** 40 megapixels: a photo from any phone, never a crafted 50,000 × 50,000 PNG. */
const MAX_INPUT_PIXELS = 40_000_000;
export const PRODUCT_IMAGE_FILE = /^[a-f0-9]{32}-\d{2,4}\.webp$/;

const dirOf = (dataDir: string) => path.join(dataDir, "uploads", "products");

export type SavedImage = Omit<ProductImage, "alt">;

/** Store an uploaded photo; the image (without alt text), or the message to show on the form. */
export async function saveProductImage(dataDir: string, file: File): Promise<SavedImage | { error: string }> {
  const label = file.name ? `“${file.name.slice(0, 80)}”` : "The image";
  if (file.size > MAX_PRODUCT_IMAGE_BYTES) return { error: `${label} is larger than 8 MB. Choose a smaller image.` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImage(bytes)) return { error: `${label} is not a PNG, JPEG or WebP image.` };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return { error: `${label} could not be read as an image, or is larger than 40 megapixels.` };
  }
  if (!meta.width || !meta.height || meta.width < 100 || meta.height < 100) return { error: `${label} is too small: use at least 100 × 100 pixels.` };
  // EXIF rotation applied, so the stored size is the size a shopper sees.
  const swap = (meta.orientation ?? 1) >= 5;
  const naturalWidth = swap ? meta.height : meta.width;
  const widths: number[] = PRODUCT_IMAGE_WIDTHS.filter((w) => w < naturalWidth);
  if (widths.length < PRODUCT_IMAGE_WIDTHS.length) widths.push(Math.min(naturalWidth, PRODUCT_IMAGE_WIDTHS[PRODUCT_IMAGE_WIDTHS.length - 1]));
  const base = crypto.randomBytes(16).toString("hex");
  await fs.mkdir(dirOf(dataDir), { recursive: true });
  let largest: SavedImage | null = null;
  try {
    for (const width of widths) {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      await fs.writeFile(path.join(dirOf(dataDir), `${base}-${width}.webp`), data, { flag: "wx" });
      largest = { url: `/uploads/products/${base}-${width}.webp`, width: info.width, height: info.height };
    }
  } catch {
    return { error: `${label} could not be converted. Try saving it again as a JPEG or PNG.` };
  }
  return largest!;
}

/** The bytes of a stored product image; null when the name is not one we make or the file is gone. */
export async function readProductImage(dataDir: string, file: string): Promise<Buffer | null> {
  if (!PRODUCT_IMAGE_FILE.test(file)) return null;
  try {
    return await fs.readFile(path.join(dirOf(dataDir), file));
  } catch {
    return null;
  }
}
