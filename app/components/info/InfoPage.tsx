import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { seo } from "~/lib/seo";
import type { InfoPageContent } from "~/server/services/content/info-pages.server";

// The one layout of the seven info pages (about, terms, privacy, returns, shipping, care guide,
// size guide). Their copy is Markdown in content/, rendered to safe HTML on the server with the
// shop's configured figures filled in (services/content); this draws the heading, the lead, the
// generated "On this page" navigation and the body. Body styles: .info-prose in tailwind.css.

/** What an info page's loader returns: the rendered content the service made. */
export type InfoPageData = InfoPageContent;

/** <head> from the page's own title and description (its --- block). */
export const infoPageMeta: MetaFunction = (args) => {
  const page = args.data as InfoPageData | undefined;
  return page ? seo(args, { title: page.title, description: page.description }) : [];
};

function TableOfContents({ items }: { items: InfoPageData["toc"] }) {
  const grid = items.length > 9 ? "sm:grid-cols-3" : "sm:grid-cols-2";
  return (
    <nav id="contents" aria-labelledby="contents-title" className="scroll-mt-24 rounded-xl bg-stone-50 px-6 py-5">
      <h2 id="contents-title" className="text-xs font-semibold uppercase tracking-[0.2em] text-stone-500">
        On this page
      </h2>
      <ul className={`mt-4 grid gap-x-8 gap-y-2 text-sm ${grid}`}>
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="text-stone-700 underline decoration-stone-300 underline-offset-4 hover:text-stone-900 hover:decoration-stone-900"
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function InfoPage() {
  const page = useLoaderData<InfoPageData>();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:py-20">
      <header className="border-b border-stone-200 pb-10">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-stone-500">{page.eyebrow}</p>
        <h1 className="mt-3 font-serif text-4xl tracking-tight text-stone-900 sm:text-5xl">{page.heading}</h1>
        {page.leadHtml ? (
          <div
            className="mt-6 text-lg leading-8 text-stone-600 [&_p+p]:mt-4 [&_strong]:font-semibold [&_strong]:text-stone-900"
            // Safe HTML: markdown-it with raw HTML escaped, from content/ (services/content).
            dangerouslySetInnerHTML={{ __html: page.leadHtml }}
          />
        ) : null}
        {page.updated ? <p className="mt-6 text-sm text-stone-500">Last updated: {page.updated}</p> : null}
      </header>
      <div className="space-y-14 pt-10 sm:space-y-16">
        {page.toc.length > 1 ? <TableOfContents items={page.toc} /> : null}
        <div className="info-prose" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
      </div>
    </article>
  );
}
