import { useId, type ReactNode } from "react";

export interface ChartDatum {
  label: string;
  value: number;
}

// Every chart is a figure: a title, the SVG (a picture of the numbers, role="img" with a summary
// for screen readers), and the same numbers as a table in a <details>, which works without JS
// and is what a screen reader user (or anyone who wants exact figures) reads.
export function ChartFrame({
  title,
  summary,
  valueHeading,
  labelHeading,
  data,
  format,
  children,
}: {
  title: string;
  /** One sentence read out in place of the picture. */
  summary: string;
  labelHeading: string;
  valueHeading: string;
  data: readonly ChartDatum[];
  format: (value: number) => string;
  children: (ids: { titleId: string; descId: string }) => ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    <figure className="rounded-lg border border-stone-200 p-4">
      <figcaption id={titleId} className="font-semibold">
        {title}
      </figcaption>
      <p id={descId} className="sr-only">
        {summary}
      </p>
      <div className="mt-3">
        {data.length ? (
          children({ titleId, descId })
        ) : (
          <p className="text-sm text-stone-600">No data for this period.</p>
        )}
      </div>
      {data.length ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-stone-700 underline">Data table: {title}</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-stone-300">
                  <th scope="col" className="py-1 pr-4">
                    {labelHeading}
                  </th>
                  <th scope="col" className="py-1 text-right">
                    {valueHeading}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.map((d) => (
                  <tr key={d.label} className="border-b border-stone-100">
                    <th scope="row" className="py-1 pr-4 font-normal">
                      {d.label}
                    </th>
                    <td className="py-1 text-right tabular-nums">{format(d.value)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}

/** "Highest: 21 Nov, €1,234.00. Total: €9,999.00 over 30 points." */
export function describeSeries(data: readonly ChartDatum[], format: (value: number) => string): string {
  if (!data.length) return "No data.";
  const max = data.reduce((a, b) => (b.value > a.value ? b : a));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  return `${data.length} values from ${data[0].label} to ${data[data.length - 1].label}; highest ${format(max.value)} (${max.label}); total ${format(total)}.`;
}
