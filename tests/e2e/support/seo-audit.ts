import type { Page } from "@playwright/test";

// What Lighthouse's SEO audits look at, checked on the page as loaded (no Lighthouse in the suite):
// a title, a meta description, a valid canonical URL, crawlable links with descriptive text,
// alternative text on images, valid hreflang, and noindex exactly where a page must not be indexed.

/** Link texts Lighthouse's link-text audit calls non-descriptive (English). */
const VAGUE_LINK_TEXTS = new Set([
  "click here",
  "click this",
  "go",
  "here",
  "information",
  "learn more",
  "more",
  "more info",
  "more information",
  "right here",
  "read more",
  "see more",
  "start",
  "this",
]);

interface PageFacts {
  lang: string;
  titles: string[];
  descriptions: string[];
  viewport: boolean;
  robots: string[];
  canonicals: string[];
  hreflangs: string[];
  images: string[];
  links: Array<{
    rawHref: string | null;
    href: string;
    text: string;
    role: string;
    name: string;
    id: string;
    rel: string;
    current: string;
  }>;
}

/** Problems a search engine (or Lighthouse) would find on the loaded page. `indexed`: whether it may be indexed. */
export async function seoProblems(page: Page, indexed: boolean, sitemap: string): Promise<string[]> {
  const facts: PageFacts = await page.evaluate(() => {
    const all = (selector: string) => [...document.querySelectorAll(selector)];
    return {
      lang: document.documentElement.lang,
      titles: all("head title").map((t) => t.textContent ?? ""),
      descriptions: all('meta[name="description"]').map((m) => m.getAttribute("content") ?? ""),
      viewport: document.querySelector('meta[name="viewport"]') !== null,
      robots: all('meta[name="robots"]').map((m) => m.getAttribute("content") ?? ""),
      canonicals: all('link[rel="canonical"]').map((l) => l.getAttribute("href") ?? ""),
      hreflangs: all("link[hreflang]").map((l) => l.getAttribute("hreflang") ?? ""),
      images: all("img:not([alt])").map((i) => i.getAttribute("src") ?? "?"),
      links: all("a").map((a) => ({
        rawHref: a.getAttribute("href"),
        href: (a as HTMLAnchorElement).href,
        text: (a as HTMLElement).innerText ?? a.textContent ?? "",
        role: a.getAttribute("role") ?? "",
        name: a.getAttribute("name") ?? "",
        id: a.id,
        rel: a.getAttribute("rel") ?? "",
        current: a.getAttribute("aria-current") ?? "",
      })),
    };
  });
  const here = new URL(page.url());
  const problems: string[] = [];
  if (!facts.lang) problems.push("<html> has no lang");
  if (!facts.viewport) problems.push("no viewport meta tag");
  if (facts.titles.length !== 1 || !facts.titles[0].trim())
    problems.push(`needs one non-empty <title> (has ${JSON.stringify(facts.titles)})`);
  if (facts.descriptions.length !== 1 || facts.descriptions[0].trim().length < 10)
    problems.push(`needs one meta description (has ${JSON.stringify(facts.descriptions)})`);

  const noindex = facts.robots.some((r) => /\bnoindex\b/i.test(r));
  if (indexed && noindex) problems.push("says noindex but should be indexed");
  if (!indexed && !noindex) problems.push("must not be indexed but has no noindex robots meta tag");
  const listed = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&#38;|&amp;/g, "&"));
  if (!indexed && listed.includes(here.origin + here.pathname + here.search))
    problems.push("must not be indexed but the sitemap lists it");
  if (indexed && !facts.canonicals.some((c) => listed.includes(c)))
    problems.push(
      `should be indexed but the sitemap lists no canonical URL of it (${facts.canonicals.join(", ") || "none"})`,
    );

  if (facts.canonicals.length > 1) problems.push(`${facts.canonicals.length} canonical links`);
  for (const canonical of facts.canonicals) {
    let url: URL | null = null;
    try {
      url = new URL(canonical);
    } catch {
      problems.push(`canonical "${canonical}" is not an absolute URL`);
    }
    if (url && url.origin !== here.origin) problems.push(`canonical ${canonical} points to another origin`);
    if (url && url.pathname === "/" && here.pathname !== "/")
      problems.push(`canonical ${canonical} points to the home page`);
  }
  for (const lang of facts.hreflangs)
    if (!/^([a-z]{2,3}(-[A-Za-z0-9]{2,8})*|x-default)$/.test(lang)) problems.push(`invalid hreflang "${lang}"`);
  for (const src of facts.images) problems.push(`image without alt: ${src}`);

  for (const link of facts.links) {
    const raw = (link.rawHref ?? "").replace(/\s/g, "");
    const label = `link "${link.text.trim().slice(0, 40)}" (href=${link.rawHref === null ? "none" : JSON.stringify(link.rawHref)})`;
    // As Lighthouse: links with a role, mailto: links, named anchors and the current page's placeholder are not links to crawl.
    if (
      link.role ||
      raw.startsWith("mailto:") ||
      link.name.trim() ||
      (link.rawHref === null && (link.id || ["page", "location"].includes(link.current)))
    )
      continue;
    if (link.rawHref === null || raw === "" || raw === "#" || /^javascript:/i.test(raw)) {
      problems.push(`${label} is not crawlable`);
      continue;
    }
    const target = new URL(link.href);
    const samePage =
      target.origin === here.origin && target.pathname === here.pathname && target.search === here.search;
    if (!samePage && !link.rel.includes("nofollow") && VAGUE_LINK_TEXTS.has(link.text.trim().toLowerCase()))
      problems.push(`${label} has non-descriptive text`);
  }
  return problems;
}
