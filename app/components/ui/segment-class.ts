// One look for a row of links where one is the current choice (tabs, periods, pages).
const BASE = "rounded-md border px-3 py-1.5";
const CURRENT = "border-stone-900 bg-stone-900 text-white";
const OTHER = "border-stone-300 hover:bg-stone-50";

export function segmentClass(current: boolean, extra = ""): string {
  return [BASE, current ? CURRENT : OTHER, extra].filter(Boolean).join(" ");
}
