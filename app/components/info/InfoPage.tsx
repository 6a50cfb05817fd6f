import { useId, type ReactNode } from "react";

// Presentational building blocks for the static information pages (about, terms, privacy,
// returns, shipping, care guide, size guide). Pure server-rendered markup: no state, no effects.
// We do not use @tailwindcss/typography, so body copy is styled here with explicit classes;
// <p>, <ul>, <ol>, <h3> and <a> written directly inside a <Section> pick these styles up.

/** Styles for plain elements written directly inside a Section (or SubSection) body. */
const BODY =
  "text-base leading-7 text-stone-600 " +
  "[&>*:first-child]:mt-0 " +
  "[&>p]:mt-4 " +
  "[&>ul]:mt-4 [&>ul]:list-disc [&>ul]:space-y-2 [&>ul]:pl-5 " +
  "[&>ol]:mt-4 [&>ol]:list-decimal [&>ol]:space-y-2 [&>ol]:pl-5 " +
  "[&>h3]:mt-8 [&>h3]:text-lg [&>h3]:font-semibold [&>h3]:text-stone-900 " +
  "[&_strong]:font-semibold [&_strong]:text-stone-900 " +
  // Links in running text only (not in tables, the contents nav or "back to contents").
  "[&>p_a]:font-medium [&>p_a]:text-stone-900 [&>p_a]:underline [&>p_a]:decoration-stone-300 [&>p_a]:underline-offset-4 " +
  "[&>ul_a]:font-medium [&>ul_a]:text-stone-900 [&>ul_a]:underline [&>ul_a]:decoration-stone-300 [&>ul_a]:underline-offset-4 " +
  "[&>ol_a]:font-medium [&>ol_a]:text-stone-900 [&>ol_a]:underline [&>ol_a]:decoration-stone-300 [&>ol_a]:underline-offset-4 " +
  "[&_a:hover]:decoration-stone-900";

export interface InfoPageProps {
  title: string;
  /** The introductory paragraph under the heading. */
  lead?: ReactNode;
  /** Small label above the heading, e.g. "Customer care" or "Legal". */
  eyebrow?: string;
  /** E.g. "November 2026"; shown as "Last updated: …" for legal pages. */
  updated?: string;
  children: ReactNode;
}

/** Page wrapper: a narrow, centred column with an h1 and an optional lead. */
export function InfoPage({ title, lead, eyebrow, updated, children }: InfoPageProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:py-20">
      <header className="border-b border-stone-200 pb-10">
        {eyebrow ? (
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-stone-500">{eyebrow}</p>
        ) : null}
        <h1 className="mt-3 font-serif text-4xl tracking-tight text-stone-900 sm:text-5xl">{title}</h1>
        {lead ? <div className="mt-6 text-lg leading-8 text-stone-600">{lead}</div> : null}
        {updated ? <p className="mt-6 text-sm text-stone-500">Last updated: {updated}</p> : null}
      </header>
      <div className="space-y-14 pt-10 sm:space-y-16">{children}</div>
    </article>
  );
}

export interface SectionProps {
  /** Anchor for deep links (/page#id). */
  id?: string;
  title: ReactNode;
  children: ReactNode;
}

/** A titled part of an info page, with an h2. */
export function Section({ id, title, children }: SectionProps) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <h2 id={headingId} className="font-serif text-2xl tracking-tight text-stone-900 sm:text-3xl">
        {title}
      </h2>
      <div className={`mt-5 ${BODY}`}>{children}</div>
    </section>
  );
}

/** A titled sub-part of a Section, with an h3. */
export function SubSection({ id, title, children }: SectionProps) {
  return (
    <div id={id} className="mt-8 scroll-mt-24 first:mt-0">
      <h3 className="text-lg font-semibold text-stone-900">{title}</h3>
      <div className={`mt-3 ${BODY}`}>{children}</div>
    </div>
  );
}

export interface TocItem {
  href: string;
  label: ReactNode;
}

/** "On this page" navigation. Its id (default "contents") is the target of BackToContents. */
export function TableOfContents({
  items,
  title = "On this page",
  id = "contents",
  columns = 2,
}: {
  items: readonly TocItem[];
  title?: string;
  id?: string;
  columns?: 1 | 2 | 3;
}) {
  const headingId = useId();
  const grid = columns === 3 ? "sm:grid-cols-3" : columns === 2 ? "sm:grid-cols-2" : "";
  return (
    <nav id={id} aria-labelledby={headingId} className="scroll-mt-24 rounded-xl bg-stone-50 px-6 py-5">
      <h2 id={headingId} className="text-xs font-semibold uppercase tracking-[0.2em] text-stone-500">
        {title}
      </h2>
      <ul className={`mt-4 grid gap-x-8 gap-y-2 text-sm ${grid}`}>
        {items.map((item) => (
          <li key={item.href}>
            <a
              href={item.href}
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

/** A small "back to contents" link placed at the end of long sections. */
export function BackToContents({ href = "#contents" }: { href?: string }) {
  return (
    <div className="mt-6 text-sm">
      <a href={href} className="text-stone-500 hover:text-stone-900">
        <span aria-hidden="true">↑ </span>Back to contents
      </a>
    </div>
  );
}

export interface DataTableRow {
  /** Rendered as <th scope="row">. */
  header: ReactNode;
  cells: readonly ReactNode[];
  /** React key; defaults to the header when it is a string. */
  key?: string;
}

export interface DataTableProps {
  caption: ReactNode;
  /** Column headers including the first (row-header) column; each rendered as <th scope="col">. */
  columns: readonly ReactNode[];
  rows: readonly DataTableRow[];
  /** Use tabular figures and no wrapping in data cells (for measurement tables). */
  numeric?: boolean;
}

/**
 * An accessible table: a <caption>, column headers with scope="col" and row headers with
 * scope="row". Wide tables scroll horizontally inside a focusable, labelled region.
 */
export function DataTable({ caption, columns, rows, numeric = false }: DataTableProps) {
  const captionId = useId();
  const cell = numeric ? "whitespace-nowrap tabular-nums" : "min-w-[12rem]";
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // Focusable so keyboard users can scroll a table wider than the screen.
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-xl border border-stone-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-stone-900"
    >
      <table className="min-w-full border-collapse text-left text-sm">
        <caption id={captionId} className="bg-stone-50 px-4 py-3 text-left text-sm font-medium text-stone-700">
          {caption}
        </caption>
        <thead>
          <tr className="border-y border-stone-200 bg-white">
            {columns.map((column, i) => (
              <th
                key={i}
                scope="col"
                className="px-4 py-3 align-bottom text-xs font-semibold uppercase tracking-wide text-stone-500"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 bg-white">
          {rows.map((row, i) => (
            <tr key={row.key ?? (typeof row.header === "string" ? row.header : i)}>
              <th
                scope="row"
                className={`px-4 py-3 align-top font-medium text-stone-900 ${numeric ? "whitespace-nowrap" : "min-w-[9rem]"}`}
              >
                {row.header}
              </th>
              {row.cells.map((value, j) => (
                <td key={j} className={`px-4 py-3 align-top text-stone-600 ${cell}`}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A quiet highlighted box for key facts or important notes. */
export function Callout({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <aside className="mt-6 rounded-xl border border-stone-200 bg-stone-50 px-5 py-4 text-sm leading-6 text-stone-700 [&_a]:font-medium [&_a]:text-stone-900 [&_a]:underline [&_a]:underline-offset-4 [&_p+p]:mt-2">
      {title ? <p className="font-semibold text-stone-900">{title}</p> : null}
      <div className={title ? "mt-1" : undefined}>{children}</div>
    </aside>
  );
}

export interface Fact {
  label: ReactNode;
  value: ReactNode;
  detail?: ReactNode;
}

/** "At a glance" figures, e.g. delivery times and prices, as a definition list in a grid. */
export function FactGrid({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className="grid gap-px overflow-hidden rounded-xl border border-stone-200 bg-stone-200 sm:grid-cols-2">
      {facts.map((fact, i) => (
        <div key={i} className="bg-white px-5 py-5">
          <dt className="text-xs font-semibold uppercase tracking-[0.15em] text-stone-500">{fact.label}</dt>
          <dd className="mt-2 font-serif text-2xl text-stone-900">{fact.value}</dd>
          {fact.detail ? <dd className="mt-1 text-sm leading-6 text-stone-600">{fact.detail}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** Numbered steps, e.g. "how to start a return". */
export function Steps({ steps }: { steps: readonly { title: ReactNode; body: ReactNode }[] }) {
  return (
    <ol className="mt-6 space-y-6">
      {steps.map((step, i) => (
        <li key={i} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex h-8 w-8 flex-none items-center justify-center rounded-full border border-stone-300 text-sm font-semibold text-stone-700"
          >
            {i + 1}
          </span>
          <div className="pt-1">
            <p className="font-semibold text-stone-900">{step.title}</p>
            <div className="mt-1 text-stone-600 [&_a]:font-medium [&_a]:text-stone-900 [&_a]:underline [&_a]:underline-offset-4">
              {step.body}
            </div>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A compact bulleted list laid out in columns, e.g. a list of countries. */
export function ColumnList({ items, label }: { items: readonly string[]; label?: string }) {
  return (
    <div className="mt-4">
      <ul aria-label={label} className="grid list-disc grid-cols-2 gap-x-8 gap-y-1 pl-5 sm:grid-cols-3">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
