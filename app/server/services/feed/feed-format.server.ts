import type { FeedItem } from "./feed-items.server";

// How feed items are written: Google's RSS 2.0 XML (attributes in the g: namespace) and its
// tab-separated text (a header row, multiple values comma-separated, shipping as
// country:region:service:price). Each format is a head, one piece per item, and a tail, so the
// feed can be written a batch at a time.

export type FeedFormat = "xml" | "tsv";

export const FEED_CONTENT_TYPES: Record<FeedFormat, string> = {
  xml: "application/xml; charset=utf-8",
  tsv: "text/tab-separated-values; charset=utf-8",
};

export interface FeedHead {
  title: string;
  link: string;
  description: string;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Attributes in the order both formats write them; multi-valued ones repeat (XML) or join (TSV). */
const COLUMNS = [
  "id",
  "item_group_id",
  "title",
  "description",
  "link",
  "image_link",
  "additional_image_link",
  "availability",
  "price",
  "sale_price",
  "brand",
  "condition",
  "identifier_exists",
  "size",
  "color",
  "material",
  "product_type",
  "shipping",
] as const satisfies readonly (keyof FeedItem)[];

function xmlItem(item: FeedItem): string {
  const lines = ["<item>"];
  for (const column of COLUMNS) {
    const value = item[column];
    if (value === undefined) continue;
    if (column === "shipping") {
      for (const s of item.shipping)
        lines.push(
          `<g:shipping><g:country>${escapeXml(s.country)}</g:country>` +
            `<g:service>${escapeXml(s.service)}</g:service><g:price>${escapeXml(s.price)}</g:price></g:shipping>`,
        );
    } else if (Array.isArray(value)) {
      for (const v of value as string[]) lines.push(`<g:${column}>${escapeXml(v)}</g:${column}>`);
    } else {
      lines.push(`<g:${column}>${escapeXml(String(value))}</g:${column}>`);
    }
  }
  lines.push("</item>");
  return lines.join("\n") + "\n";
}

/** A TSV field: no tabs or line breaks; in list fields, no commas or colons inside a value either. */
const tsvText = (text: string) => text.replace(/[\t\r\n]+/g, " ");
const tsvListValue = (text: string) => tsvText(text).replace(/[,:]/g, " ");

function tsvItem(item: FeedItem): string {
  return (
    COLUMNS.map((column) => {
      if (column === "shipping")
        return item.shipping
          .map((s) => `${tsvListValue(s.country)}::${tsvListValue(s.service)}:${tsvText(s.price)}`)
          .join(",");
      const value = item[column];
      if (value === undefined) return "";
      // URLs are percent-encoded, so they hold no comma to split on.
      if (Array.isArray(value)) return value.map(tsvText).join(",");
      return tsvText(String(value));
    }).join("\t") + "\n"
  );
}

export function feedHead(format: FeedFormat, head: FeedHead): string {
  if (format === "tsv") return COLUMNS.join("\t") + "\n";
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    `<title>${escapeXml(head.title)}</title>`,
    `<link>${escapeXml(head.link)}</link>`,
    `<description>${escapeXml(head.description)}</description>`,
    "",
  ].join("\n");
}

export function feedItem(format: FeedFormat, item: FeedItem): string {
  return format === "xml" ? xmlItem(item) : tsvItem(item);
}

export function feedTail(format: FeedFormat): string {
  return format === "xml" ? "</channel>\n</rss>\n" : "";
}
