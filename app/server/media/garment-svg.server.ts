import type { CategoryId } from "~/lib/categories";

// Deterministic, self-contained product illustrations. Every product image URL
// (/media/v1/<category>/<view>/<hex>.svg) is rendered by this module, so the demo
// shop needs no binary assets. Same input, same bytes: responses can be cached forever.

export const GARMENT_VIEWS = ["front", "back", "detail", "flat"] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];

export function isGarmentView(v: string): v is GarmentView {
  return (GARMENT_VIEWS as readonly string[]).includes(v);
}

export interface GarmentSvgOptions {
  category: CategoryId;
  view: GarmentView;
  /** "#rrggbb" */
  colour: string;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const WIDTH = 800;
const HEIGHT = 1000;

// ---------------------------------------------------------------------------
// Colour maths
// ---------------------------------------------------------------------------

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function parseHex(hex: string): Rgb {
  return {
    r: parseInt(hex.slice(1, 3), 16),
    g: parseInt(hex.slice(3, 5), 16),
    b: parseInt(hex.slice(5, 7), 16),
  };
}

function toHex({ r, g, b }: Rgb): string {
  const part = (n: number) =>
    Math.max(0, Math.min(255, Math.round(n)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Blend `hex` towards `target` by `amount` (0 = unchanged, 1 = target). */
function mix(hex: string, target: string, amount: number): string {
  const a = parseHex(hex);
  const b = parseHex(target);
  return toHex({
    r: a.r + (b.r - a.r) * amount,
    g: a.g + (b.g - a.g) * amount,
    b: a.b + (b.b - a.b) * amount,
  });
}

/** Relative luminance, 0 (black) to 1 (white). */
function luminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

interface Palette {
  base: string;
  light: string;
  lighter: string;
  dark: string;
  darker: string;
  /** Edge line; strong enough that white and cream garments stand out from the backdrop. */
  outline: string;
  stitch: string;
  /** Ink for translucent fold shadows. */
  fold: string;
  isLight: boolean;
  isDark: boolean;
}

function makePalette(base: string): Palette {
  const lum = luminance(base);
  const isLight = lum > 0.6;
  const isDark = lum < 0.05;
  return {
    base,
    light: mix(base, "#ffffff", isDark ? 0.14 : 0.18),
    lighter: mix(base, "#ffffff", isDark ? 0.26 : 0.4),
    dark: mix(base, "#000000", isDark ? 0.3 : 0.2),
    darker: mix(base, "#000000", isDark ? 0.5 : 0.38),
    outline: isLight ? mix(base, "#5a5348", 0.55) : mix(base, "#000000", 0.45),
    stitch: isDark ? mix(base, "#ffffff", 0.38) : mix(base, "#000000", isLight ? 0.28 : 0.35),
    fold: isDark ? "#000000" : mix(base, "#000000", 0.6),
    isLight,
    isDark,
  };
}

// ---------------------------------------------------------------------------
// Shared SVG building blocks
// ---------------------------------------------------------------------------

const HARDWARE = { gold: "#c2a062", goldDark: "#8a6d3b", goldLight: "#ead7a4", silver: "#b9bcc0" };
const DENIM_THREAD = "#d9a24a";

function defs(p: Palette, view: GarmentView): string {
  const bg =
    view === "flat"
      ? ["#e9e1d4", "#d9cdb9"] // warm linen table for flat-lays
      : view === "detail"
        ? ["#efedea", "#dcd8d2"]
        : ["#f7f6f3", "#e6e2dc"];
  return `<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient>
<radialGradient id="floor" cx="0.5" cy="0.5" r="0.5">
<stop offset="0" stop-color="#000" stop-opacity="0.28"/>
<stop offset="1" stop-color="#000" stop-opacity="0"/>
</radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75">
<stop offset="0.6" stop-color="#000" stop-opacity="0"/>
<stop offset="1" stop-color="#000" stop-opacity="0.22"/>
</radialGradient>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0.25">
<stop offset="0" stop-color="${p.light}"/>
<stop offset="0.45" stop-color="${p.base}"/>
<stop offset="1" stop-color="${p.dark}"/>
</linearGradient>
<linearGradient id="shadeV" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.light}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
<linearGradient id="metal" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${HARDWARE.goldLight}"/>
<stop offset="0.5" stop-color="${HARDWARE.gold}"/>
<stop offset="1" stop-color="${HARDWARE.goldDark}"/>
</linearGradient>
<linearGradient id="sole" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfaf7"/><stop offset="1" stop-color="#dcd8d0"/></linearGradient>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter>
<filter id="drop" x="-20%" y="-20%" width="140%" height="140%">
<feGaussianBlur in="SourceAlpha" stdDeviation="9"/>
<feOffset dx="10" dy="16" result="b"/>
<feComponentTransfer>
<feFuncA type="linear" slope="0.35"/>
</feComponentTransfer>
<feMerge>
<feMergeNode/>
<feMergeNode in="SourceGraphic"/>
</feMerge>
</filter>
<pattern id="jersey" width="6" height="8" patternUnits="userSpaceOnUse">
<path d="M0 0 Q3 4 0 8 M3 0 Q6 4 3 8" fill="none" stroke="${p.fold}" stroke-opacity="0.07" stroke-width="1"/>
</pattern>
<pattern id="twill" width="10" height="10" patternUnits="userSpaceOnUse">
<path d="M-2 12 L12 -2 M-2 7 L7 -2 M3 12 L12 3" stroke="${p.isDark ? "#ffffff" : "#000000"}" stroke-opacity="${p.isDark ? 0.07 : 0.1}" stroke-width="1.6"/>
</pattern>
<pattern id="knit" width="18" height="14" patternUnits="userSpaceOnUse">
<path d="M1 1 Q4 12 9 13 M17 1 Q14 12 9 13" fill="none" stroke="${p.fold}" stroke-opacity="0.16" stroke-width="2"/>
<path d="M3 3 Q5 9 8 11" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="1.4"/>
</pattern>
<pattern id="grain" width="14" height="14" patternUnits="userSpaceOnUse">
<circle cx="3" cy="4" r="2.2" fill="${p.fold}" fill-opacity="0.08"/>
<circle cx="10" cy="10" r="2.6" fill="${p.fold}" fill-opacity="0.07"/>
<circle cx="11" cy="3" r="1.4" fill="#fff" fill-opacity="0.08"/>
</pattern>
<pattern id="weave" width="4" height="4" patternUnits="userSpaceOnUse"><path d="M0 2 H4" stroke="${p.fold}" stroke-opacity="0.06" stroke-width="1"/></pattern>
</defs>`;
}

function backdrop(view: GarmentView): string {
  const parts = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`];
  if (view === "flat") {
    // faint plank seams of a table top
    for (let y = 160; y < HEIGHT; y += 240) {
      parts.push(`<path d="M0 ${y} H${WIDTH}" stroke="#000" stroke-opacity="0.05" stroke-width="2"/>`);
    }
  } else if (view !== "detail") {
    parts.push(`<path d="M0 860 H${WIDTH}" stroke="#000" stroke-opacity="0.035" stroke-width="2"/>`);
  }
  return parts.join("");
}

function floorShadow(cx: number, cy: number, rx: number, ry: number): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#floor)"/>`;
}

function fill(d: string, p: Palette, paint = "url(#shade)", extra = ""): string {
  return `<path d="${d}" fill="${paint}" stroke="${p.outline}" stroke-width="3" stroke-linejoin="round"${extra}/>`;
}

/** A texture overlay clipped to the same path. */
function texture(d: string, pattern: string): string {
  return `<path d="${d}" fill="url(#${pattern})"/>`;
}

function stitch(d: string, colour: string, width = 2): string {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="7 5" stroke-linecap="round"/>`;
}

function foldLine(d: string, p: Palette, opacity = 0.12, width = 10): string {
  return `<path d="${d}" fill="none" stroke="${p.fold}" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round" filter="url(#soft)"/>`;
}

function highlight(d: string, opacity = 0.14, width = 14): string {
  return `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="${opacity}" stroke-width="${width}" stroke-linecap="round" filter="url(#soft)"/>`;
}

function button(cx: number, cy: number, r: number, p: Palette, paint = p.darker): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${paint}" stroke="${p.outline}" ` +
    `stroke-width="1.5"/><circle cx="${cx - r * 0.3}" cy="${cy - r * 0.3}" r="${r * 0.18}" fill="#fff" ` +
    `fill-opacity="0.35"/><circle cx="${cx + r * 0.3}" cy="${cy + r * 0.3}" r="${r * 0.18}" fill="#000" fill-opacity="0.25"/>`
  );
}

/** A small woven brand label with stripes where lettering would be. */
function wovenLabel(x: number, y: number, w: number, h: number): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="3" fill="#f4efe4" stroke="#b9ad98" ` +
    `stroke-width="1.5"/><rect x="${x + w * 0.18}" y="${y + h * 0.3}" width="${w * 0.64}" ` +
    `height="${h * 0.14}" rx="1" fill="#3b3a36"/><rect x="${x + w * 0.28}" y="${y + h * 0.58}" ` +
    `width="${w * 0.44}" height="${h * 0.08}" rx="1" fill="#8c8576"/>`
  );
}

// ---------------------------------------------------------------------------
// Category shapes. Each draws "front" or "back" in the 800x1000 frame.
// ---------------------------------------------------------------------------

type Side = "front" | "back";

function tshirt(p: Palette, side: Side): string {
  const neck = side === "front" ? "Q400 272 460 210" : "Q400 232 460 210";
  const body = `M340 210 ${neck} L565 236 L685 330 L634 404 L578 368 L582 800 Q400 816 218 800 L222 368 L166 404 L115 330 L235 236 Z`;
  const out = [floorShadow(400, 835, 250, 26), fill(body, p), texture(body, "jersey")];
  if (side === "front") {
    // inside of the back neck with its label
    out.push(
      `<path d="M340 210 Q400 196 460 210 Q400 272 340 210 Z" fill="${p.darker}" stroke="${p.outline}" stroke-width="2"/>`,
    );
    out.push(wovenLabel(384, 210, 32, 18));
  }
  const rib = side === "front" ? "M344 214 Q400 262 456 214" : "M344 214 Q400 228 456 214";
  out.push(`<path d="${rib}" fill="none" stroke="${p.dark}" stroke-width="14" stroke-linecap="round"/>`);
  out.push(stitch(side === "front" ? "M340 224 Q400 282 460 224" : "M338 224 Q400 244 462 224", p.stitch));
  out.push(stitch("M662 364 L615 392", p.stitch), stitch("M138 364 L185 392", p.stitch));
  out.push(stitch("M222 782 Q400 798 580 782", p.stitch));
  out.push(foldLine("M578 380 Q540 420 560 470", p), foldLine("M222 380 Q262 430 240 480", p));
  out.push(foldLine("M300 700 Q360 640 420 720", p, 0.08), highlight("M290 300 Q300 500 280 700", 0.12, 30));
  if (side === "back") out.push(stitch("M240 246 Q400 270 560 246", p.stitch, 1.5));
  return out.join("");
}

function jeans(p: Palette, side: Side): string {
  const body = "M272 170 L528 170 L550 330 L544 900 L418 900 L404 430 L396 430 L382 900 L256 900 L250 330 Z";
  const out = [floorShadow(400, 910, 230, 22), fill(body, p), texture(body, "twill")];
  out.push(
    `<path d="M272 170 L528 170 L532 206 L268 206 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="2.5"/>`,
  );
  out.push(stitch("M271 178 L529 178", DENIM_THREAD, 1.8), stitch("M269 198 L531 198", DENIM_THREAD, 1.8));
  for (const x of [300, 360, 440, 500]) {
    out.push(
      `<rect x="${x - 6}" y="164" width="12" height="50" rx="3" fill="${p.base}" stroke="${p.outline}" stroke-width="1.5"/>`,
    );
  }
  out.push(stitch("M256 880 L382 880", DENIM_THREAD), stitch("M418 880 L544 880", DENIM_THREAD));
  out.push(highlight("M300 260 Q320 500 310 860", 0.16, 36), highlight("M490 260 Q480 500 490 860", 0.1, 30));
  if (side === "front") {
    out.push(
      `<path d="M400 206 L400 360 Q402 376 428 370 L428 206" fill="none" stroke="${DENIM_THREAD}" stroke-width="2" stroke-dasharray="7 5"/>`,
    );
    out.push(
      `<path d="M268 206 Q300 290 350 206" fill="${p.dark}" fill-opacity="0.35" stroke="${p.outline}" stroke-width="2"/>`,
    );
    out.push(
      `<path d="M532 206 Q500 290 450 206" fill="${p.dark}" fill-opacity="0.35" stroke="${p.outline}" stroke-width="2"/>`,
    );
    out.push(
      stitch("M262 212 Q300 306 360 208", DENIM_THREAD, 1.6),
      stitch("M538 212 Q500 306 440 208", DENIM_THREAD, 1.6),
    );
    out.push(
      `<path d="M462 214 L500 214 L502 250 L464 250 Z" fill="none" stroke="${DENIM_THREAD}" stroke-width="1.6" stroke-dasharray="5 4"/>`,
    );
    out.push(`<circle cx="400" cy="188" r="10" fill="url(#metal)" stroke="${HARDWARE.goldDark}" stroke-width="1.5"/>`);
    out.push(
      `<circle cx="272" cy="212" r="4" fill="url(#metal)"/><circle cx="528" cy="212" r="4" fill="url(#metal)"/>`,
    );
    // whiskers: faded creases at the hips
    for (const [x, y] of [
      [340, 340],
      [350, 360],
      [450, 340],
      [440, 360],
    ] as const) {
      const dir = x < 400 ? 1 : -1;
      out.push(highlight(`M${x} ${y} q${dir * 30} 8 ${dir * 50} -4`, 0.3, 5));
    }
  } else {
    out.push(`<path d="M268 206 L400 260 L532 206" fill="none" stroke="${p.outline}" stroke-width="2"/>`);
    out.push(stitch("M268 214 L400 268 L532 214", DENIM_THREAD, 1.6));
    out.push(
      `<path d="M400 260 L400 430" fill="none" stroke="${p.outline}" stroke-width="2"/>`,
      stitch("M406 264 L406 425", DENIM_THREAD, 1.6),
    );
    out.push(
      `<rect x="440" y="176" width="58" height="26" rx="2" fill="#b08a5a" stroke="#7a5b36" stroke-width="1.5"/>`,
    );
    for (const cx of [318, 482]) {
      const pocket = `M${cx - 52} 282 L${cx + 52} 282 L${cx + 46} 390 L${cx} 410 L${cx - 46} 390 Z`;
      out.push(
        `<path d="${pocket}" fill="${p.base}" stroke="${p.outline}" stroke-width="2"/>`,
        texture(pocket, "twill"),
      );
      out.push(stitch(`M${cx - 46} 290 L${cx + 46} 290`, DENIM_THREAD, 1.6));
      out.push(
        stitch(
          `M${cx - 30} 330 Q${cx} 356 ${cx + 30} 330 M${cx - 30} 342 Q${cx} 368 ${cx + 30} 342`,
          DENIM_THREAD,
          1.6,
        ),
      );
    }
  }
  return out.join("");
}

function sweater(p: Palette, side: Side): string {
  const neck = side === "front" ? "Q400 262 462 206" : "Q400 226 462 206";
  const body = `M338 206 ${neck} L572 236 Q622 252 642 310 L702 748 L640 762 L590 420 L590 772 L210 772 L210 420 L160 762 L98 748 L158 310 Q178 252 228 236 Z`;
  const out = [floorShadow(400, 840, 270, 26), fill(body, p), texture(body, "knit")];
  if (side === "front") {
    out.push(
      `<path d="M338 206 Q400 190 462 206 Q400 262 338 206 Z" fill="${p.darker}" stroke="${p.outline}" stroke-width="2"/>`,
    );
    // cable panel down the centre front
    out.push(`<rect x="370" y="262" width="60" height="508" fill="${p.dark}" fill-opacity="0.25"/>`);
    for (let y = 268; y < 760; y += 44) {
      out.push(
        `<path d="M378 ${y} C378 ${y + 22} 422 ${y + 22} 422 ${y + 44} M422 ${y} C422 ${y + 22} 378 ` +
          `${y + 22} 378 ${y + 44}" fill="none" stroke="${p.lighter}" stroke-opacity="0.55" stroke-width="7" stroke-linecap="round"/>`,
      );
    }
  }
  // rib collar, cuffs and hem
  const collar = side === "front" ? "M342 212 Q400 254 458 212" : "M342 212 Q400 234 458 212";
  out.push(`<path d="${collar}" fill="none" stroke="${p.dark}" stroke-width="18" stroke-linecap="round"/>`);
  out.push(
    `<path d="${collar}" fill="none" stroke="${p.light}" stroke-width="16" stroke-dasharray="2 5" stroke-opacity="0.5"/>`,
  );
  const ribs: Array<[string, number, number]> = [
    ["M210 772 L590 772 L590 832 L210 832 Z", 210, 590],
    ["M98 748 L160 762 L154 818 L92 806 Z", 92, 160],
    ["M640 762 L702 748 L708 806 L646 818 Z", 640, 708],
  ];
  ribs.forEach(([d, x0, x1], i) => {
    out.push(fill(d, p, p.dark), `<clipPath id="rib${i}"><path d="${d}"/></clipPath>`);
    const lines: string[] = [];
    for (let x = x0 + 6; x < x1; x += 8) lines.push(`M${x} 740 v100`);
    out.push(
      `<path d="${lines.join(" ")}" stroke="${p.darker}" stroke-opacity="0.45" stroke-width="2.5" clip-path="url(#rib${i})"/>`,
    );
  });
  out.push(foldLine("M590 440 Q560 520 586 600", p), foldLine("M210 440 Q240 520 214 600", p));
  out.push(foldLine("M130 520 Q150 600 140 700", p, 0.1), foldLine("M670 520 Q650 600 660 700", p, 0.1));
  out.push(highlight("M280 300 Q300 520 270 740", 0.12, 36));
  return out.join("");
}

function dress(p: Palette, side: Side): string {
  const neck = side === "front" ? "L400 300 L432 170" : "Q400 218 432 170";
  const body =
    `M332 170 L368 170 ${neck} L468 170 Q470 250 500 330 Q482 400 490 470 Q560 640 616 872 Q560 896 500 ` +
    `880 Q440 904 400 884 Q350 904 300 880 Q240 896 184 872 Q240 640 310 470 Q318 400 300 330 Q330 250 ` +
    `332 170 Z`;
  const out = [floorShadow(400, 905, 260, 24), fill(body, p), texture(body, "weave")];
  // waist seam and skirt pleats
  out.push(`<path d="M310 470 Q400 486 490 470" fill="none" stroke="${p.outline}" stroke-width="2"/>`);
  out.push(stitch("M312 480 Q400 496 488 480", p.stitch, 1.5));
  for (const [x0, x1] of [
    [340, 270],
    [370, 340],
    [400, 400],
    [430, 460],
    [460, 530],
  ] as const) {
    out.push(foldLine(`M${x0} 490 Q${(x0 + x1) / 2} 680 ${x1} 880`, p, 0.16, 12));
  }
  out.push(highlight("M355 500 Q330 700 310 860", 0.2, 18), highlight("M445 500 Q470 700 490 860", 0.12, 14));
  out.push(foldLine("M320 330 Q340 400 330 460", p, 0.1), highlight("M360 250 Q370 330 360 420", 0.12, 20));
  out.push(stitch("M192 860 Q240 880 300 866 Q350 888 400 870 Q440 888 500 866 Q560 880 608 860", p.stitch, 1.5));
  if (side === "front") {
    out.push(
      `<path d="M368 170 L400 300 L432 170" fill="none" stroke="${p.dark}" stroke-width="6" stroke-linejoin="round"/>`,
    );
    // tie belt
    out.push(
      `<path d="M388 478 q-30 20 -34 70 q20 -4 40 -58 Z M412 478 q26 24 26 80 q-22 -10 -34 -70 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="2"/>`,
    );
    out.push(`<ellipse cx="400" cy="478" rx="14" ry="10" fill="${p.base}" stroke="${p.outline}" stroke-width="2"/>`);
  } else {
    out.push(
      `<path d="M400 214 L400 470" stroke="${p.outline}" stroke-width="2.5"/>`,
      stitch("M394 220 L394 466 M406 220 L406 466", p.stitch, 1.2),
    );
    out.push(
      `<rect x="395" y="214" width="10" height="22" rx="3" fill="url(#metal)" stroke="${HARDWARE.goldDark}" stroke-width="1"/>`,
    );
    out.push(`<path d="M368 170 Q400 218 432 170" fill="none" stroke="${p.dark}" stroke-width="6"/>`);
  }
  return out.join("");
}

function jacket(p: Palette, side: Side): string {
  const body =
    "M330 190 Q400 214 470 190 L590 226 Q636 244 654 300 L716 760 L650 776 L604 440 L604 820 L196 820 L196 440 L150 776 L84 760 L146 300 Q164 244 210 226 Z";
  const out = [floorShadow(400, 860, 290, 28), fill(body, p), texture(body, "weave")];
  const lines: string[] = [];
  // shoulder yoke, waistband and cuffs
  lines.push(fill("M196 780 L604 780 L604 820 L196 820 Z", p, p.dark));
  lines.push(
    fill("M84 760 L150 776 L146 812 L80 796 Z", p, p.dark),
    fill("M650 776 L716 760 L720 796 L654 812 Z", p, p.dark),
  );
  lines.push(stitch("M198 790 L602 790", p.stitch, 1.5));
  lines.push(stitch("M210 240 Q300 292 400 288 Q500 292 590 240", p.stitch, 1.6));
  out.push(...lines);
  out.push(foldLine("M604 460 Q576 560 600 660", p), foldLine("M196 460 Q224 560 200 660", p));
  out.push(foldLine("M116 480 Q132 600 118 720", p, 0.1), foldLine("M684 480 Q668 600 682 720", p, 0.1));
  if (side === "front") {
    // collar points
    out.push(
      fill("M330 190 L400 214 L372 290 L318 250 Z", p, p.light),
      fill("M470 190 L400 214 L428 290 L482 250 Z", p, p.light),
    );
    out.push(
      stitch("M336 204 L384 222 L366 272 L328 246", p.stitch, 1.4),
      stitch("M464 204 L416 222 L434 272 L472 246", p.stitch, 1.4),
    );
    // placket with buttons
    out.push(
      `<path d="M400 214 L400 820" stroke="${p.outline}" stroke-width="2.5"/>`,
      stitch("M414 226 L414 778", p.stitch, 1.5),
    );
    for (let y = 330; y <= 730; y += 100) out.push(button(407, y, 9, p, "url(#metal)"));
    // chest flap pockets and lower welts
    for (const x of [258, 476]) {
      out.push(fill(`M${x} 330 L${x + 66} 330 L${x + 66} 424 L${x} 424 Z`, p, p.base));
      out.push(fill(`M${x - 4} 318 L${x + 70} 318 L${x + 70} 352 L${x + 33} 362 L${x - 4} 352 Z`, p, p.light));
      out.push(stitch(`M${x + 2} 326 L${x + 64} 326`, p.stitch, 1.3), button(x + 33, 350, 5, p, "url(#metal)"));
    }
    out.push(
      fill("M236 560 L330 548 L332 566 L238 578 Z", p, p.dark),
      fill("M564 560 L470 548 L468 566 L562 578 Z", p, p.dark),
    );
  } else {
    out.push(fill("M330 190 Q400 214 470 190 L474 172 Q400 196 326 172 Z", p, p.light));
    out.push(
      `<path d="M300 290 L300 780 M500 290 L500 780" stroke="${p.outline}" stroke-opacity="0.7" stroke-width="2"/>`,
    );
    out.push(stitch("M308 296 L308 776 M508 296 L508 776", p.stitch, 1.4));
    out.push(`<path d="M372 780 L372 800 L428 800 L428 780" fill="none" stroke="${p.outline}" stroke-width="2"/>`);
  }
  out.push(highlight("M262 300 Q284 540 252 760", 0.12, 34));
  return out.join("");
}

/** A sneaker in side profile, toe pointing right. */
function sneakerProfile(p: Palette): string {
  const upper =
    "M180 700 C166 620 172 556 204 522 Q256 506 300 534 Q346 556 380 508 L418 472 Q440 462 454 480 L474 520 Q560 580 640 610 Q694 632 694 690 L694 700 Z";
  const sole = "M160 698 L704 698 Q722 700 716 728 Q708 764 662 764 L196 764 Q152 762 152 730 Q152 698 160 698 Z";
  const out = [floorShadow(430, 770, 300, 22), fill(upper, p), texture(upper, "weave")];
  out.push(fill("M560 600 Q640 616 694 670 L694 700 L560 700 Q540 650 560 600 Z", p, p.dark)); // toe cap
  out.push(fill("M180 700 C168 630 174 566 204 522 Q236 516 262 530 Q246 620 266 700 Z", p, p.dark)); // heel counter
  out.push(
    `<path d="M252 640 Q380 560 520 640 Q440 610 330 680 Z" fill="${p.lighter}" stroke="${p.outline}" stroke-width="2"/>`,
  );
  out.push(stitch("M570 612 Q640 628 688 676", p.stitch, 1.4), stitch("M256 532 Q242 620 258 694", p.stitch, 1.4));
  out.push(`<path d="M384 506 Q402 466 432 468 L440 480 Q420 486 398 520 Z" fill="${p.darker}"/>`); // tongue
  for (let i = 0; i < 5; i++) {
    const x = 440 + i * 28;
    const y = 498 + i * 18;
    out.push(`<circle cx="${x}" cy="${y}" r="5" fill="${p.darker}" stroke="${HARDWARE.silver}" stroke-width="1.5"/>`);
    out.push(
      `<path d="M${x - 8} ${y - 12} L${x + 16} ${y + 10}" stroke="${p.outline}" stroke-width="9" ` +
        `stroke-linecap="round"/><path d="M${x - 8} ${y - 12} L${x + 16} ${y + 10}" stroke="#f4f2ec" ` +
        `stroke-width="6" stroke-linecap="round"/>`,
    );
  }
  out.push(`<path d="${sole}" fill="url(#sole)" stroke="#a7a195" stroke-width="3"/>`);
  out.push(
    `<path d="M160 716 L706 716" stroke="${p.base}" stroke-width="5"/>`,
    stitch("M170 708 L700 708", "#9b958a", 1.3),
  );
  out.push(`<path d="M196 764 L662 764" stroke="#8e887d" stroke-width="5"/>`);
  out.push(`<path d="M200 530 L186 500 L214 496 L222 524" fill="${p.darker}" stroke="${p.outline}" stroke-width="2"/>`); // pull tab
  out.push(highlight("M300 560 Q420 560 520 610", 0.2, 12));
  return out.join("");
}

/** A pair of sneakers seen from behind. */
function sneakerRear(p: Palette): string {
  const out = [floorShadow(400, 770, 290, 24)];
  for (const cx of [290, 510]) {
    const upper = `M${cx - 76} 700 Q${cx - 84} 540 ${cx - 64} 460 Q${cx} 430 ${cx + 64} 460 Q${cx + 84} 540 ${cx + 76} 700 Z`;
    out.push(
      `<path d="M${cx - 40} 470 Q${cx} 380 ${cx + 40} 470 Z" fill="${p.darker}" stroke="${p.outline}" stroke-width="2"/>`,
    ); // tongue behind
    out.push(fill(upper, p, "url(#shade)"), texture(upper, "weave"));
    out.push(
      `<ellipse cx="${cx}" cy="466" rx="56" ry="16" fill="${p.darker}" stroke="${p.outline}" stroke-width="2"/>`,
    );
    out.push(
      fill(
        `M${cx - 70} 700 Q${cx - 72} 590 ${cx - 40} 560 L${cx + 40} 560 Q${cx + 72} 590 ${cx + 70} 700 Z`,
        p,
        p.dark,
      ),
    ); // heel counter
    out.push(stitch(`M${cx - 32} 570 L${cx + 32} 570`, p.stitch, 1.4));
    out.push(fill(`M${cx - 12} 452 L${cx + 12} 452 L${cx + 14} 540 L${cx - 14} 540 Z`, p, p.lighter)); // pull tab
    out.push(
      `<path d="M${cx - 92} 696 L${cx + 92} 696 L${cx + 88} 760 Q${cx} 772 ${cx - 88} 760 Z" fill="url(#sole)" stroke="#a7a195" stroke-width="3"/>`,
    );
    out.push(`<path d="M${cx - 90} 716 L${cx + 90} 716" stroke="${p.base}" stroke-width="5"/>`);
  }
  return out.join("");
}

/** A structured top-handle bag. */
function bag(p: Palette, side: Side): string {
  const body = "M210 400 L590 400 L630 800 Q630 830 600 830 L200 830 Q170 830 170 800 Z";
  const out = [floorShadow(400, 850, 270, 24)];
  for (const [x0, x1] of [
    [280, 360],
    [440, 520],
  ] as const) {
    out.push(
      `<path d="M${x0} 404 C${x0 - 6} 220 ${x1 + 6} 220 ${x1} 404" fill="none" stroke="${p.outline}" stroke-width="26" stroke-linecap="round"/>`,
    );
    out.push(
      `<path d="M${x0} 404 C${x0 - 6} 220 ${x1 + 6} 220 ${x1} 404" fill="none" stroke="${p.dark}" stroke-width="20" stroke-linecap="round"/>`,
    );
    out.push(stitch(`M${x0} 398 C${x0 - 6} 226 ${x1 + 6} 226 ${x1} 398`, p.stitch, 1.2));
    out.push(
      `<rect x="${x0 - 14}" y="392" width="28" height="26" rx="6" fill="url(#metal)" stroke="${HARDWARE.goldDark}" stroke-width="1.5"/>`,
    );
    out.push(
      `<rect x="${x1 - 14}" y="392" width="28" height="26" rx="6" fill="url(#metal)" stroke="${HARDWARE.goldDark}" stroke-width="1.5"/>`,
    );
  }
  out.push(fill(body, p, "url(#shade)"), texture(body, "grain"));
  out.push(stitch("M218 414 L582 414 L618 796 Q618 816 598 816 L202 816 Q182 816 182 796 Z", p.stitch, 1.6));
  out.push(foldLine("M230 460 Q220 620 214 790", p, 0.1, 18), highlight("M250 440 Q240 600 236 780", 0.18, 24));
  if (side === "front") {
    const flap = "M210 400 L590 400 L600 520 Q400 600 200 520 Z";
    out.push(fill(flap, p, "url(#shadeV)"), texture(flap, "grain"));
    out.push(stitch("M220 412 L580 412 L588 512 Q400 588 212 512 Z", p.stitch, 1.5));
    out.push(
      `<rect x="370" y="548" width="60" height="42" rx="8" fill="url(#metal)" ` +
        `stroke="${HARDWARE.goldDark}" stroke-width="2"/><rect x="386" y="560" width="28" height="18" rx="4" ` +
        `fill="none" stroke="${HARDWARE.goldDark}" stroke-width="2"/>`,
    );
  } else {
    const pocket = "M240 480 L560 480 L570 720 L230 720 Z";
    out.push(fill(pocket, p, p.base), texture(pocket, "grain"));
    out.push(
      `<path d="M240 480 L560 480" stroke="${p.darker}" stroke-width="6"/>`,
      stitch("M244 494 L556 494 L564 708 L236 708 Z", p.stitch, 1.4),
    );
    out.push(`<ellipse cx="400" cy="484" rx="26" ry="8" fill="${p.darker}"/>`);
  }
  for (const x of [230, 570])
    out.push(`<circle cx="${x}" cy="820" r="7" fill="url(#metal)" stroke="${HARDWARE.goldDark}" stroke-width="1"/>`);
  return out.join("");
}

// ---------------------------------------------------------------------------
// Close-up detail views: fabric fills the frame, with a seam and a trim.
// ---------------------------------------------------------------------------

function detail(category: CategoryId, p: Palette): string {
  const full = `M0 0 H${WIDTH} V${HEIGHT} H0 Z`;
  const out = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>`];
  switch (category) {
    case "t-shirts": {
      out.push(texture(full, "jersey"), texture(full, "jersey"));
      out.push(`<path d="M-20 330 Q400 620 820 330 L820 420 Q400 720 -20 420 Z" fill="${p.dark}"/>`);
      for (let x = -20; x < 840; x += 12) {
        const t = (x + 20) / 840;
        const top = 330 + 580 * t * (1 - t);
        const bottom = 420 + 600 * t * (1 - t);
        out.push(
          `<path d="M${x} ${Math.round(top)} V${Math.round(bottom)}" stroke="${p.darker}" stroke-opacity="0.35" stroke-width="4"/>`,
        );
      }
      out.push(`<path d="M-20 0 H820 V330 Q400 620 -20 330 Z" fill="${p.darker}"/>`);
      out.push(stitch("M-20 446 Q400 746 820 446", p.stitch, 3), stitch("M-20 466 Q400 766 820 466", p.stitch, 3));
      out.push(wovenLabel(320, 330, 160, 90));
      out.push(stitch("M330 336 L330 414 M470 336 L470 414", "#8c8576", 2));
      break;
    }
    case "jeans": {
      out.push(texture(full, "twill"), texture(full, "twill"));
      const pocket = "M120 260 L680 260 L640 860 L400 960 L160 860 Z";
      out.push(
        `<path d="${pocket}" fill="${p.base}" stroke="${p.outline}" stroke-width="3" filter="url(#drop)"/>`,
        texture(pocket, "twill"),
      );
      out.push(
        stitch("M140 290 L660 290 M146 310 L654 310", DENIM_THREAD, 4),
        stitch("M176 840 L400 934 L624 840", DENIM_THREAD, 4),
      );
      out.push(stitch("M230 480 Q400 600 570 480 M230 512 Q400 632 570 512", DENIM_THREAD, 4));
      for (const [x, y] of [
        [150, 280],
        [650, 280],
      ] as const) {
        out.push(
          `<circle cx="${x}" cy="${y}" r="22" fill="url(#metal)" stroke="${HARDWARE.goldDark}" ` +
            `stroke-width="3"/><circle cx="${x}" cy="${y}" r="8" fill="${HARDWARE.goldDark}"/>`,
        );
      }
      out.push(highlight("M200 700 q100 30 180 -10", 0.35, 10), highlight("M420 720 q100 30 180 -10", 0.3, 10));
      break;
    }
    case "sweaters": {
      const big =
        `<pattern id="knitBig" width="54" height="42" patternUnits="userSpaceOnUse"><path d="M3 3 Q12 36 27 ` +
        `39 M51 3 Q42 36 27 39" fill="none" stroke="${p.fold}" stroke-opacity="0.28" stroke-width="5"/><path ` +
        `d="M10 8 Q15 26 23 33 M44 8 Q39 26 31 33" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="4"/></pattern>`;
      out.push(`<defs>${big}</defs>`, `<rect width="${WIDTH}" height="660" fill="url(#knitBig)"/>`);
      out.push(`<rect y="640" width="${WIDTH}" height="360" fill="${p.dark}"/>`);
      for (let x = 0; x < WIDTH; x += 30)
        out.push(`<rect x="${x + 4}" y="650" width="16" height="350" rx="8" fill="${p.base}" fill-opacity="0.55"/>`);
      out.push(
        `<path d="M0 640 H${WIDTH}" stroke="${p.darker}" stroke-width="8"/>`,
        `<path d="M0 640 H${WIDTH}" stroke="${p.fold}" stroke-opacity="0.3" stroke-width="24" filter="url(#soft)"/>`,
      );
      break;
    }
    case "dresses": {
      out.push(texture(full, "weave"));
      for (let i = 0; i < 6; i++) {
        const x = 40 + i * 150;
        out.push(
          foldLine(`M${x} -20 Q${x - 60} 500 ${x + 20} 1020`, p, 0.22, 40),
          highlight(`M${x + 60} -20 Q${x} 500 ${x + 80} 1020`, 0.18, 26),
        );
      }
      out.push(
        `<path d="M400 0 V1000" stroke="${p.outline}" stroke-width="3"/>`,
        stitch("M388 0 V1000 M412 0 V1000", p.stitch, 2),
      );
      out.push(
        `<path d="M386 300 h28 v90 q-14 22 -28 0 Z" fill="url(#metal)" stroke="${HARDWARE.goldDark}" ` +
          `stroke-width="2"/><circle cx="400" cy="372" r="7" fill="${HARDWARE.goldDark}"/>`,
      );
      out.push(button(560, 700, 26, p, p.lighter));
      break;
    }
    case "jackets": {
      out.push(texture(full, "weave"), `<rect x="384" width="32" height="${HEIGHT}" fill="${p.darker}"/>`);
      for (let y = 0; y < HEIGHT; y += 22) {
        out.push(
          `<rect x="${y % 44 === 0 ? 378 : 400}" y="${y}" width="22" height="14" rx="3" fill="url(#metal)" stroke="${HARDWARE.goldDark}" stroke-width="1"/>`,
        );
      }
      out.push(
        `<path d="M382 420 h36 v40 h-8 v120 q-10 16 -20 0 v-120 h-8 Z" fill="url(#metal)" stroke="${HARDWARE.goldDark}" stroke-width="2" filter="url(#drop)"/>`,
      );
      out.push(stitch("M350 0 V1000 M450 0 V1000", p.stitch, 3));
      out.push(
        fill("M480 180 L800 180 L800 400 L640 440 L480 400 Z", p, p.light),
        stitch("M496 200 L800 200 M496 384 L640 420 L800 384", p.stitch, 3),
      );
      out.push(button(640, 380, 24, p, "url(#metal)"));
      break;
    }
    case "shoes": {
      out.push(texture(full, "weave"));
      out.push(
        `<path d="M300 -20 Q260 500 320 1020 L480 1020 Q540 500 500 -20 Z" fill="${p.dark}" stroke="${p.outline}" stroke-width="3"/>`,
      );
      out.push(stitch("M270 -20 Q230 500 290 1020 M530 -20 Q570 500 510 1020", p.stitch, 3));
      for (let y = 120; y < 1000; y += 170) {
        for (const x of [250, 550])
          out.push(
            `<circle cx="${x}" cy="${y}" r="20" fill="${p.darker}" stroke="${HARDWARE.silver}" stroke-width="7"/>`,
          );
        out.push(
          `<path d="M250 ${y} L550 ${y + 170}" stroke="#f1eee6" stroke-width="30" stroke-linecap="round" ` +
            `filter="url(#drop)"/><path d="M550 ${y} L250 ${y + 170}" stroke="#e4e0d6" stroke-width="30" stroke-linecap="round"/>`,
        );
      }
      for (let y = 60; y < 1000; y += 40)
        for (const x of [110, 150, 650, 690])
          out.push(`<circle cx="${x + ((y / 40) % 2) * 20}" cy="${y}" r="5" fill="${p.darker}"/>`);
      break;
    }
    case "accessories": {
      out.push(texture(full, "grain"), texture(full, "grain"));
      out.push(
        `<path d="M-20 560 H820 V1020 H-20 Z" fill="${p.dark}"/>`,
        texture("M-20 560 H820 V1020 H-20 Z", "grain"),
      );
      out.push(
        `<path d="M-20 560 H820" stroke="${p.darker}" stroke-width="10"/>`,
        stitch("M-20 530 H820 M-20 596 H820", p.stitch, 4),
      );
      out.push(
        `<rect x="290" y="300" width="220" height="520" rx="100" fill="none" stroke="url(#metal)" stroke-width="36" filter="url(#drop)"/>`,
      );
      out.push(
        `<rect x="330" y="640" width="140" height="260" rx="14" fill="${p.base}" stroke="${p.outline}" stroke-width="3"/>`,
        stitch("M346 656 H454 V884 H346 Z", p.stitch, 3),
      );
      break;
    }
  }
  out.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#vignette)"/>`);
  return out.join("");
}

// ---------------------------------------------------------------------------
// Flat-lays: the garment seen from above, tilted, casting a crisp drop shadow.
// ---------------------------------------------------------------------------

function shoeTopDown(p: Palette, cx: number, mirror: boolean): string {
  const s = mirror ? -1 : 1;
  const pt = (x: number, y: number) => `${cx + s * x} ${y}`;
  const outline =
    `M${pt(0, 230)} C${pt(80, 230)} ${pt(96, 330)} ${pt(90, 420)} C${pt(86, 560)} ${pt(70, 680)} ` +
    `${pt(60, 760)} C${pt(50, 810)} ${pt(-50, 810)} ${pt(-60, 760)} C${pt(-66, 660)} ${pt(-76, 540)} ` +
    `${pt(-70, 420)} C${pt(-66, 320)} ${pt(-70, 230)} ${pt(0, 230)} Z`;
  const out = [`<path d="${outline}" fill="url(#sole)" stroke="#a7a195" stroke-width="3"/>`];
  const upper =
    `M${pt(0, 244)} C${pt(70, 244)} ${pt(82, 330)} ${pt(78, 420)} C${pt(74, 560)} ${pt(60, 680)} ` +
    `${pt(50, 750)} C${pt(40, 792)} ${pt(-40, 792)} ${pt(-50, 750)} C${pt(-56, 660)} ${pt(-64, 540)} ` +
    `${pt(-58, 420)} C${pt(-56, 330)} ${pt(-60, 244)} ${pt(0, 244)} Z`;
  out.push(fill(upper, p), texture(upper, "weave"));
  out.push(
    `<ellipse cx="${cx + s * 4}" cy="680" rx="38" ry="70" fill="${p.darker}" stroke="${p.outline}" stroke-width="2"/>`,
  ); // collar opening
  out.push(fill(`M${pt(-26, 380)} L${pt(30, 380)} L${pt(34, 620)} L${pt(-30, 620)} Z`, p, p.dark)); // tongue
  for (let i = 0; i < 5; i++) {
    const y = 400 + i * 44;
    const lace = `M${pt(-36, y)} L${pt(38, y + 30)} M${pt(38, y)} L${pt(-36, y + 30)}`;
    out.push(
      `<path d="${lace}" stroke="${p.outline}" stroke-width="9" stroke-linecap="round"/><path d="${lace}" ` +
        `stroke="#f1eee6" stroke-width="6" stroke-linecap="round"/>`,
    );
  }
  out.push(
    stitch(
      `M${pt(0, 262)} C${pt(56, 262)} ${pt(66, 320)} ${pt(64, 380)} M${pt(0, 262)} C${pt(-48, 262)} ${pt(-50, 320)} ${pt(-48, 380)}`,
      p.stitch,
      1.3,
    ),
  );
  return out.join("");
}

function flatLay(category: CategoryId, p: Palette): string {
  let art: string;
  let tilt = -7;
  switch (category) {
    case "shoes":
      art = shoeTopDown(p, 300, false) + shoeTopDown(p, 500, true);
      tilt = 10;
      break;
    case "accessories":
      art =
        `<path d="M300 400 C160 300 230 120 400 150 C570 120 640 300 500 400" fill="none" ` +
        `stroke="${p.outline}" stroke-width="18" stroke-linecap="round"/><path d="M300 400 C160 300 230 120 ` +
        `400 150 C570 120 640 300 500 400" fill="none" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/>` +
        bag(p, "front").replace(/<ellipse cx="400" cy="850"[^>]*\/>/, "");
      tilt = 6;
      break;
    case "t-shirts": {
      // sleeves folded in, hem folded up: the classic retail fold
      const folded =
        `${tshirt(p, "front").replace(/<ellipse cx="400" cy="835"[^>]*\/>/, "")}<path d="M232 640 L568 640 ` +
        `L580 800 Q400 816 220 800 Z" fill="${p.dark}" fill-opacity="0.35"/><path d="M226 640 L574 640" ` +
        `stroke="${p.outline}" stroke-width="2"/>`;
      art = folded;
      break;
    }
    default:
      art = { jeans, sweaters: sweater, dresses: dress, jackets: jacket }
        [category](p, "front")
        .replace(/<ellipse [^>]*fill="url\(#floor\)"\/>/, "");
  }
  const tag =
    `<g transform="translate(640 150) rotate(14)"><path d="M0 0 L0 -60" stroke="#8c8576" ` +
    `stroke-width="2"/><rect x="-34" y="0" width="68" height="110" rx="6" fill="#fbf8f1" ` +
    `stroke="#c7bda9" stroke-width="2"/><circle cx="0" cy="14" r="5" fill="#d9cdb9"/><rect x="-20" ` +
    `y="40" width="40" height="6" fill="#3b3a36"/><rect x="-20" y="56" width="28" height="5" fill="#a39b8a"/></g>`;
  return `<g transform="translate(400 520) rotate(${tilt}) scale(0.84) translate(-400 -520)" filter="url(#drop)">${art}</g>${tag}`;
}

// ---------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------

function garment(category: CategoryId, side: Side, p: Palette): string {
  switch (category) {
    case "t-shirts":
      return tshirt(p, side);
    case "jeans":
      return jeans(p, side);
    case "sweaters":
      return sweater(p, side);
    case "dresses":
      return dress(p, side);
    case "jackets":
      return jacket(p, side);
    case "shoes":
      return side === "front" ? sneakerProfile(p) : sneakerRear(p);
    case "accessories":
      return bag(p, side);
  }
}

export function renderGarmentSvg(opts: GarmentSvgOptions): string {
  const { category, view, colour } = opts;
  if (typeof colour !== "string" || !HEX_COLOUR.test(colour)) {
    throw new Error(`Invalid colour "${String(colour)}": expected #rrggbb`);
  }
  if (!isGarmentView(view)) throw new Error(`Invalid view "${String(view)}"`);
  const p = makePalette(colour.toLowerCase());
  let content: string;
  if (view === "detail") content = detail(category, p);
  else if (view === "flat") content = backdrop(view) + flatLay(category, p);
  else content = backdrop(view) + garment(category, view, p);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${defs(p, view)}${content}</svg>`;
}
