// Care instructions per material, shown on /care-guide. Each material has an anchor id so
// other pages (e.g. a product page) can link to /care-guide#<id>; careGuideHref() picks the
// right anchor from a product's free-text material ("95% organic cotton, 5% elastane").

export type CareMaterialId =
  | "cotton"
  | "organic-cotton"
  | "denim"
  | "wool"
  | "cashmere"
  | "linen"
  | "silk"
  | "viscose"
  | "polyester"
  | "leather"
  | "suede"
  | "down";

export interface CareMaterial {
  id: CareMaterialId;
  name: string;
  /** One sentence on the fibre and why its care matters. */
  summary: string;
  washing: readonly string[];
  drying: readonly string[];
  ironing: readonly string[];
  storage: readonly string[];
  /** Words that identify the material in a product's material text, most specific first. */
  keywords: readonly string[];
}

export const CARE_MATERIALS: readonly CareMaterial[] = [
  {
    id: "cotton",
    name: "Cotton",
    summary:
      "A strong, breathable natural fibre that gets softer with every wash. It tolerates warm water, but heat is what makes it shrink.",
    washing: [
      "Machine wash at 30 °C with similar colours; plain white basics can go at 40 °C.",
      "Turn printed and dark garments inside out to protect the print and the colour.",
      "Use a colour detergent for coloured items; keep bleach for plain whites only.",
    ],
    drying: [
      "Reshape while damp and line dry, or tumble dry on low heat if the label allows.",
      "Take items out of the dryer while still slightly damp to avoid shrinking and creasing.",
    ],
    ironing: ["Iron on a high setting (three dots) while slightly damp; iron prints on the reverse side."],
    storage: ["Fold t-shirts and jersey to stop the shoulders stretching; hang woven shirts on shaped hangers."],
    keywords: ["cotton", "jersey", "poplin", "twill", "canvas"],
  },
  {
    id: "organic-cotton",
    name: "Organic cotton",
    summary:
      "Grown without synthetic pesticides or fertilisers and often dyed with low-impact dyes. Care is the same as for cotton, only gentler.",
    washing: [
      "Machine wash at 30 °C on a normal or gentle cycle, inside out, with a mild, eco-friendly detergent.",
      "Wash darker colours separately for the first few washes, as low-impact dyes can release a little colour.",
      "Skip fabric softener: it coats the fibre and reduces its natural absorbency.",
    ],
    drying: ["Line dry in the shade to keep colours fresh; tumble drying shortens the life of the fabric."],
    ironing: ["Iron on a medium to high setting while slightly damp."],
    storage: ["Fold and store in a dry, ventilated place; cotton bags are better than plastic for long-term storage."],
    keywords: ["organic cotton", "gots"],
  },
  {
    id: "denim",
    name: "Denim",
    summary:
      "A hard-wearing cotton twill. The less you wash it, the longer the colour and the fit stay the way you like them.",
    washing: [
      "Wash only when needed — every five to ten wears is plenty. Airing between wears goes a long way.",
      "Turn inside out, close buttons and zips, and wash cold (maximum 30 °C) with similar dark colours.",
      "Use a detergent for dark colours; never bleach. Raw (unwashed) denim bleeds: wash it alone the first few times.",
    ],
    drying: [
      "Line dry inside out, hung by the waistband. Avoid the tumble dryer: heat shrinks denim and breaks down elastane in stretch styles.",
    ],
    ironing: ["Iron inside out on a medium to high setting if needed; most denim looks best un-ironed."],
    storage: [
      "Fold over a hanger bar or along the side seams. Spot-clean small marks with a damp cloth instead of washing.",
    ],
    keywords: ["denim", "selvedge", "selvage"],
  },
  {
    id: "wool",
    name: "Wool & merino",
    summary:
      "Naturally odour-resistant and temperature-regulating, so it needs far less washing than you think. Agitation and heat make it felt.",
    washing: [
      "Air between wears; wash only a few times a season.",
      "Hand wash in cool water (maximum 30 °C), or use the machine's wool cycle, with a wool detergent. Do not rub or wring.",
      "Washable merino (labelled “machine washable”) can go in a 30 °C wool cycle inside a laundry bag.",
    ],
    drying: [
      "Roll in a towel to press out water, then reshape and dry flat, away from radiators and direct sun.",
      "Never tumble dry unless the label specifically says so.",
    ],
    ironing: [
      "Steam rather than iron. If you must iron, use the wool setting (two dots) with a damp cloth between the iron and the garment.",
    ],
    storage: [
      "Fold, never hang, to keep the shape. Store clean (moths are drawn to body oils) with cedar wood or lavender.",
      "Remove pills with a knitwear comb or fabric shaver.",
    ],
    keywords: ["merino", "wool", "lambswool", "alpaca", "mohair"],
  },
  {
    id: "cashmere",
    name: "Cashmere",
    summary:
      "An exceptionally soft, fine fibre that becomes softer with careful washing. Treat it like fine wool, only more gently.",
    washing: [
      "Hand wash in lukewarm water (about 20–30 °C) with a cashmere or wool shampoo; let it soak for ten minutes, then rinse in water of the same temperature.",
      "Squeeze gently — never twist or wring. Dry cleaning is fine occasionally but washing keeps the fibre softer.",
    ],
    drying: ["Roll in a towel, then reshape and dry flat on a towel or drying rack, away from heat."],
    ironing: ["Steam lightly from a distance, or press on a low setting under a damp cloth."],
    storage: [
      "Fold and keep in a breathable cotton bag with cedar blocks; never hang.",
      "Light pilling in the first weeks is normal: remove it with a cashmere comb.",
    ],
    keywords: ["cashmere"],
  },
  {
    id: "linen",
    name: "Linen",
    summary:
      "Made from flax: cool, strong and quick to dry. It creases easily — that relaxed look is part of its character.",
    washing: [
      "Machine wash at 30–40 °C on a gentle cycle with a mild detergent; avoid overloading the drum.",
      "Wash dark linen separately the first time. Do not use bleach.",
    ],
    drying: ["Shake out and line dry, or tumble dry on low for a few minutes only and finish on the line."],
    ironing: [
      "Iron on a high setting (three dots) while still damp, or steam. Iron dark linen on the reverse to avoid shine.",
    ],
    storage: [
      "Hang on wide hangers, or roll rather than fold to avoid sharp creases; store away from direct sunlight.",
    ],
    keywords: ["linen", "flax"],
  },
  {
    id: "silk",
    name: "Silk",
    summary: "A luxurious protein fibre with a natural sheen. Water marks, heat and perspiration are its enemies.",
    washing: [
      "Dry clean, or hand wash in cold water with a silk or wool detergent if the label allows. Never soak for long.",
      "Test a hidden seam for colour fastness first. Do not bleach, wring or rub.",
    ],
    drying: ["Lay flat on a towel or hang on a padded hanger in the shade; never tumble dry."],
    ironing: [
      "Iron on the reverse on the lowest setting (one dot), while slightly damp, with a pressing cloth. Do not spray water directly on silk.",
    ],
    storage: ["Hang on padded hangers in a breathable garment bag. Keep perfume and deodorant away from the fabric."],
    keywords: ["silk", "satin silk", "mulberry"],
  },
  {
    id: "viscose",
    name: "Viscose",
    summary:
      "A drapey fibre made from wood pulp (modal and lyocell are close relatives). It is weaker when wet, so handle it gently while washing.",
    washing: [
      "Hand wash, or use a delicate cycle at 30 °C in a laundry bag. Keep the spin low (600 rpm or less).",
      "Do not wring: squeeze out water gently. Viscose can shrink if washed too warm.",
    ],
    drying: ["Reshape and hang to dry on a hanger, away from heat; never tumble dry."],
    ironing: ["Iron inside out on a low to medium setting (one or two dots) while slightly damp, or steam."],
    storage: ["Hang dresses and blouses so the fabric can drape; fold knitted viscose."],
    keywords: ["viscose", "rayon", "modal", "lyocell", "tencel", "ecovero"],
  },
  {
    id: "polyester",
    name: "Polyester & recycled polyester",
    summary:
      "Durable, quick-drying and crease-resistant. Recycled polyester is made from post-consumer plastic bottles and behaves just like virgin polyester.",
    washing: [
      "Machine wash at 30 °C on a synthetics cycle, inside out. Close zips and fasten hook-and-loop tabs first.",
      "Use a microfibre-catching wash bag or filter to keep shed fibres out of waterways.",
      "Skip fabric softener on technical and water-repellent fabrics.",
    ],
    drying: ["Line dry — it dries quickly. If needed, tumble dry on low heat only."],
    ironing: ["Rarely needed. If it is, iron on a low setting (one dot) or use steam; high heat can melt the fibre."],
    storage: [
      "Hang or fold; polyester keeps its shape well. Keep water-repellent jackets away from oils and solvents.",
    ],
    keywords: ["polyester", "recycled polyester", "polyamide", "nylon", "elastane"],
  },
  {
    id: "leather",
    name: "Leather",
    summary:
      "A natural material that ages beautifully when kept clean, nourished and dry. Never wash leather in water.",
    washing: [
      "Do not machine or hand wash. Wipe off dust and marks with a soft, slightly damp cloth.",
      "For stains or a full clean, use a specialist leather cleaner, or take it to a leather specialist.",
      "Condition smooth leather two to four times a year with a colourless leather balm; test on a hidden spot first.",
    ],
    drying: [
      "If leather gets wet, blot it with a towel and let it dry naturally at room temperature — never near a heater or in the sun.",
      "Stuff wet shoes and bags with paper to keep their shape while drying.",
    ],
    ironing: ["Do not iron. Let creases in jackets drop out on a hanger, or ask a leather specialist."],
    storage: [
      "Hang jackets on broad, shaped hangers; keep bags stuffed with paper in their dust bag. Never store leather in plastic.",
      "Use shoe trees for leather shoes and rest them for a day between wears.",
    ],
    keywords: ["leather", "nappa", "calfskin", "cowhide"],
  },
  {
    id: "suede",
    name: "Suede",
    summary:
      "The soft, napped side of leather. It marks easily and dislikes water, so protect it before the first wear.",
    washing: [
      "Never wash. Brush regularly with a suede brush in one direction to lift the nap and remove dust.",
      "Rub small marks away with a suede eraser; take larger stains to a specialist cleaner.",
      "Treat with a suede protector spray before the first wear and every few months after.",
    ],
    drying: ["If it gets wet, blot, stuff with paper and let dry naturally, then brush to restore the nap."],
    ironing: ["Do not iron."],
    storage: ["Store in a breathable dust bag away from light, which can fade suede. Use shoe trees for suede shoes."],
    keywords: ["suede", "nubuck"],
  },
  {
    id: "down",
    name: "Down",
    summary:
      "Responsibly sourced down and feather filling traps warmth without weight. Clean, dry loft is what keeps you warm.",
    washing: [
      "Wash only when needed (once a season at most), on a gentle cycle at 30 °C with a down-specific detergent; no fabric softener.",
      "Close all zips and fastenings and wash the garment on its own, with an extra rinse.",
    ],
    drying: [
      "Tumble dry on low heat with two or three clean tennis or dryer balls to break up clumps. It can " +
        "take several cycles: the filling must be completely dry, or it will smell and clump.",
    ],
    ironing: ["Do not iron. Hang the jacket for a few hours and shake it to restore the loft."],
    storage: [
      "Store uncompressed on a hanger or loosely folded in a breathable bag. Avoid vacuum bags and compression sacks for long-term storage.",
    ],
    keywords: ["down", "feather", "puffer"],
  },
];

/** Tie-break when two materials are named at the same place: most specific first. */
const SPECIFICITY: readonly CareMaterialId[] = [
  "organic-cotton",
  "denim",
  "cashmere",
  "wool",
  "suede",
  "leather",
  "silk",
  "linen",
  "viscose",
  "down",
  "polyester",
  "cotton",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each material with its rank and a whole-word pattern per keyword, made once (a product page asks). */
const MATCHERS = CARE_MATERIALS.map((material) => ({
  material,
  rank: SPECIFICITY.indexOf(material.id),
  patterns: material.keywords.map((keyword) => new RegExp(`\\b${escapeRegExp(keyword)}\\b`)),
}));

/**
 * The care-guide material that best matches a product's material text, if any. Composition
 * labels list the main fibre first, so the earliest mention wins: "98% cotton, 2% elastane"
 * is cotton, "80% merino wool, 20% polyamide" is wool.
 */
export function careMaterialFor(material: string): CareMaterial | undefined {
  const text = material.toLowerCase();
  let best: { material: CareMaterial; index: number; rank: number } | undefined;
  for (const candidate of MATCHERS) {
    for (const pattern of candidate.patterns) {
      const index = text.search(pattern);
      if (index === -1) continue;
      if (!best || index < best.index || (index === best.index && candidate.rank < best.rank)) {
        best = { material: candidate.material, index, rank: candidate.rank };
      }
    }
  }
  return best?.material;
}

/** "/care-guide#wool" for "80% merino wool, 20% polyamide"; "/care-guide" when nothing matches. */
export function careGuideHref(material: string): string {
  const match = careMaterialFor(material);
  return match ? `/care-guide#${match.id}` : "/care-guide";
}
