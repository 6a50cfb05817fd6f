import { describe, expect, it } from "vitest";
import { careGuideHref, careMaterialFor } from "~/server/services/content/care-guide-data";

// A product page links to the care guide's section for its main material: the earliest mention in
// the composition wins, and a more specific material wins over a general one at the same place.

describe("careMaterialFor", () => {
  it("takes the main fibre, the first one a label lists", () => {
    expect(careMaterialFor("98% cotton, 2% elastane")?.id).toBe("cotton");
    expect(careMaterialFor("80% merino wool, 20% polyamide")?.id).toBe("wool");
    expect(careMaterialFor("Silk with a viscose lining")?.id).toBe("silk");
  });

  it("prefers the more specific material and matches whole words only", () => {
    expect(careMaterialFor("100% organic cotton")?.id).toBe("organic-cotton");
    expect(careMaterialFor("Cottonwood-dyed paper")).toBeUndefined();
  });

  it("links to the section, or to the whole guide when nothing matches", () => {
    expect(careGuideHref("100% organic cotton")).toBe("/care-guide#organic-cotton");
    expect(careGuideHref("Mystery fibre")).toBe("/care-guide");
    // Asked again, the same answer (the patterns are made once, and keep no state between searches).
    for (let i = 0; i < 2; i++) expect(careGuideHref("Genuine leather upper")).toBe("/care-guide#leather");
  });
});
