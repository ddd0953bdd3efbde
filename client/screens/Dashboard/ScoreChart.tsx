/**
 * 'My Latest Scores' (spec screen 7): x testID, y Score 0–100; currentScore blue, averageScore
 * purple, maxScore green, minScore red; no legend; a tooltip per point.
 */
import { Axis, Grid, LineSeries, GlyphSeries, Tooltip, XYChart } from '@visx/xychart';

export type ScorePoint = { testId: string; currentScore: number; averageScore: number; maxScore: number; minScore: number };

const SERIES = [
  { key: 'currentScore', label: 'My score', color: '#2563eb' },
  { key: 'averageScore', label: 'Class average', color: '#7c3aed' },
  { key: 'maxScore', label: 'Best in class', color: '#15803d' },
  { key: 'minScore', label: 'Lowest in class', color: '#dc2626' },
] as const;

export function ScoreChart({ points, width }: { points: readonly ScorePoint[]; width: number }) {
  const short = (id: string) => id.split('-').slice(0, 2).join('-');
  return (
    <XYChart
      width={width}
      height={320}
      margin={{ top: 16, right: 16, bottom: 56, left: 52 }}
      xScale={{ type: 'band', paddingInner: 0.3 }}
      yScale={{ type: 'linear', domain: [0, 100], zero: true }}
    >
      <Grid columns={false} numTicks={5} lineStyle={{ stroke: '#e5e7eb' }} />
      <Axis orientation="bottom" label="testID" tickFormat={short} numTicks={Math.min(points.length, Math.floor(width / 90))} />
      <Axis orientation="left" label="Score" numTicks={5} />
      {SERIES.map((s) => (
        <LineSeries key={s.key} dataKey={s.key} data={points as ScorePoint[]} xAccessor={(p) => p.testId} yAccessor={(p) => p[s.key]} stroke={s.color} strokeWidth={s.key === 'currentScore' ? 3 : 2} />
      ))}
      {SERIES.map((s) => (
        <GlyphSeries key={`${s.key}-dots`} dataKey={`${s.key}-dots`} data={points as ScorePoint[]} xAccessor={(p) => p.testId} yAccessor={(p) => p[s.key]} colorAccessor={() => s.color} size={s.key === 'currentScore' ? 9 : 6} />
      ))}
      <Tooltip<ScorePoint>
        showVerticalCrosshair
        snapTooltipToDatumX
        renderTooltip={({ tooltipData }) => {
          const p = tooltipData?.nearestDatum?.datum;
          if (!p) return null;
          return (
            <div className="chart-tip">
              <strong>{p.testId}</strong>
              {SERIES.map((s) => (
                <div key={s.key} style={{ color: s.color }}>
                  {s.label}: {p[s.key]}
                </div>
              ))}
            </div>
          );
        }}
      />
    </XYChart>
  );
}
