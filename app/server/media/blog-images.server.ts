import crypto from "node:crypto";
import { StorageFullError } from "../store/storage-full";
import { MediaUnavailableError, type MediaStore, type StoredMedia } from "./port";

// Blog cover images uploaded in the back office, kept in the media store under blog/{name}
// (local disk or Cloud Storage) and served by the /uploads/blog/$file resource route. The file's
// own bytes decide its type; the name is random, so nothing a user typed reaches the storage.

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const BLOG_IMAGE_FILE = /^[a-f0-9]{32}\.(png|jpg|webp)$/;
export const BLOG_IMAGE_URL = /^\/uploads\/blog\/[a-f0-9]{32}\.(png|jpg|webp)$/;

const TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;
type Extension = keyof typeof TYPES;

/** The image type from its first bytes; null for anything but PNG, JPEG or WebP. */
export function sniffImage(bytes: Uint8Array): Extension | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

export const contentTypeOf = (file: string): string => TYPES[file.split(".").pop() as Extension];

/** Shown on the form when the media store cannot be reached; nothing else is lost. */
export const MEDIA_UNAVAILABLE_MESSAGE =
  "Images cannot be stored right now (storage not available). Try again in a moment.";

const keyOf = (file: string) => `blog/${file}`;

/** Store an uploaded cover; its public URL, or the message to show on the form. */
export async function saveBlogImage(media: MediaStore, file: File): Promise<{ url: string } | { error: string }> {
  if (file.size > MAX_IMAGE_BYTES) return { error: "The image is larger than 2 MB. Choose a smaller one." };
  if (!Object.values(TYPES).includes(file.type as (typeof TYPES)[Extension])) {
    return { error: "Choose a PNG, JPEG or WebP image." };
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = sniffImage(bytes);
  if (!ext) return { error: "This file is not a PNG, JPEG or WebP image." };
  const name = `${crypto.randomBytes(16).toString("hex")}.${ext}`;
  try {
    await media.put(keyOf(name), bytes, TYPES[ext]);
  } catch (error) {
    if (error instanceof MediaUnavailableError) return { error: MEDIA_UNAVAILABLE_MESSAGE };
    if (error instanceof StorageFullError) return { error: error.message };
    throw error;
  }
  return { url: `/uploads/blog/${name}` };
}

/**
 * A stored cover; null when the name is not one we make, nothing is stored under it, or what
 * is stored does not have the type its name promises. Throws MediaUnavailableError.
 */
export async function readBlogImage(media: MediaStore, file: string): Promise<StoredMedia | null> {
  if (!BLOG_IMAGE_FILE.test(file)) return null;
  const stored = await media.get(keyOf(file));
  return stored && stored.contentType === contentTypeOf(file) ? stored : null;
}
