import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Notice } from "~/components/forms/Field";

const WIDTH = { narrow: "max-w-3xl", wide: "max-w-4xl" } as const;

/**
 * The frame of every back-office editor (new and edit of products, posts, promotions): the way
 * back to its list, the title, what the page says under it, the server's notice, the form, then
 * whatever the page has below it (history, delete).
 */
export function EditorPage({
  back,
  title,
  width = "narrow",
  intro,
  notice,
  form,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  width?: keyof typeof WIDTH;
  intro?: ReactNode;
  notice?: string;
  form: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`mx-auto ${WIDTH[width]} px-4 py-10`}>
      <p className="text-sm">
        <Link to={back.to} className="underline">
          {back.label}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">{title}</h1>
      {intro}
      {notice ? (
        <div className="mt-4">
          <Notice>{notice}</Notice>
        </div>
      ) : null}
      <div className="mt-8">{form}</div>
      {children}
    </div>
  );
}
