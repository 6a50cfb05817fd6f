import { describe, it, expect } from "vitest";
import { CATEGORIES } from "~/lib/categories";
import { BELT_SIZES, ONE_SIZE, SIZES_BY_CATEGORY } from "~/lib/sizes";
import { SIZE_GUIDE, sizeGuideHref, sizeGuideSizes } from "~/server/services/content/size-guide-data";

describe("size guide data", () => {
  it("has exactly one entry per category", () => {
    expect(Object.keys(SIZE_GUIDE).sort()).toEqual(CATEGORIES.map((c) => c.id).sort());
  });

  describe.each(CATEGORIES.map((c) => [c.id, c] as const))("%s", (id) => {
    const guide = SIZE_GUIDE[id];

    it("is filed under its own category and has at least one non-empty table", () => {
      expect(guide.category).toBe(id);
      expect(guide.tables.length).toBeGreaterThan(0);
      for (const table of guide.tables) {
        expect(table.caption.trim()).not.toBe("");
        expect(table.rows.length).toBeGreaterThan(0);
      }
    });

    it("covers exactly the sizes the category is sold in, in display order", () => {
      expect(sizeGuideSizes(id)).toEqual([...SIZES_BY_CATEGORY[id]]);
    });

    it("lists each size once across its tables", () => {
      const all = guide.tables.flatMap((table) => table.rows.map((row) => row.size));
      expect(new Set(all).size).toBe(all.length);
    });

    it("has one value per column in every row", () => {
      for (const table of guide.tables) {
        for (const row of table.rows) {
          expect(row.values).toHaveLength(table.columns.length);
          for (const value of row.values) expect(value.trim()).not.toBe("");
        }
      }
    });

    it("links to its section of the size guide", () => {
      expect(sizeGuideHref(id)).toBe(`/size-guide#${id}`);
    });
  });

  it("gives accessories a one-size table and a belt table", () => {
    expect(sizeGuideSizes("accessories")).toEqual([ONE_SIZE, ...BELT_SIZES]);
    const beltTable = SIZE_GUIDE.accessories.tables.find((table) =>
      table.rows.some((row) => row.size === BELT_SIZES[0]),
    );
    expect(beltTable?.rows.map((row) => row.size)).toEqual([...BELT_SIZES]);
  });
});
