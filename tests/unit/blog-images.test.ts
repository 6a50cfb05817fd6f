import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MEDIA_UNAVAILABLE_MESSAGE, readBlogImage, saveBlogImage, sniffImage } from "~/server/media/blog-images.server";
import { createLocalDiskMedia } from "~/server/media/local-disk.server";
import { MediaUnavailableError, type MediaStore } from "~/server/media/port";
import { makeTempDir } from "../support/temp-dir";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]);

describe("blog cover images", () => {
  const temp = makeTempDir();
  const media = createLocalDiskMedia(path.join(temp.dir, "uploads"));
  afterAll(() => temp.remove());

  it("recognises PNG, JPEG and WebP by their bytes only", () => {
    expect(sniffImage(PNG)).toBe("png");
    expect(sniffImage(JPEG)).toBe("jpg");
    expect(sniffImage(WEBP)).toBe("webp");
    expect(sniffImage(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeNull();
  });

  it("stores an image under a random name and reads it back", async () => {
    const saved = await saveBlogImage(media, new File([PNG], "../../evil.png", { type: "image/png" }));
    expect(saved).toMatchObject({ url: expect.stringMatching(/^\/uploads\/blog\/[a-f0-9]{32}\.png$/) });
    const name = (saved as { url: string }).url.split("/").pop()!;
    expect(await readBlogImage(media, name)).toEqual({ bytes: PNG, contentType: "image/png" });
  });

  it("refuses a file that only claims to be an image, a wrong type, or more than 2 MB", async () => {
    expect(await saveBlogImage(media, new File(["<html>"], "x.png", { type: "image/png" }))).toEqual({
      error: "This file is not a PNG, JPEG or WebP image.",
    });
    expect(await saveBlogImage(media, new File([PNG], "x.svg", { type: "image/svg+xml" }))).toEqual({
      error: "Choose a PNG, JPEG or WebP image.",
    });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(await saveBlogImage(media, new File([big], "x.png", { type: "image/png" }))).toEqual({
      error: "The image is larger than 2 MB. Choose a smaller one.",
    });
  });

  it("reads only names it could have made", async () => {
    expect(await readBlogImage(media, "../hemline.sqlite")).toBeNull();
    expect(await readBlogImage(media, `${"a".repeat(32)}.png`)).toBeNull();
  });

  it("serves nothing whose stored type differs from the one its name promises", async () => {
    const liar: MediaStore = { put: media.put, get: async () => ({ bytes: PNG, contentType: "image/svg+xml" }) };
    expect(await readBlogImage(liar, `${"d".repeat(32)}.png`)).toBeNull();
  });

  it("tells the admin when the media storage cannot be reached", async () => {
    const down: MediaStore = {
      put: async () => {
        throw new MediaUnavailableError();
      },
      get: async () => null,
    };
    expect(await saveBlogImage(down, new File([PNG], "x.png", { type: "image/png" }))).toEqual({
      error: MEDIA_UNAVAILABLE_MESSAGE,
    });
  });
});
