import { createSafeMarkdown } from "~/server/markdown/safe-markdown.server";

// Post bodies are Markdown written in the back office and rendered here, on the server only,
// with raw HTML escaped and only safe link targets (see safe-markdown.server.ts).
const md = createSafeMarkdown({ linkify: true });

/** Safe HTML for a post body. */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}
