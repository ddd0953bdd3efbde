/**
 * 'My Latest Scores' (spec screen 7): x testID, y Score 0–100; currentScore blue, averageScore
 * purple, maxScore green, minScore red; no legend; a tooltip per point. The tooltip needs a
 * pointer: the same numbers are a table, read by screen readers and shown on request.
 */
import { useState } from 'react';
import { Axis, Grid, LineSeries, GlyphSeries, Tooltip, XYChart } from '@visx/xychart';

export type ScorePoint = { testId: string; currentScore: number; averageScore: number; maxScore: number; minScore: number };

/** Each line has its own dash as well as its colour: the chart has no legend (spec) and not everyone tells the colours apart. */
const SERIES = [
  { key: 'currentScore', label: 'My score', color: '#2563eb', dash: undefined },
  { key: 'averageScore', label: 'Class average', color: '#7c3aed', dash: '8 4' },
  { key: 'maxScore', label: 'Best in class', color: '#15803d', dash: '2 4' },
  { key: 'minScore', label: 'Lowest in class', color: '#dc2626', dash: '12 4 2 4' },
] as const;

/** 'PEP3A-1 SB' for 'PEP3A-1-2-SB-teacher': a unit's SB and PA results stay apart. */
const short = (id: string) => {
  const [book, unit, , type] = id.split('-');
  return type ? `${book}-${unit} ${type}` : `${book}-${unit}`;
};

export function ScoreChart({ points, width }: { points: readonly ScorePoint[]; width: number }) {
  const [numbersShown, setNumbersShown] = useState(false);
  return (
    <figure className="score-chart" aria-label="My Latest Scores">
      <div aria-hidden="true">{chart(points, width)}</div>
      {/* Without a mouse the points cannot be hovered: their numbers as a table, for the keyboard too. */}
      <button type="button" className="link-button" aria-expanded={numbersShown} aria-controls="score-numbers" onClick={() => setNumbersShown((v) => !v)}>
        {numbersShown ? 'Hide the numbers · 隐藏分数' : 'Show the numbers · 显示分数'}
      </button>
      <div className={numbersShown ? 'table-scroll' : 'visually-hidden'}>
        <table id="score-numbers" className={numbersShown ? 'table' : undefined}>
          <caption className="visually-hidden">My Latest Scores</caption>
          <thead>
            <tr>
              <th scope="col">testID</th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.testId}>
                <th scope="row">{p.testId}</th>
                {SERIES.map((s) => (
                  <td key={s.key}>{p[s.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function chart(points: readonly ScorePoint[], width: number) {
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
        <LineSeries key={s.key} dataKey={s.key} data={points as ScorePoint[]} xAccessor={(p) => p.testId} yAccessor={(p) => p[s.key]} stroke={s.color} strokeWidth={s.key === 'currentScore' ? 3 : 2} strokeDasharray={s.dash} />
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
