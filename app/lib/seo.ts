import type { MetaDescriptor } from "@remix-run/react";
import { errorDetails } from "./error-details";

/** What the root loader shares with every page's meta function. */
export interface RootSeoData {
  origin: string;
  shopName: string;
}

interface SeoArgs {
  /** Set when a route's error boundary renders the page instead of the route. */
  error?: unknown;
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>;
  location: { pathname: string; search?: string };
}

interface SeoFields {
  title: string;
  description: string;
  /** Canonical path; defaults to the current path without its query. */
  path?: string;
  image?: string;
  type?: "website" | "product" | "article";
  noindex?: boolean;
}

function rootData(args: SeoArgs): RootSeoData {
  const root = args.matches.find((m) => m?.id === "root")?.data as Partial<RootSeoData> | undefined;
  return { origin: root?.origin ?? "", shopName: root?.shopName ?? "Hemline" };
}

/**
 * Title, description, canonical URL and Open Graph tags for a page.
 * Every route's meta export goes through here so no page forgets one of them.
 */
export function seo(args: SeoArgs, fields: SeoFields): MetaDescriptor[] {
  if (args.error) return errorMeta(args);
  const { origin, shopName } = rootData(args);
  const title = fields.title === shopName ? shopName : `${fields.title} | ${shopName}`;
  const canonical = `${origin}${fields.path ?? args.location.pathname}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: fields.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: shopName },
    { property: "og:title", content: fields.title },
    { property: "og:description", content: fields.description },
    { property: "og:type", content: fields.type ?? "website" },
    { property: "og:url", content: canonical },
    { name: "twitter:card", content: fields.image ? "summary_large_image" : "summary" },
  ];
  if (fields.image) tags.push({ property: "og:image", content: `${origin}${fields.image}` });
  if (fields.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** An error page's title and description, never indexed, whichever route's boundary drew it. */
export function errorMeta(args: SeoArgs): MetaDescriptor[] {
  const details = errorDetails(args.error);
  const { shopName } = rootData(args);
  return [
    { title: `${details.title} | ${shopName}` },
    { name: "description", content: details.message },
    { name: "robots", content: "noindex" },
  ];
}
