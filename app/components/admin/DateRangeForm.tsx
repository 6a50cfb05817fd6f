import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/** A GET form for a report's period: plain date inputs, so it works without JavaScript. */
export function DateRangeForm({
  fromDay,
  toDay,
  children,
  label = "Show",
}: {
  fromDay: string;
  toDay: string;
  children?: ReactNode;
  label?: string;
}) {
  return (
    <Form method="get" className="mt-6 flex flex-wrap items-end gap-4" aria-label="Report period">
      <div>
        <label htmlFor="range-from" className="block text-sm font-medium">
          From
        </label>
        <input id="range-from" type="date" name="from" defaultValue={fromDay} className="input mt-1" />
      </div>
      <div>
        <label htmlFor="range-to" className="block text-sm font-medium">
          To
        </label>
        <input id="range-to" type="date" name="to" defaultValue={toDay} className="input mt-1" />
      </div>
      {children}
      <button type="submit" className="btn-secondary">
        {label}
      </button>
    </Form>
  );
}
