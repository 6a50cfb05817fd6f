import { describe, expect, it } from "vitest";
import { imagesForColour } from "~/lib/colour-images";
import { imageForColour } from "~/server/services/catalog/colour-image";

const colours = [
  { name: "Navy", hex: "#1F2A44" },
  { name: "Sand", hex: "#D8C9A7" },
  { name: "Olive", hex: "#556B2F" },
];
const image = (url: string, alt: string) => ({ url, alt, width: 800, height: 1000 });

describe("imageForColour", () => {
  const images = [
    image("/media/v1/shirts/front/1f2a44.svg", "Shirt in Navy, front view"),
    image("/media/v1/shirts/back/d8c9a7.svg", "Shirt in Sand, back view"),
    image("/uploads/products/abc-800.webp", "Shirt in Olive, worn"),
  ];

  it("picks a picture of the colour chosen: by its generated file name, else by its alt text", () => {
    expect(imageForColour({ images, colours }, "Sand")?.alt).toBe("Shirt in Sand, back view");
    expect(imageForColour({ images, colours }, "Olive")?.alt).toBe("Shirt in Olive, worn");
  });

  it("falls back to the first picture, and to none without pictures", () => {
    expect(imageForColour({ images, colours: [...colours, { name: "Red", hex: "#ff0000" }] }, "Red")?.alt).toBe(
      "Shirt in Navy, front view",
    );
    expect(imageForColour({ images: [], colours }, "Navy")).toBeNull();
  });
});

describe("tagged images", () => {
  const tagged = (alt: string, colour?: string) => ({
    url: `/uploads/products/${alt}.webp`,
    alt,
    width: 800,
    height: 1000,
    ...(colour ? { colour } : {}),
  });
  const images = [
    tagged("navy-front", "Navy"),
    tagged("any-detail"),
    tagged("sand-front", "Sand"),
    tagged("sand-back", "Sand"),
    tagged("any-flat"),
  ];

  it("a cart line shows the first image tagged with its colour, before any the name or alt text suggests", () => {
    expect(
      imageForColour(
        { images: [image("/media/v1/shirts/back/d8c9a7.svg", "Shirt in Sand"), ...images], colours },
        "Sand",
      )?.alt,
    ).toBe("sand-front");
  });

  it("a chosen colour's images come first, then the untagged ones, then the other colours', each in the editor's order", () => {
    expect(imagesForColour(images, "Sand").map((i) => i.alt)).toEqual([
      "sand-front",
      "sand-back",
      "any-detail",
      "any-flat",
      "navy-front",
    ]);
    expect(imagesForColour(images, "Olive").map((i) => i.alt)).toEqual([
      "any-detail",
      "any-flat",
      "navy-front",
      "sand-front",
      "sand-back",
    ]);
    expect(imagesForColour(images, null).map((i) => i.alt)).toEqual(images.map((i) => i.alt));
  });
});
