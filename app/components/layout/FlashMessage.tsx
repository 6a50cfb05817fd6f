import type { Flash } from "~/server/http/flash.server";

/** The one-time message after a form (post/redirect/get), announced politely to screen readers. */
export function FlashMessage({ flash }: { flash: Flash }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 print:hidden">
      <p
        role="status"
        className={`rounded-md px-4 py-3 text-sm ${flash.kind === "success" ? "bg-emerald-50 text-emerald-900" : "bg-sky-50 text-sky-900"}`}
      >
        {flash.message}
      </p>
    </div>
  );
}
