import { describe, expect, it } from "vitest";
import { responsiveImage } from "~/lib/responsive-image";

const base = "/uploads/products/0123456789abcdef0123456789abcdef";

describe("responsiveImage", () => {
  it("lists every stored width of an uploaded photo", () => {
    expect(responsiveImage({ url: `${base}-1200.webp`, width: 1200 }, "50vw")).toEqual({
      srcSet: `${base}-400.webp 400w, ${base}-800.webp 800w, ${base}-1200.webp 1200w`,
      sizes: "50vw",
    });
  });

  it("stops at the original width of a smaller photo", () => {
    expect(responsiveImage({ url: `${base}-600.webp`, width: 600 }, "50vw").srcSet).toBe(
      `${base}-400.webp 400w, ${base}-600.webp 600w`,
    );
  });

  it("adds nothing to other images", () => {
    expect(responsiveImage({ url: "/media/v1/jeans/front/1f3a5f.svg", width: 800 }, "50vw")).toEqual({});
  });
});
