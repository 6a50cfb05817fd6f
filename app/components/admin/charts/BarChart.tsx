import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { ChartFrame, describeSeries, type ChartDatum } from "./ChartFrame";

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 40, left: 72 };
/** Beyond this many bars, only every n-th label is printed so they do not overlap. */
const MAX_LABELS = 12;

/**
 * Vertical bars rendered to SVG on the server by visx (scales and shapes; no client code).
 * The viewBox scales the picture to its container, so it needs no measuring in the browser.
 */
export function BarChart({
  title,
  data,
  format,
  formatTick = format,
  labelHeading,
  valueHeading,
  wholeNumbers = false,
}: {
  title: string;
  data: readonly ChartDatum[];
  format: (value: number) => string;
  formatTick?: (value: number) => string;
  labelHeading: string;
  valueHeading: string;
  /** Counts: no ticks at fractions (a scale up to 2 would otherwise mark 0.5, 1.5). */
  wholeNumbers?: boolean;
}) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: data.map((d) => d.label), range: [0, innerWidth], padding: 0.2 });
  const max = Math.max(1, ...data.map((d) => d.value));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const every = Math.ceil(data.length / MAX_LABELS);
  const tickValues = data.filter((_, i) => i % every === 0).map((d) => d.label);
  const yTicks = wholeNumbers ? y.ticks(5).filter(Number.isInteger) : y.ticks(5);
  return (
    <ChartFrame
      title={title}
      summary={describeSeries(data, format)}
      data={data}
      format={format}
      labelHeading={labelHeading}
      valueHeading={valueHeading}
    >
      {({ titleId, descId }) => (
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
          className="h-auto max-w-full"
        >
          <Group left={MARGIN.left} top={MARGIN.top}>
            {data.map((d) => {
              const height = innerHeight - (y(d.value) ?? innerHeight);
              return (
                <Bar
                  key={d.label}
                  x={x(d.label)}
                  y={innerHeight - height}
                  width={x.bandwidth()}
                  height={height}
                  className="fill-stone-700"
                >
                  <title>{`${d.label}: ${format(d.value)}`}</title>
                </Bar>
              );
            })}
            {/* Axes are drawing, not content: the figure's summary and table carry the numbers. */}
            <g aria-hidden="true">
              <AxisLeft
                scale={y}
                tickValues={yTicks}
                tickFormat={(v) => formatTick(Number(v))}
                stroke="#78716c"
                tickStroke="#78716c"
                tickLabelProps={{ fill: "#44403c", fontSize: 11, textAnchor: "end" }}
              />
              <AxisBottom
                top={innerHeight}
                scale={x}
                tickValues={tickValues}
                stroke="#78716c"
                tickStroke="#78716c"
                tickLabelProps={{ fill: "#44403c", fontSize: 11, textAnchor: "middle" }}
              />
            </g>
          </Group>
        </svg>
      )}
    </ChartFrame>
  );
}
