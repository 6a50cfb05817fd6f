import { describe, expect, it } from "vitest";
import { processTerm, stem } from "~/server/services/catalog/search-terms.server";

describe("search terms", () => {
  it("meets plurals and singulars at one stem", () => {
    expect(stem("dresses")).toBe(stem("dress"));
    expect(stem("jeans")).toBe(stem("jean"));
    expect(stem("shoes")).toBe(stem("shoe"));
    expect(stem("accessories")).toBe(stem("accessory"));
  });
  it("strips accents, case and punctuation", () => {
    expect(processTerm("Café")).toBe("cafe");
    expect(processTerm("T-Shirt")).toBe("tshirt");
    expect(processTerm("!!!")).toBeNull();
  });
});
