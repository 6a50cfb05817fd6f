import fs from "node:fs";
import path from "node:path";
import { renderContent, type TocEntry } from "./content-markdown.server";
import { careGuideSections, sizeGuideSections } from "./guide-sections.server";
import {
  ContentError,
  escapeMarkdown,
  fillPlaceholders,
  fillPlainText,
  type PlaceholderValue,
} from "./placeholders.server";
import type { AppContext } from "~/server/context.server";
import { formatMoneyInText, BASE_CURRENCY } from "~/domain/money";
import { worldCountry } from "~/lib/world-countries";
import type { DeliveryMethod, ShippingZone } from "~/domain/shipping-zone";
import { policyFigures, shopPolicies, type ShopPolicies } from "../policies/shop-policies.server";

// The seven info pages are Markdown files in content/ (at the root of the project, beside build/:
// the server runs from there). Each starts with a few `key: value` lines between `---` lines
// (title and description for <head>, heading, eyebrow, updated); the text before the first
// "## " heading is the lead under the page heading. The files are static: read once per process
// (outside development).

export const INFO_SLUGS = ["about", "terms", "privacy", "returns", "shipping", "care-guide", "size-guide"] as const;
export type InfoSlug = (typeof INFO_SLUGS)[number];

export interface InfoPageContent {
  title: string;
  description: string;
  heading: string;
  eyebrow: string;
  updated: string | null;
  leadHtml: string;
  bodyHtml: string;
  toc: TocEntry[];
}

interface SourceFile {
  front: Record<string, string>;
  lead: string;
  body: string;
}

const CONTENT_DIR = path.resolve("content");
const FRONT_KEYS = ["title", "description", "heading", "eyebrow", "updated"];
const files = new Map<InfoSlug, SourceFile>();

function parse(slug: InfoSlug, raw: string): SourceFile {
  const file = `content/${slug}.md`;
  const match = /^---\n([\s\S]*?)\n---\n/.exec(raw.replace(/\r\n/g, "\n"));
  if (!match) throw new ContentError(`${file}: starts with a --- block (title, description, heading, eyebrow)`);
  const front: Record<string, string> = {};
  for (const line of match[1].split("\n")) {
    const pair = /^([a-z]+):\s*(.*)$/.exec(line);
    if (!pair || !FRONT_KEYS.includes(pair[1]))
      throw new ContentError(`${file}: unknown line in the --- block: ${line}`);
    front[pair[1]] = pair[2].trim();
  }
  for (const key of ["title", "description", "heading", "eyebrow"]) {
    if (!front[key]) throw new ContentError(`${file}: the --- block needs ${key}`);
  }
  const text = raw.replace(/\r\n/g, "\n").slice(match[0].length);
  const firstSection = text.search(/^## /m);
  return {
    front,
    lead: firstSection < 0 ? text : text.slice(0, firstSection),
    body: firstSection < 0 ? "" : text.slice(firstSection),
  };
}

function source(slug: InfoSlug): SourceFile {
  let file = files.get(slug);
  if (!file) {
    file = parse(slug, fs.readFileSync(path.join(CONTENT_DIR, `${slug}.md`), "utf8"));
    files.set(slug, file);
  }
  return file;
}

/** A country's name as running text says it ("the United Kingdom", "the Netherlands"). */
const inSentence = (name: string) => (/^(United |Netherlands$)/.test(name) ? `the ${name}` : name);

// The zones' prices are in the shop's base currency (the shipping page states them so).
const money = (minor: number) => formatMoneyInText(minor, BASE_CURRENCY);
const grams = (g: number) => (g >= 1000 ? `${(g / 1000).toLocaleString("en-GB")} kg` : `${g} g`);

/** A method's price as the shipping page states it: one price, or its bands ("€9 up to €49.99; €6 from €50"). */
function priceText(method: DeliveryMethod): string {
  const unit = method.basis === "weight" ? grams : money;
  const bands = method.bands;
  if (bands.length === 1) return money(bands[0].priceMinor);
  return bands
    .map((band, i) =>
      i === bands.length - 1
        ? `${money(band.priceMinor)} from ${unit(band.from)}`
        : `${money(band.priceMinor)} ${i === 0 ? "up to" : `from ${unit(band.from)} to`} ${unit(bands[i + 1].from - 1)}`,
    )
    .join("; ");
}

const cell = (text: string) => escapeMarkdown(text);

/** The delivery options of every zone, as tables (one per zone when there are several). */
export function deliveryOptionsMarkdown(zones: readonly ShippingZone[]): string {
  const list = new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" });
  return zones
    .map((zone) => {
      const names = zone.countries.map((c) => inSentence(worldCountry(c).name)).sort();
      const head =
        zones.length > 1
          ? `### ${cell(zone.name)}\n\nDelivery to ${cell(list.format(names))}.\n\n`
          : "The same prices apply to every country we deliver to.\n\n";
      const rows = zone.methods.map(
        (m) =>
          `| ${cell(m.name)} | ${cell(m.estimate ? `${m.estimate}, tracked` : "Tracked")} | ${cell(priceText(m))} | ${
            m.freeFromMinor === null ? "—" : cell(`On orders of ${money(m.freeFromMinor)} or more`)
          } |`,
      );
      return (
        head +
        `Table: Delivery options${zones.length > 1 ? ` to ${cell(zone.name)}` : ""}, delivery times and prices\n\n` +
        "| Service | Delivery time | Price | Free delivery |\n| --- | --- | --- | --- |\n" +
        rows.join("\n")
      );
    })
    .join("\n\n");
}

/** Everything a page may say about the shop's rules, by placeholder name. */
export function placeholderValues(policies: ShopPolicies): Record<string, PlaceholderValue> {
  const list = new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" });
  const eu = policies.countries.filter((c) => c.eu).map((c) => inSentence(c.name));
  const nonEu = policies.countries.filter((c) => !c.eu).map((c) => inSentence(c.name));
  return {
    ...policyFigures(policies),
    standardEstimate: policies.shipping.standardEstimate,
    expressEstimate: policies.shipping.expressEstimate,
    deliveryOptions: { markdown: deliveryOptionsMarkdown(policies.zones) },
    shopName: policies.shopName,
    supportEmail: policies.supportEmail,
    euCountryCount: String(eu.length),
    euCountries: list.format(eu),
    nonEuCountries: list.format(nonEu),
    sizeGuideSections: { markdown: sizeGuideSections() },
    careGuideSections: { markdown: careGuideSections() },
  };
}

/** A page's copy with the shop's configured figures filled in, rendered to safe HTML. */
export function infoPage(
  slug: InfoSlug,
  policies: ShopPolicies,
  flags: Readonly<Record<string, boolean>> = {},
): InfoPageContent {
  const file = source(slug);
  const name = `content/${slug}.md`;
  const values = placeholderValues(policies);
  const body = renderContent(fillPlaceholders(file.body, values, flags, name));
  return {
    title: fillPlainText(file.front.title, values, name),
    description: fillPlainText(file.front.description, values, name),
    heading: fillPlainText(file.front.heading, values, name),
    eyebrow: fillPlainText(file.front.eyebrow, values, name),
    updated: file.front.updated ?? null,
    leadHtml: renderContent(fillPlaceholders(file.lead, values, flags, name)).html,
    bodyHtml: body.html,
    toc: body.toc,
  };
}

const rendered = new Map<InfoSlug, { zones: string; page: InfoPageContent }>();

/**
 * What an info page's loader returns: its content under this shop's configuration and its current
 * shipping zones (read on every request, on any instance: an edited zone shows on the next one).
 * A page is rendered again only when the zones changed (every time in development, where an
 * edited content/ file shows on the next request).
 */
export async function loadInfoPage(
  { config, shipping }: Pick<AppContext, "config" | "shipping">,
  slug: InfoSlug,
): Promise<InfoPageContent> {
  const zones = await shipping.zones();
  const key = JSON.stringify(zones);
  const cached = config.env === "development" ? undefined : rendered.get(slug);
  if (cached && cached.zones === key) return cached.page;
  if (config.env === "development") files.delete(slug);
  // Analytics runs only where the shop configured it (FIREBASE_MEASUREMENT_ID); the privacy policy says which.
  const page = infoPage(slug, shopPolicies(config, zones), { analytics: Boolean(config.analytics) });
  rendered.set(slug, { zones: key, page });
  return page;
}
