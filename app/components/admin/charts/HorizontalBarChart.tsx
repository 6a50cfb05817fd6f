import { AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { ChartFrame, type ChartDatum } from "./ChartFrame";

const WIDTH = 720;
const ROW = 28;
const MARGIN = { top: 4, right: 120, bottom: 4, left: 180 };

/** Ranked categories (statuses, categories, products): long labels read better on the side, values printed at the bar's end. */
export function HorizontalBarChart({
  title,
  data,
  format,
  labelHeading,
  valueHeading,
}: {
  title: string;
  data: readonly ChartDatum[];
  format: (value: number) => string;
  labelHeading: string;
  valueHeading: string;
}) {
  const height = MARGIN.top + MARGIN.bottom + ROW * data.length;
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const y = scaleBand<string>({ domain: data.map((d) => d.label), range: [0, ROW * data.length], padding: 0.25 });
  const x = scaleLinear<number>({ domain: [0, Math.max(1, ...data.map((d) => d.value))], range: [0, innerWidth] });
  const summary = data.map((d) => `${d.label}: ${format(d.value)}`).join("; ");
  return (
    <ChartFrame
      title={title}
      summary={summary}
      data={data}
      format={format}
      labelHeading={labelHeading}
      valueHeading={valueHeading}
    >
      {({ titleId, descId }) => (
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className="h-auto max-w-full"
        >
          <Group left={MARGIN.left} top={MARGIN.top}>
            {data.map((d) => {
              const top = y(d.label) ?? 0;
              const width = x(d.value) ?? 0;
              return (
                <g key={d.label}>
                  <Bar x={0} y={top} width={width} height={y.bandwidth()} className="fill-stone-700" />
                  <text
                    x={width + 6}
                    y={top + y.bandwidth() / 2}
                    dominantBaseline="middle"
                    fontSize={12}
                    fill="#292524"
                  >
                    {format(d.value)}
                  </text>
                </g>
              );
            })}
            <g aria-hidden="true">
              <AxisLeft
                scale={y}
                hideTicks
                stroke="#a8a29e"
                tickLabelProps={{ fill: "#292524", fontSize: 12, textAnchor: "end" }}
              />
            </g>
          </Group>
        </svg>
      )}
    </ChartFrame>
  );
}
