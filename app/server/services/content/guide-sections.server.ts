import { CARE_MATERIALS } from "~/server/services/content/care-guide-data";
import { CATEGORIES } from "~/lib/categories";
import { SIZE_GUIDE, type SizeGuideTable } from "~/server/services/content/size-guide-data";
import { escapeMarkdown as text } from "./placeholders.server";

// The size and care guides' tables stay structured data beside this file: the size tables are keyed
// by the size labels the shop sells (a unit test checks each category covers exactly its sizes),
// and each material's id is its anchor on /care-guide. Written as
// Markdown tables by hand they would drift from both. Here they become Markdown sections, so
// the guides render, anchor and list in their table of contents like every other info page.

function table(t: SizeGuideTable): string {
  const row = (cells: readonly string[]) => `| ${cells.map(text).join(" | ")} |`;
  return [
    `Table: ${text(t.caption)}`,
    "",
    row([t.sizeHeader, ...t.columns]),
    `|${" --- |".repeat(t.columns.length + 1)}`,
    ...t.rows.map((r) => row([r.size, ...r.values])),
  ].join("\n");
}

/** One section per category: its intro, measurement tables, fit notes and a link to the category. */
export function sizeGuideSections(): string {
  return CATEGORIES.map((category) => {
    const guide = SIZE_GUIDE[category.id];
    return [
      `## ${text(category.name)} {#${category.slug}}`,
      text(guide.intro),
      ...guide.tables.map(table),
      "### Fit notes",
      guide.fitNotes.map((note) => `- ${text(note)}`).join("\n"),
      `[Shop ${text(category.name.toLowerCase())}](/products?category=${category.slug})`,
    ].join("\n\n");
  }).join("\n\n");
}

const ASPECTS = [
  ["washing", "Washing"],
  ["drying", "Drying"],
  ["ironing", "Ironing"],
  ["storage", "Storage"],
] as const;

/** One section per material: what it is, then washing, drying, ironing and storage advice. */
export function careGuideSections(): string {
  return CARE_MATERIALS.map((material) =>
    [
      `## ${text(material.name)} {#${material.id}}`,
      text(material.summary),
      ...ASPECTS.map(([key, label]) => `### ${label}\n\n${material[key].map((line) => `- ${text(line)}`).join("\n")}`),
    ].join("\n\n"),
  ).join("\n\n");
}
