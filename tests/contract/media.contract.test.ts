import crypto from "node:crypto";
import { deleteApp, initializeApp } from "firebase-admin/app";
import { getStorage } from "firebase-admin/storage";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCloudStorageMedia } from "~/server/media/cloud-storage.server";
import { MediaUnavailableError, type MediaStore } from "~/server/media/port";
import { freePort } from "../../scripts/emulators/firestore";
import { MEDIA_ADAPTERS } from "./media-adapters";

// The media port on every adapter: what one puts, any instance gets back, with its type.

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe.each(MEDIA_ADAPTERS)("MediaStore contract: $name", (adapter) => {
  let media: MediaStore;
  let reopen: () => MediaStore;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ media, reopen, dispose } = await adapter.create());
  });
  afterEach(() => dispose());

  it("gives back the bytes and content type it was given", async () => {
    // Every byte value, and a megabyte of random ones: binary, not text.
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const large = new Uint8Array(crypto.randomBytes(1024 * 1024));
    await media.put("products/0123-400.webp", all, "image/webp");
    await media.put("blog/cover.png", large, "image/png");
    await media.put("blog/cover.jpg", bytesOf("jpeg"), "image/jpeg");
    expect(await media.get("products/0123-400.webp")).toEqual({ bytes: all, contentType: "image/webp" });
    const got = await media.get("blog/cover.png");
    expect(got?.contentType).toBe("image/png");
    expect(Buffer.from(got!.bytes).equals(Buffer.from(large))).toBe(true);
    expect(await media.get("blog/cover.jpg")).toEqual({ bytes: bytesOf("jpeg"), contentType: "image/jpeg" });
  });

  it("answers null for a key that holds nothing, and keeps folders apart", async () => {
    expect(await media.get("products/never-stored.webp")).toBeNull();
    await media.put("blog/same-name.webp", bytesOf("blog"), "image/webp");
    expect(await media.get("products/same-name.webp")).toBeNull();
    expect(await media.get("blog/same-name")).toBeNull();
  });

  it("replaces what a key held", async () => {
    await media.put("blog/again.webp", bytesOf("first"), "image/webp");
    await media.put("blog/again.webp", bytesOf("second"), "image/webp");
    expect(await media.get("blog/again.webp")).toEqual({ bytes: bytesOf("second"), contentType: "image/webp" });
  });

  it("refuses a key that is not one, or a content type its extension does not name", async () => {
    await expect(media.put("../escape.png", bytesOf("x"), "image/png")).rejects.toThrow(/Not a media key/);
    await expect(media.put("blog/../../escape.png", bytesOf("x"), "image/png")).rejects.toThrow(/Not a media key/);
    await expect(media.put("blog/page.html", bytesOf("<script>"), "text/html")).rejects.toThrow(/Not a media key/);
    await expect(media.put("blog/photo.png", bytesOf("x"), "image/webp")).rejects.toThrow(
      /holds image\/png, not image\/webp/,
    );
    expect(await media.get("../escape.png")).toBeNull();
    expect(await media.get("blog/photo.png")).toBeNull();
  });

  it("is shared by every instance on the same storage", async () => {
    const other = reopen();
    await media.put("products/from-a-400.webp", bytesOf("stored by A"), "image/webp");
    expect(await other.get("products/from-a-400.webp")).toEqual({
      bytes: bytesOf("stored by A"),
      contentType: "image/webp",
    });
    await other.put("blog/from-b.png", bytesOf("stored by B"), "image/png");
    expect(await media.get("blog/from-b.png")).toEqual({ bytes: bytesOf("stored by B"), contentType: "image/png" });
  });
});

describe("Cloud Storage adapter, storage unreachable", () => {
  it("says 'Media storage not available' instead of waiting on the client's retries", async () => {
    // A client made while STORAGE_EMULATOR_HOST names a port where nothing listens.
    const saved = process.env.STORAGE_EMULATOR_HOST;
    process.env.STORAGE_EMULATOR_HOST = `http://127.0.0.1:${await freePort()}`;
    const app = initializeApp({ projectId: "demo-hemline" }, `media-down-${crypto.randomBytes(6).toString("hex")}`);
    let media: MediaStore;
    try {
      media = createCloudStorageMedia(getStorage(app).bucket("hemline-media-down"));
    } finally {
      if (saved === undefined) delete process.env.STORAGE_EMULATOR_HOST;
      else process.env.STORAGE_EMULATOR_HOST = saved;
    }
    try {
      await expect(media.get("products/any-400.webp")).rejects.toThrow(MediaUnavailableError);
      await expect(media.put("products/any-400.webp", bytesOf("x"), "image/webp")).rejects.toThrow(
        "Media storage not available",
      );
    } finally {
      await deleteApp(app);
    }
  });
});
