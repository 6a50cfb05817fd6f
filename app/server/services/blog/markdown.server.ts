import MarkdownIt from "markdown-it";

// Post bodies are Markdown written in the back office and rendered here, on the server only.
// html: false makes markdown-it escape every raw HTML tag, so "<script>" or an "onerror"
// attribute typed in the editor reaches the reader as text; markdown-it's validateLink refuses
// javascript:, vbscript:, file: and non-image data: URLs. Links only get http(s), mailto and
// site-relative targets, and every external link opens without access to this page.

const md = new MarkdownIt({ html: false, linkify: true });

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;
const defaultValidate = md.validateLink.bind(md);
md.validateLink = (url) => defaultValidate(url) && (SAFE_LINK.test(url.trim()) || !/^[a-z][a-z0-9+.-]*:/i.test(url.trim()));

const renderLink = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = tokens[idx].attrGet("href") ?? "";
  if (/^https?:/i.test(href)) tokens[idx].attrSet("rel", "nofollow noopener noreferrer");
  return renderLink(tokens, idx, options, env, self);
};

const renderImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env, self) => {
  tokens[idx].attrSet("loading", "lazy");
  return renderImage(tokens, idx, options, env, self);
};

/** Safe HTML for a post body. */
export function renderMarkdown(markdown: string): string {
  return md.render(markdown);
}
