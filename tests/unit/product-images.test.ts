import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MEDIA_UNAVAILABLE_MESSAGE } from "~/server/media/blog-images.server";
import { createLocalDiskMedia } from "~/server/media/local-disk.server";
import { MediaUnavailableError, type MediaStore } from "~/server/media/port";
import { readProductImage, saveProductImage } from "~/server/media/product-images.server";
import { makeTempDir } from "../support/temp-dir";

// Product photos: only real images (by their bytes) are accepted, and each is stored as WebP
// at the responsive widths, never enlarged. Stored through the media port; here on local disk,
// in DATA_DIR/uploads/products as always (the contract suite covers Cloud Storage).

let temp: ReturnType<typeof makeTempDir>;
let media: MediaStore;
beforeEach(() => {
  temp = makeTempDir();
  media = createLocalDiskMedia(path.join(temp.dir, "uploads"));
});
afterEach(() => temp.remove());

const image = async (width: number, height: number, format: "png" | "jpeg") =>
  sharp({ create: { width, height, channels: 3, background: "#9caf88" } })
    [format]()
    .toBuffer();

const fileOf = (bytes: Uint8Array, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

describe("saveProductImage", () => {
  it("writes WebP copies 400, 800 and 1200 px wide and returns the largest", async () => {
    const saved = await saveProductImage(media, fileOf(await image(1600, 2000, "jpeg"), "photo.jpg", "image/jpeg"));
    expect(saved).toMatchObject({ width: 1200, height: 1500 });
    if ("error" in saved) return;
    expect(saved.url).toMatch(/^\/uploads\/products\/[a-f0-9]{32}-1200\.webp$/);
    const base = path.basename(saved.url).replace(/-1200\.webp$/, "");
    const files = fs.readdirSync(path.join(temp.dir, "uploads", "products")).sort();
    expect(files).toEqual([`${base}-1200.webp`, `${base}-400.webp`, `${base}-800.webp`]);
    const small = await sharp(path.join(temp.dir, "uploads", "products", `${base}-400.webp`)).metadata();
    expect(small).toMatchObject({ format: "webp", width: 400, height: 500 });
    expect(await readProductImage(media, `${base}-800.webp`)).toMatchObject({ contentType: "image/webp" });
  });

  it("never enlarges a small image", async () => {
    const saved = await saveProductImage(media, fileOf(await image(600, 750, "png"), "small.png", "image/png"));
    expect(saved).toMatchObject({ width: 600, height: 750 });
    expect(fs.readdirSync(path.join(temp.dir, "uploads", "products"))).toHaveLength(2);
  });

  it("refuses what is not a PNG, JPEG or WebP by its bytes, whatever its name and type", async () => {
    const fake = fileOf(new TextEncoder().encode("<svg onload=alert(1)>"), "evil.png", "image/png");
    expect(await saveProductImage(media, fake)).toEqual({ error: "“evil.png” is not a PNG, JPEG or WebP image." });
  });

  it("refuses images over 8 MB and tiny ones", async () => {
    const big = fileOf(new Uint8Array(8 * 1024 * 1024 + 1), "big.png", "image/png");
    expect(await saveProductImage(media, big)).toEqual({
      error: "“big.png” is larger than 8 MB. Choose a smaller image.",
    });
    const tiny = await saveProductImage(media, fileOf(await image(50, 50, "png"), "tiny.png", "image/png"));
    expect(tiny).toEqual({ error: "“tiny.png” is too small: use at least 100 × 100 pixels." });
  });

  it("reads back only names it makes", async () => {
    expect(await readProductImage(media, "../../etc/passwd")).toBeNull();
    expect(await readProductImage(media, `${"a".repeat(32)}-400.webp`)).toBeNull();
  });

  it("serves nothing stored under a product name that is not WebP", async () => {
    const name = `${"b".repeat(32)}-400.webp`;
    const liar: MediaStore = {
      put: media.put,
      get: async () => ({ bytes: new Uint8Array([1]), contentType: "text/html" }),
    };
    expect(await readProductImage(liar, name)).toBeNull();
  });

  it("tells the admin when the media storage cannot be reached, and stores nothing", async () => {
    const down: MediaStore = {
      put: async () => {
        throw new MediaUnavailableError();
      },
      get: async () => {
        throw new MediaUnavailableError();
      },
    };
    expect(await saveProductImage(down, fileOf(await image(600, 750, "png"), "photo.png", "image/png"))).toEqual({
      error: MEDIA_UNAVAILABLE_MESSAGE,
    });
    await expect(readProductImage(down, `${"c".repeat(32)}-400.webp`)).rejects.toThrow(MediaUnavailableError);
  });
});
