import { describe, expect, it } from "vitest";
import { CARE_MATERIALS } from "~/server/services/content/care-guide-data";
import { CATEGORIES } from "~/lib/categories";
import { parseConfig } from "~/server/config.server";
import { renderContent } from "~/server/services/content/content-markdown.server";
import { INFO_SLUGS, infoPage } from "~/server/services/content/info-pages.server";
import { ContentError, fillPlaceholders } from "~/server/services/content/placeholders.server";
import { shopPolicies } from "~/server/services/policies/shop-policies.server";

const render = (markdown: string, values: Record<string, string> = {}, flags: Record<string, boolean> = {}) =>
  renderContent(fillPlaceholders(markdown, values, flags, "test.md"));

describe("placeholders", () => {
  it("fills a value in as plain text, whatever it holds", () => {
    const { html } = render("Write to {{email}}.", {
      email: "<script>alert(1)</script> *bold* [x](javascript:alert(1)) {{email}}",
    });
    expect(html).toBe(
      "<p>Write to &lt;script&gt;alert(1)&lt;/script&gt; *bold* [x](javascript:alert(1)) {{email}}.</p>\n",
    );
  });

  it("makes a link of a value only where the copy asks for one", () => {
    const { html } = render("[{{email}}](mailto:{{email}})", { email: "care@shop.example" });
    expect(html).toBe('<p><a href="mailto:care@shop.example">care@shop.example</a></p>\n');
  });

  it("fails loudly on a placeholder the page was not given", () => {
    expect(() =>
      fillPlaceholders("Free from {{freeShipingFrom}}", { freeShippingFrom: "€75" }, {}, "shipping.md"),
    ).toThrow(ContentError);
    expect(() => fillPlaceholders("Free from {{freeShipingFrom}}", {}, {}, "shipping.md")).toThrow(
      "shipping.md: unknown placeholder {{freeShipingFrom}}",
    );
  });

  it("keeps or drops whole lines by flag, so a table row can be conditional", () => {
    const table =
      "Table: T\n\n| A | B |\n| --- | --- |\n| one | 1 |\n{{#extra}}\n| two | 2 |\n{{/extra}}\n{{^extra}}\n| three | 3 |\n{{/extra}}\n";
    expect(render(table, {}, { extra: true }).html).toMatch(/one[\s\S]*two/);
    expect(render(table, {}, { extra: true }).html).not.toContain("three");
    const off = render(table, {}, { extra: false }).html;
    expect(off).toMatch(/one[\s\S]*three/);
    expect(off).not.toContain("two");
  });

  it("fails loudly on an unknown flag or an unclosed section", () => {
    expect(() => fillPlaceholders("{{#analytcs}}\nx\n{{/analytcs}}", {}, { analytics: true })).toThrow("unknown flag");
    expect(() => fillPlaceholders("{{#analytics}}\nx", {}, { analytics: true })).toThrow("never closed");
  });
});

describe("content rendering", () => {
  it("gives every heading an id: the one written, or one from its text, unique on the page", () => {
    const { html } = render("## Contact us {#contact}\n\n### Washing\n\n### Washing\n\n## Contents\n\n## Fish & chips");
    expect(html).toContain('<h2 id="contact">Contact us</h2>');
    expect(html).toContain('<h3 id="washing">Washing</h3>');
    expect(html).toContain('<h3 id="washing-2">Washing</h3>');
    // "contents" is the table of contents' own id.
    expect(html).toContain('<h2 id="contents-2">Contents</h2>');
    expect(html).toContain('<h2 id="fish-and-chips">Fish &amp; chips</h2>');
  });

  it("lists the h2s, in order, as the table of contents, each in a section it labels", () => {
    const { html, toc } = render("Lead.\n\n## One {#one}\n\nText.\n\n### Sub\n\n## Two & three\n\nMore.");
    expect(toc).toEqual([
      { id: "one", label: "One" },
      { id: "two-and-three", label: "Two & three" },
    ]);
    expect(html).toMatch(
      /<section aria-labelledby="one">\n<h2 id="one">One<\/h2>[\s\S]*<\/section>\n<section aria-labelledby="two-and-three">[\s\S]*<\/section>\n$/,
    );
  });

  it("captions a table from the 'Table:' line above it, with column and row headers", () => {
    const { html } = render("Table: Delivery prices\n\n| Service | Price |\n| --- | --- |\n| Standard | €4.95 |");
    expect(html).toContain('<div role="region" aria-labelledby="table-1" tabindex="0" class="content-table">');
    expect(html).toContain('<caption id="table-1">Delivery prices</caption>');
    expect(html).toContain('<th scope="col">Service</th>');
    expect(html).toContain('<th scope="row">Standard</th>\n<td>€4.95</td>');
  });

  it("refuses a table without a caption and a heading without text", () => {
    expect(() => render("| A | B |\n| --- | --- |\n| 1 | 2 |")).toThrow("caption");
    expect(() => render("## {#empty}")).toThrow("heading needs text");
  });

  it("escapes raw HTML and refuses script links, as for blog posts", () => {
    const { html } = render('<img src=x onerror="alert(1)">\n\n[click](javascript:alert(1))');
    expect(html).not.toContain("<img");
    expect(html).not.toContain('href="javascript:');
  });

  it("makes a block quote a callout", () => {
    expect(render("> **Note**\n>\n> Text.").html).toBe(
      '<aside class="content-callout">\n<p><strong>Note</strong></p>\n<p>Text.</p>\n</aside>\n',
    );
  });
});

describe("the seven info pages", () => {
  const policies = shopPolicies(parseConfig({}));
  const pages = INFO_SLUGS.map((slug) => ({ slug, page: infoPage(slug, policies, { analytics: false }) }));

  it("render with every placeholder filled, unique ids and a table of contents of their h2s", () => {
    for (const { slug, page } of pages) {
      const html = page.leadHtml + page.bodyHtml;
      expect(html, slug).not.toContain("{{");
      const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, slug).toBe(ids.length);
      expect(ids, slug).not.toContain("contents");
      expect(page.toc.length, slug).toBeGreaterThan(2);
      for (const entry of page.toc) expect(html, slug).toContain(`<h2 id="${entry.id}">`);
      expect(page.title, slug).toBeTruthy();
      expect(page.description, slug).not.toContain("{{");
    }
  });

  it("keep the anchors other pages link to", () => {
    const ids = (slug: string) => {
      const page = pages.find((p) => p.slug === slug)!.page;
      return [...page.bodyHtml.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    };
    expect(ids("about")).toContain("contact");
    expect(ids("terms")).toContain("withdrawal");
    expect(ids("returns")).toContain("faulty");
    expect(ids("care-guide")).toEqual(expect.arrayContaining(CARE_MATERIALS.map((m) => m.id)));
    expect(ids("size-guide")).toEqual(expect.arrayContaining(CATEGORIES.map((c) => c.slug)));
  });

  it("keep their titles", () => {
    expect(Object.fromEntries(pages.map(({ slug, page }) => [slug, page.title]))).toEqual({
      about: "About us",
      terms: "Terms of sale",
      privacy: "Privacy policy",
      returns: "Returns & exchanges",
      shipping: "Shipping & delivery",
      "care-guide": "Care guide",
      "size-guide": "Size guide",
    });
  });

  it("say in the privacy policy whether analytics runs", () => {
    const off = infoPage("privacy", policies, { analytics: false }).bodyHtml;
    const on = infoPage("privacy", policies, { analytics: true }).bodyHtml;
    expect(off).toContain("This shop does not run analytics");
    expect(off).not.toContain("Measuring how the shop is used");
    expect(on).toContain("Measuring how the shop is used");
    expect(on).not.toContain("This shop does not run analytics");
  });
});
