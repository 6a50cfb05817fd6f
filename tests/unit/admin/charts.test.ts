import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "~/components/admin/charts/BarChart";
import { HorizontalBarChart } from "~/components/admin/charts/HorizontalBarChart";

const data = [
  { label: "1 Nov", value: 1200 },
  { label: "2 Nov", value: 0 },
  { label: "3 Nov", value: 3400 },
];
const format = (v: number) => `€${(v / 100).toFixed(2)}`;

describe("server-rendered charts", () => {
  it("renders bars as SVG with a title and the same figures in a table", () => {
    const html = renderToStaticMarkup(
      createElement(BarChart, { title: "Revenue by day", data, format, labelHeading: "Day", valueHeading: "Revenue" }),
    );
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html.match(/class="visx-bar fill-stone-700"/g)).toHaveLength(3);
    expect(html).toContain("<figcaption");
    expect(html).toContain("Revenue by day");
    expect(html).toMatch(/<details[^>]*>.*<table/s);
    expect(html).toContain(
      '<th scope="row" class="py-1 pr-4 font-normal">3 Nov</th><td class="py-1 text-right tabular-nums">€34.00</td>',
    );
    expect(html).toContain("highest €34.00 (3 Nov)");
  });

  it("draws the tallest bar at the full height and a zero bar flat", () => {
    const html = renderToStaticMarkup(
      createElement(BarChart, { title: "t", data, format, labelHeading: "Day", valueHeading: "Revenue" }),
    );
    const heights = [
      ...html.matchAll(/class="visx-bar[^"]*"[^>]*height="([\d.]+)"|height="([\d.]+)"[^>]*class="visx-bar/g),
    ].map((m) => Number(m[1] ?? m[2]));
    expect(heights).toHaveLength(3);
    expect(heights[1]).toBe(0);
    expect(heights[2]).toBeGreaterThan(heights[0]);
  });

  it("says so instead of drawing an empty chart", () => {
    const html = renderToStaticMarkup(
      createElement(HorizontalBarChart, {
        title: "By status",
        data: [],
        format: String,
        labelHeading: "Status",
        valueHeading: "Orders",
      }),
    );
    expect(html).toContain("No data for this period.");
    expect(html).not.toContain("<svg");
  });

  it("prints each value beside its horizontal bar", () => {
    const html = renderToStaticMarkup(
      createElement(HorizontalBarChart, {
        title: "By status",
        data: [
          { label: "Paid", value: 7 },
          { label: "Shipped", value: 3 },
        ],
        format: String,
        labelHeading: "Status",
        valueHeading: "Orders",
      }),
    );
    expect(html.match(/<rect/g)).toHaveLength(2);
    expect(html).toMatch(/>7<\/text>/);
    expect(html).toContain("Paid: 7; Shipped: 3");
  });
});

describe("count charts", () => {
  it("mark whole numbers only on the value axis", () => {
    const counts = [
      { label: "Mon", value: 1 },
      { label: "Tue", value: 2 },
    ];
    const html = renderToStaticMarkup(
      createElement(BarChart, {
        title: "Sign-ups",
        data: counts,
        format: String,
        labelHeading: "Day",
        valueHeading: "Sign-ups",
        wholeNumbers: true,
      }),
    );
    const ticks = [...html.matchAll(/<tspan[^>]*>([^<]+)<\/tspan>/g)]
      .map((m) => m[1])
      .filter((t) => /^[\d.]+$/.test(t));
    expect(ticks).toEqual(["0", "1", "2"]);
  });
});
