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

type Column = (typeof COLUMNS)[number];

/** One attribute of an item as XML lines ("" when absent). */
function xmlField(column: Column, item: FeedItem): string {
  const value = item[column];
  if (value === undefined) return "";
  if (column === "shipping")
    return item.shipping
      .map(
        (s) =>
          `<g:shipping><g:country>${escapeXml(s.country)}</g:country>` +
          `<g:service>${escapeXml(s.service)}</g:service><g:price>${escapeXml(s.price)}</g:price></g:shipping>\n`,
      )
      .join("");
  if (Array.isArray(value))
    return (value as string[]).map((v) => `<g:${column}>${escapeXml(v)}</g:${column}>\n`).join("");
  return `<g:${column}>${escapeXml(String(value))}</g:${column}>\n`;
}

function xmlItem(item: FeedItem, field = xmlField): string {
  let text = "<item>\n";
  for (const column of COLUMNS) text += field(column, item);
  return text + "</item>\n";
}

/** A TSV field: no tabs or line breaks; in list fields, no commas or colons inside a value either. */
const tsvText = (text: string) => text.replace(/[\t\r\n]+/g, " ");
const tsvListValue = (text: string) => tsvText(text).replace(/[,:]/g, " ");

function tsvField(column: Column, item: FeedItem): string {
  if (column === "shipping")
    return item.shipping
      .map((s) => `${tsvListValue(s.country)}::${tsvListValue(s.service)}:${tsvText(s.price)}`)
      .join(",");
  const value = item[column];
  if (value === undefined) return "";
  // URLs are percent-encoded, so they hold no comma to split on.
  if (Array.isArray(value)) return value.map(tsvText).join(",");
  return tsvText(String(value));
}

function tsvItem(item: FeedItem, field = tsvField): string {
  let text = field(COLUMNS[0], item);
  for (let i = 1; i < COLUMNS.length; i++) text += "\t" + field(COLUMNS[i], item);
  return text + "\n";
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

/** Attributes that differ between the variants of one product; the others are written once per value. */
const PER_VARIANT = new Set<Column>(["id", "title"]);

/**
 * The items of one product, written as feedItem() writes each of them. Most attributes are the same
 * value for every variant (the description, prices, shipping) or every variant of a colour (link,
 * pictures): each distinct value is escaped and written once per product, not once per variant,
 * which is most of a 100,000-product feed's build time.
 */
export function feedProductItems(format: FeedFormat, items: readonly FeedItem[]): string {
  const written = new Map<Column, Map<unknown, string>>();
  const base = format === "xml" ? xmlField : tsvField;
  const field = (column: Column, item: FeedItem) => {
    if (PER_VARIANT.has(column)) return base(column, item);
    let values = written.get(column);
    if (!values) written.set(column, (values = new Map()));
    // Keyed by the value itself: a list (pictures, shipping) is the same array for the items sharing it.
    const value = item[column];
    let text = values.get(value);
    if (text === undefined) values.set(value, (text = base(column, item)));
    return text;
  };
  let text = "";
  for (const item of items) text += format === "xml" ? xmlItem(item, field) : tsvItem(item, field);
  return text;
}

export function feedTail(format: FeedFormat): string {
  return format === "xml" ? "</channel>\n</rss>\n" : "";
}
