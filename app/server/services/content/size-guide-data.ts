import type { CategoryId } from "~/lib/categories";
import { APPAREL_SIZES, BELT_SIZES, ONE_SIZE, SHOE_SIZES, WAIST_SIZES } from "~/lib/sizes";

// Measurement data behind /size-guide. Every table is keyed by a size label from
// SIZES_BY_CATEGORY (see ./sizes), so the guide always matches what the shop sells; a
// unit test checks that the rows of each category cover exactly that category's sizes.

export interface SizeGuideRow {
  /** A size label exactly as it appears in SIZES_BY_CATEGORY, e.g. "M", "32", "41", "One size". */
  size: string;
  /** One value per entry in the table's `columns`, in the same order. */
  values: readonly string[];
}

export interface SizeGuideTable {
  caption: string;
  /** Header of the first column, which holds the size label (rendered as <th scope="row">). */
  sizeHeader: string;
  /** Headers of the remaining columns. */
  columns: readonly string[];
  rows: readonly SizeGuideRow[];
  /** True when the cells hold sentences rather than measurements (so they may wrap). */
  prose?: boolean;
}

export interface CategorySizeGuide {
  category: CategoryId;
  /** One or two sentences on how the category is sized. */
  intro: string;
  tables: readonly SizeGuideTable[];
  /** Short, practical fit advice shown under the tables. */
  fitNotes: readonly string[];
}

/** Build rows from a per-size record, keeping the display order of `sizes`. */
function rowsFor<S extends string>(sizes: readonly S[], values: Record<S, readonly string[]>): SizeGuideRow[] {
  return sizes.map((size) => ({ size, values: values[size] }));
}

type ApparelSize = (typeof APPAREL_SIZES)[number];

/** Body measurements shared by the upper-body categories (cm). */
const UPPER_BODY: Record<ApparelSize, { chest: string; waist: string }> = {
  XS: { chest: "82–87", waist: "68–73" },
  S: { chest: "88–93", waist: "74–79" },
  M: { chest: "94–99", waist: "80–85" },
  L: { chest: "100–105", waist: "86–91" },
  XL: { chest: "106–111", waist: "92–97" },
  XXL: { chest: "112–118", waist: "98–104" },
};

/** Upper-body table: chest and waist are body measurements, length is the garment's back length. */
function upperBodyTable(caption: string, lengths: Record<ApparelSize, string>): SizeGuideTable {
  return {
    caption,
    sizeHeader: "Size",
    columns: ["Chest (cm)", "Waist (cm)", "Garment length (cm)"],
    rows: APPAREL_SIZES.map((size) => ({
      size,
      values: [UPPER_BODY[size].chest, UPPER_BODY[size].waist, lengths[size]],
    })),
  };
}

export const SIZE_GUIDE: Readonly<Record<CategoryId, CategorySizeGuide>> = {
  "t-shirts": {
    category: "t-shirts",
    intro:
      "Our t-shirts are cut for a regular, true-to-size fit. Chest and waist are body measurements; length " +
      "is measured on the garment from the highest point of the shoulder to the hem.",
    tables: [
      upperBodyTable("T-shirt sizes: body chest and waist, garment length, in centimetres", {
        XS: "66",
        S: "69",
        M: "72",
        L: "74",
        XL: "76",
        XXL: "78",
      }),
    ],
    fitNotes: [
      "Between two sizes? Take the smaller one for a close fit, the larger one for a relaxed look.",
      "Pieces described as “boxy” or “oversized” are designed to be roomy: we recommend your usual size.",
      "Our cotton jersey is pre-washed and shrinks by less than 3 % when washed at 30 °C.",
    ],
  },
  jeans: {
    category: "jeans",
    intro:
      "Jeans are sized by waist in inches (W). Waist and hips below are body measurements; each waist size " +
      "comes in the inseam lengths listed, shown on the product page as L30, L32 and L34.",
    tables: [
      {
        caption: "Jeans sizes: body waist and hips, available inseam lengths, in centimetres",
        sizeHeader: "Waist size (W)",
        columns: ["Waist (cm)", "Hips (cm)", "Inseam options (cm)", "Closest letter size"],
        rows: rowsFor(WAIST_SIZES, {
          "26": ["66", "88", "76 (L30) · 81 (L32)", "XS"],
          "27": ["69", "90", "76 (L30) · 81 (L32)", "XS"],
          "28": ["71", "93", "76 (L30) · 81 (L32) · 86 (L34)", "S"],
          "29": ["74", "95", "76 (L30) · 81 (L32) · 86 (L34)", "S"],
          "30": ["76", "98", "76 (L30) · 81 (L32) · 86 (L34)", "M"],
          "31": ["79", "100", "76 (L30) · 81 (L32) · 86 (L34)", "M"],
          "32": ["81", "103", "76 (L30) · 81 (L32) · 86 (L34)", "L"],
          "33": ["84", "105", "76 (L30) · 81 (L32) · 86 (L34)", "L"],
          "34": ["86", "108", "76 (L30) · 81 (L32) · 86 (L34)", "XL"],
          "36": ["91", "113", "81 (L32) · 86 (L34)", "XL"],
          "38": ["97", "118", "81 (L32) · 86 (L34)", "XXL"],
        }),
      },
    ],
    fitNotes: [
      "Rigid (100 % cotton) denim relaxes by about 1 cm at the waist with wear; if you are between sizes, choose the snugger one.",
      "Stretch denim (with elastane) keeps its shape: choose the size that matches your waist measurement.",
      "Inseam is measured from the crotch seam to the hem. For a cropped or cuffed look, pick one length shorter.",
    ],
  },
  sweaters: {
    category: "sweaters",
    intro:
      "Knitwear is cut with a little more ease than our t-shirts so it layers comfortably. Chest and waist " +
      "are body measurements; length is measured on the garment from the shoulder to the ribbed hem.",
    tables: [
      upperBodyTable("Sweater sizes: body chest and waist, garment length, in centimetres", {
        XS: "62",
        S: "64",
        M: "66",
        L: "68",
        XL: "70",
        XXL: "72",
      }),
    ],
    fitNotes: [
      "Wool and cashmere relax slightly with wear; if you like a close fit, take the smaller size when in doubt.",
      "Chunky knits are intentionally generous: we recommend your usual size.",
      "Dry knitwear flat to keep its length — hanging a wet sweater can stretch it by several centimetres.",
    ],
  },
  dresses: {
    category: "dresses",
    intro:
      "Dresses are sized XS–XXL. Bust, waist and hips are body measurements. Use the EU and UK columns if you usually shop by number.",
    tables: [
      {
        caption: "Dress sizes: body bust, waist and hips in centimetres, with EU and UK size equivalents",
        sizeHeader: "Size",
        columns: ["Bust (cm)", "Waist (cm)", "Hips (cm)", "EU size", "UK size"],
        rows: rowsFor(APPAREL_SIZES, {
          XS: ["80–83", "62–65", "86–89", "34", "6"],
          S: ["84–87", "66–69", "90–93", "36", "8"],
          M: ["88–92", "70–74", "94–98", "38", "10"],
          L: ["93–97", "75–79", "99–103", "40", "12"],
          XL: ["98–103", "80–85", "104–109", "42", "14"],
          XXL: ["104–110", "86–92", "110–116", "44", "16"],
        }),
      },
    ],
    fitNotes: [
      "For fitted styles, choose by your largest measurement (usually bust or hips).",
      "Wrap and A-line dresses are forgiving at the hips: choose by your bust and waist.",
      "Lengths vary by style (mini, midi, maxi): compare the length given in the product description with a dress you own.",
    ],
  },
  jackets: {
    category: "jackets",
    intro:
      "Jackets and coats are cut to fit over a shirt or a light knit. Chest and waist are body " +
      "measurements; length is measured on the garment from the base of the collar at the back to the hem.",
    tables: [
      upperBodyTable("Jacket sizes: body chest and waist, garment back length, in centimetres", {
        XS: "68",
        S: "70",
        M: "72",
        L: "74",
        XL: "76",
        XXL: "78",
      }),
    ],
    fitNotes: [
      "Planning to wear a thick sweater underneath? Go one size up.",
      "Longline coats and cropped styles differ from the lengths above: compare with a jacket you already own.",
      "Sleeves are cut to end at the wrist bone with arms relaxed. If you have long arms or are taller than about 185 cm, consider one size up.",
    ],
  },
  shoes: {
    category: "shoes",
    intro:
      "Shoes use continental EU sizes. Foot length is the length of your bare foot from heel to longest toe; UK and US sizes are approximate conversions.",
    tables: [
      {
        caption: "Shoe sizes: EU size with UK and US equivalents and foot length in centimetres",
        sizeHeader: "EU size",
        columns: ["UK", "US women", "US men", "Foot length (cm)"],
        rows: rowsFor(SHOE_SIZES, {
          "36": ["3.5", "5.5", "4.5", "22.5"],
          "37": ["4", "6", "5", "23.2"],
          "38": ["5", "7", "6", "23.9"],
          "39": ["6", "8", "7", "24.5"],
          "40": ["6.5", "8.5", "7.5", "25.2"],
          "41": ["7", "9", "8", "25.9"],
          "42": ["8", "10", "9", "26.5"],
          "43": ["9", "11", "10", "27.2"],
          "44": ["9.5", "11.5", "10.5", "27.9"],
          "45": ["10.5", "12.5", "11.5", "28.5"],
          "46": ["11", "13", "12", "29.2"],
        }),
      },
    ],
    fitNotes: [
      "Measure both feet in the afternoon, when feet are at their largest, and go by the longer foot.",
      "If your foot length falls between two sizes, choose the larger size.",
      "Leather shoes give a little with wear; trainers and rubber-soled styles do not.",
    ],
  },
  accessories: {
    category: "accessories",
    intro:
      "Most accessories — bags, scarves, hats and jewellery — come in one size. Belts come in four " +
      "lengths: the size is the distance in centimetres from the buckle to the middle hole.",
    tables: [
      {
        caption: "One-size accessories: what they fit",
        sizeHeader: "Size",
        prose: true,
        columns: ["Applies to", "Fit"],
        rows: [
          {
            size: ONE_SIZE,
            values: [
              "Bags, scarves, hats, caps, jewellery, sunglasses and gloves unless a size is shown",
              "Hats and caps fit a head circumference of 55–59 cm (adjustable or with a stretch band); rings are " +
                "adjustable; necklace and bracelet lengths are on each product page",
            ],
          },
        ],
      },
      {
        caption: "Belt sizes: belt size, waist range it fits and overall length, in centimetres",
        sizeHeader: "Belt size (cm)",
        columns: ["Fits waist (cm)", "Typical jeans size", "Overall length (cm)"],
        rows: rowsFor(BELT_SIZES, {
          "75": ["70–80", "W26–W29", "90"],
          "85": ["80–90", "W30–W33", "100"],
          "95": ["90–100", "W34–W36", "110"],
          "105": ["100–110", "W38", "120"],
        }),
      },
    ],
    fitNotes: [
      "Measure where you wear your belt — usually over your jeans, a little below the natural waist.",
      "Easiest of all: measure an existing belt that fits you from the buckle pin to the hole you use most.",
      "Each belt has five holes, 2.5 cm apart, so every size adjusts about 5 cm either way.",
    ],
  },
};

/** Every size label that appears in a category's size-guide tables, in display order, without repeats. */
export function sizeGuideSizes(category: CategoryId): string[] {
  const seen = new Set<string>();
  for (const table of SIZE_GUIDE[category].tables) {
    for (const row of table.rows) seen.add(row.size);
  }
  return [...seen];
}

/** Link to a category's section of the size guide, e.g. from a product page. */
export function sizeGuideHref(category: CategoryId): string {
  return `/size-guide#${category}`;
}
