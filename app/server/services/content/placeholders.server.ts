// Placeholders in the Markdown of content/: the configured figures are filled in on the server,
// so the copy never states a figure of its own.
//   {{name}}            a value: plain text, escaped so it can never become Markdown or HTML;
//                       or a block of Markdown the shop's code built (a table from structured data).
//   {{#flag}} … {{/flag}}  lines kept only when the flag is on; {{^flag}} … {{/flag}} when it is off.
//                       The markers stand alone on their lines, so a table row can be conditional.
// A name or flag the page was not given throws: a typo must fail loudly, never render as text.

export type PlaceholderValue = string | { markdown: string };

export class ContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ContentError";
  }
}

/** Backslash-escapes every ASCII punctuation character: the text renders exactly as given. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~"'&$%,/:;=?@^]/g, "\\$&").replace(/\r?\n/g, " ");
}

const SECTION_LINE = /^\{\{([#^/])([A-Za-z][A-Za-z0-9]*)\}\}\s*$/;
const VALUE = /\{\{\s*([^}]*?)\s*\}\}/g;

/** Keeps or drops the lines between {{#flag}}/{{^flag}} and {{/flag}}. */
function applySections(source: string, flags: Readonly<Record<string, boolean>>, file: string): string {
  const out: string[] = [];
  const open: Array<{ name: string; keep: boolean }> = [];
  for (const line of source.split("\n")) {
    const marker = SECTION_LINE.exec(line);
    if (!marker) {
      if (open.every((s) => s.keep)) out.push(line);
      continue;
    }
    const [, kind, name] = marker;
    if (kind === "/") {
      if (open.pop()?.name !== name) throw new ContentError(`${file}: {{/${name}}} closes nothing`);
      continue;
    }
    if (!(name in flags)) throw new ContentError(`${file}: unknown flag {{${kind}${name}}}`);
    open.push({ name, keep: kind === "#" ? flags[name] : !flags[name] });
  }
  if (open.length > 0) throw new ContentError(`${file}: {{#${open[0].name}}} is never closed`);
  return out.join("\n");
}

/** `text` with every section and placeholder resolved; values escaped for Markdown. */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, PlaceholderValue>>,
  flags: Readonly<Record<string, boolean>> = {},
  file = "content",
): string {
  return applySections(text, flags, file).replace(VALUE, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new ContentError(`${file}: unknown placeholder {{${name}}}`);
    const value = values[name];
    return typeof value === "string" ? escapeMarkdown(value) : value.markdown;
  });
}

/** The same for plain text (a page's meta description): values as they are, no Markdown. */
export function fillPlainText(
  text: string,
  values: Readonly<Record<string, PlaceholderValue>>,
  file = "content",
): string {
  return text.replace(VALUE, (_, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (typeof value !== "string") throw new ContentError(`${file}: unknown placeholder {{${name}}} in plain text`);
    return value;
  });
}
