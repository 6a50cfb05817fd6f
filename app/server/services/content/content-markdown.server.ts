import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";
import { createSafeMarkdown } from "~/server/markdown/safe-markdown.server";
import { slugify } from "~/lib/slug";

// The info pages' Markdown, rendered with the blog's safe markdown-it setup plus four small rules
// of our own (no plugin needed for any of them):
// - every heading gets an id: `## Contact us {#contact}` keeps a deep link others point at
//   (/about#contact, /care-guide#wool); otherwise one is made from its text, unique on the page;
// - each h2 opens a <section> labelled by it, and the h2s make the table of contents;
// - a paragraph "Table: …" just above a table becomes its <caption>, the first cell of each body
//   row its row header, and the table scrolls inside a labelled, focusable region;
// - a block quote is a callout (an <aside>).

export interface TocEntry {
  id: string;
  label: string;
}

export interface RenderedContent {
  html: string;
  /** The page's h2s, in order: the generated "On this page" navigation. */
  toc: TocEntry[];
}

/** Ids the page layout uses itself: no heading may take them. */
export const RESERVED_IDS = ["contents", "contents-title", "main", "main-content"] as const;

interface RenderEnv {
  usedIds: Set<string>;
  toc: TocEntry[];
  tables: number;
}

const EXPLICIT_ID = /\s*\{#([a-z][a-z0-9-]*)\}\s*$/;

/** A heading's id: the shop's one slug rule, starting with a letter as an anchor should. */
function headingId(text: string): string {
  const slug = slugify(text);
  return /^[a-z]/.test(slug) ? slug : `section-${slug || "untitled"}`;
}

function uniqueId(wanted: string, used: Set<string>): string {
  let id = wanted;
  for (let n = 2; used.has(id); n++) id = `${wanted}-${n}`;
  used.add(id);
  return id;
}

type StateToken = new (type: string, tag: string, nesting: Token["nesting"]) => Token;

/** Markup this file writes (the Markdown itself can never produce an html_block: html is false). */
function html(TokenClass: StateToken, content: string): Token {
  const token = new TokenClass("html_block", "", 0);
  token.content = content;
  return token;
}

function headingIds(md: MarkdownIt) {
  md.core.ruler.push("heading_ids", (state) => {
    const env = state.env as RenderEnv;
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== "heading_open") continue;
      const inline = tokens[i + 1];
      const explicit = EXPLICIT_ID.exec(inline.content);
      if (explicit) {
        inline.content = inline.content.slice(0, explicit.index);
        const last = inline.children?.at(-1);
        if (last?.type === "text") last.content = last.content.replace(EXPLICIT_ID, "");
      }
      const label = (inline.children ?? [])
        .filter((t) => t.type === "text" || t.type === "code_inline" || t.type === "text_special")
        .map((t) => t.content)
        .join("")
        .trim();
      if (!label) throw new Error(`A heading needs text (found "${tokens[i].markup} " with nothing after it)`);
      const id =
        explicit && !env.usedIds.has(explicit[1])
          ? (env.usedIds.add(explicit[1]), explicit[1])
          : uniqueId(headingId(explicit?.[1] ?? label), env.usedIds);
      tokens[i].attrSet("id", id);
      if (tokens[i].tag === "h2") env.toc.push({ id, label });
    }
  });
}

function sections(md: MarkdownIt) {
  md.core.ruler.push("h2_sections", (state) => {
    const out: Token[] = [];
    let open = false;
    for (const token of state.tokens) {
      if (token.type === "heading_open" && token.tag === "h2") {
        if (open) out.push(html(state.Token, "</section>\n"));
        out.push(html(state.Token, `<section aria-labelledby="${token.attrGet("id")}">\n`));
        open = true;
      }
      out.push(token);
    }
    if (open) out.push(html(state.Token, "</section>\n"));
    state.tokens = out;
  });
}

function tables(md: MarkdownIt) {
  md.core.ruler.push("table_captions", (state) => {
    const env = state.env as RenderEnv;
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].type !== "table_open") continue;
      const id = uniqueId(`table-${++env.tables}`, env.usedIds);
      tokens[i].meta = { captionId: id };
      // "Table: …" paragraph right above: paragraph_open, inline, paragraph_close.
      const inline = tokens[i - 2];
      if (
        tokens[i - 1]?.type === "paragraph_close" &&
        inline?.type === "inline" &&
        inline.content.startsWith("Table: ")
      ) {
        const first = inline.children?.[0];
        if (first?.type === "text") first.content = first.content.replace(/^Table: /, "");
        const captionOpen = new state.Token("caption_open", "caption", 1);
        captionOpen.attrSet("id", id);
        const captionClose = new state.Token("caption_close", "caption", -1);
        tokens.splice(i - 3, 3);
        i -= 3;
        tokens.splice(i + 1, 0, captionOpen, inline, captionClose);
      } else {
        throw new Error(
          `Every table needs a caption: write "Table: …" in the paragraph right above it (table ${env.tables})`,
        );
      }
    }
    // Header cells are column headers; the first cell of each body row is its row header.
    let inBody = false;
    let firstCell = false;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (t.type === "tbody_open") inBody = true;
      else if (t.type === "tbody_close") inBody = false;
      else if (t.type === "tr_open") firstCell = true;
      else if (t.type === "th_open") t.attrSet("scope", "col");
      else if (t.type === "td_open" && inBody && firstCell) {
        firstCell = false;
        t.type = "th_open";
        t.tag = "th";
        t.attrSet("scope", "row");
        const close = tokens.findIndex((c, j) => j > i && c.type === "td_close");
        tokens[close].type = "th_close";
        tokens[close].tag = "th";
      } else if (t.type === "td_open") firstCell = false;
    }
  });
  md.renderer.rules.table_open = (tokens, idx) =>
    `<div role="region" aria-labelledby="${tokens[idx].meta.captionId}" tabindex="0" class="content-table">\n<table>\n`;
  md.renderer.rules.table_close = () => "</table>\n</div>\n";
}

function callouts(md: MarkdownIt) {
  md.renderer.rules.blockquote_open = () => '<aside class="content-callout">\n';
  md.renderer.rules.blockquote_close = () => "</aside>\n";
}

const md = createSafeMarkdown({ linkify: false });
md.use(headingIds).use(sections).use(tables).use(callouts);

/** Safe HTML for a page's Markdown (placeholders already filled) and its table of contents. */
export function renderContent(markdown: string): RenderedContent {
  const env: RenderEnv = { usedIds: new Set(RESERVED_IDS), toc: [], tables: 0 };
  const tokens = md.parse(markdown, env);
  return { html: md.renderer.render(tokens, md.options, env), toc: env.toc };
}
