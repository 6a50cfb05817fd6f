import MarkdownIt from "markdown-it";

// The shop's one markdown-it setup, shared by blog posts and the info pages in content/.
// html: false makes markdown-it escape every raw HTML tag, so "<script>" or an "onerror"
// attribute reaches the reader as text; markdown-it's validateLink refuses javascript:,
// vbscript:, file: and non-image data: URLs. Links only get http(s), mailto and site-relative
// targets, and every external link opens without access to this page.

const SAFE_LINK = /^(https?:|mailto:|\/(?!\/)|#)/i;

export function createSafeMarkdown(options: { linkify: boolean }): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: options.linkify });

  const defaultValidate = md.validateLink.bind(md);
  md.validateLink = (url) =>
    defaultValidate(url) && (SAFE_LINK.test(url.trim()) || !/^[a-z][a-z0-9+.-]*:/i.test(url.trim()));

  const renderLink =
    md.renderer.rules.link_open ?? ((tokens, idx, opts, _env, self) => self.renderToken(tokens, idx, opts));
  md.renderer.rules.link_open = (tokens, idx, opts, env, self) => {
    const href = tokens[idx].attrGet("href") ?? "";
    if (/^https?:/i.test(href)) tokens[idx].attrSet("rel", "nofollow noopener noreferrer");
    return renderLink(tokens, idx, opts, env, self);
  };

  const renderImage = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, idx, opts, env, self) => {
    tokens[idx].attrSet("loading", "lazy");
    return renderImage(tokens, idx, opts, env, self);
  };
  return md;
}
