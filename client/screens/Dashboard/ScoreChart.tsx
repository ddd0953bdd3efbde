/**
 * 'My Latest Scores' (spec screen 7): x testID, y Score 0–100; currentScore blue, averageScore
 * purple, maxScore green, minScore red; a tooltip per point. A legend names the lines (issue 32:
 * the dashboard explains itself) and the student's own line is drawn last, on top of the class's.
 * The tooltip needs a pointer: the same numbers are a table, read by screen readers and shown on
 * request.
 */
import { useEffect, useRef, useState } from 'react';
import { graphql, useFragment } from 'react-relay/hooks';
import { Axis, Grid, LineSeries, GlyphSeries, Tooltip, XYChart } from '@visx/xychart';
import { T, useT, type MessageKey } from '../../i18n';
import type { ScoreChart_dashboard$key } from './__generated__/ScoreChart_dashboard.graphql';

type ScorePoint = { testId: string; currentScore: number; averageScore: number; maxScore: number; minScore: number };

type Series = { key: 'currentScore' | 'averageScore' | 'maxScore' | 'minScore'; label: MessageKey; color: string; dash: string | undefined };

/** Each line has its own dash as well as its colour: not everyone tells the colours apart. In the legend's order. */
const SERIES: readonly Series[] = [
  { key: 'currentScore', label: 'dashboard.myScore', color: '#2563eb', dash: undefined },
  { key: 'averageScore', label: 'dashboard.classAverage', color: '#7c3aed', dash: '8 4' },
  { key: 'maxScore', label: 'dashboard.classBest', color: '#15803d', dash: '2 4' },
  { key: 'minScore', label: 'dashboard.classLowest', color: '#dc2626', dash: '12 4 2 4' },
];
const MINE = SERIES[0]!;
/** The class's lines first, the student's own last: drawn over them where they cross. */
const DRAW_ORDER = [...SERIES.slice(1), MINE];

/** 'PEP3A-1 SB' for 'PEP3A-1-2-SB-teacher': a unit's SB and PA results stay apart. */
const short = (id: string) => {
  const [book, unit, , type] = id.split('-');
  return type ? `${book}-${unit} ${type}` : `${book}-${unit}`;
};

/**
 * The student's finished tasks (the latest 100) with the class's on the same assignments: the
 * chart, or a line saying there is nothing to show yet.
 */
export function LatestScores({ dashboard }: { dashboard: ScoreChart_dashboard$key }) {
  const data = useFragment(
    graphql`
      fragment ScoreChart_dashboard on Dashboard {
        finishedTasks(last: 100) {
          edges {
            node {
              testId
              currentScore
              averageScore
              maxScore
              minScore
            }
          }
        }
      }
    `,
    dashboard,
  );
  const [chartBox, width] = useWidth<HTMLDivElement>();
  const points = data.finishedTasks.edges.map((e) => e.node);
  if (points.length === 0) {
    return (
      <p className="guidance">
        <T k="dashboard.noScores" />
      </p>
    );
  }
  return (
    <>
      <p className="hint dash-intro">
        <T k="dashboard.scoresIntro" />
      </p>
      <div ref={chartBox} className="chart-box" data-testid="score-chart">
        <ScoreChart points={points} width={width} />
      </div>
    </>
  );
}

function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    if (!ref.current) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.max(260, Math.floor(entry!.contentRect.width))));
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

function ScoreChart({ points, width }: { points: readonly ScorePoint[]; width: number }) {
  const [numbersShown, setNumbersShown] = useState(false);
  const { t } = useT();
  return (
    <figure className="score-chart" aria-label={t('dashboard.scoresTitle')}>
      <ul className="chart-legend" aria-label={t('dashboard.legend')} data-testid="chart-legend">
        {SERIES.map((s) => (
          <li key={s.key} className={s === MINE ? 'mine' : undefined}>
            <svg width="34" height="12" aria-hidden="true" focusable="false">
              <line x1="1" y1="6" x2="33" y2="6" stroke={s.color} strokeWidth={s === MINE ? 4 : 2.5} strokeDasharray={s.dash} />
            </svg>
            <T k={s.label} />
          </li>
        ))}
      </ul>
      {/* The tick labels are task ids (data, not words to translate). */}
      <div aria-hidden="true" translate="no">
        {chart(points, width, t)}
      </div>
      {/* Without a mouse the points cannot be hovered: their numbers as a table, for the keyboard too. */}
      <button type="button" className="link-button" aria-expanded={numbersShown} aria-controls="score-numbers" onClick={() => setNumbersShown((v) => !v)}>
        <T k={numbersShown ? 'dashboard.hideNumbers' : 'dashboard.showNumbers'} />
      </button>
      <div className={numbersShown ? 'table-scroll' : 'visually-hidden'}>
        <table id="score-numbers" className={numbersShown ? 'table' : undefined}>
          <caption className="visually-hidden">
            <T k="dashboard.scoresTitle" />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <T k="dashboard.axisTask" />
              </th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col">
                  <T k={s.label} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.testId}>
                <th scope="row" translate="no">
                  {p.testId}
                </th>
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

function chart(points: readonly ScorePoint[], width: number, t: (key: MessageKey) => string) {
  const line = (s: Series) => (
    <LineSeries
      key={s.key}
      dataKey={s.key}
      data={points as ScorePoint[]}
      xAccessor={(p) => p.testId}
      yAccessor={(p) => p[s.key]}
      stroke={s.color}
      strokeWidth={s === MINE ? 4 : 2}
      strokeDasharray={s.dash}
    />
  );
  const dots = (s: Series) => (
    <GlyphSeries
      key={`${s.key}-dots`}
      dataKey={`${s.key}-dots`}
      data={points as ScorePoint[]}
      xAccessor={(p) => p.testId}
      yAccessor={(p) => p[s.key]}
      colorAccessor={() => s.color}
      size={s === MINE ? 10 : 6}
    />
  );
  const others = DRAW_ORDER.slice(0, -1);
  return (
    <XYChart
      width={width}
      height={320}
      margin={{ top: 16, right: 16, bottom: 56, left: 52 }}
      xScale={{ type: 'band', paddingInner: 0.3 }}
      yScale={{ type: 'linear', domain: [0, 100], zero: true }}
    >
      <Grid columns={false} numTicks={5} lineStyle={{ stroke: '#e5e7eb' }} />
      <Axis orientation="bottom" label={t('dashboard.axisTask')} tickFormat={short} numTicks={Math.min(points.length, Math.floor(width / 90))} />
      <Axis orientation="left" label={t('dashboard.axisScore')} numTicks={5} />
      {others.map(line)}
      {others.map(dots)}
      {line(MINE)}
      {dots(MINE)}
      <Tooltip<ScorePoint>
        showVerticalCrosshair
        snapTooltipToDatumX
        renderTooltip={({ tooltipData }) => {
          const p = tooltipData?.nearestDatum?.datum;
          if (!p) return null;
          return (
            <div className="chart-tip">
              <strong translate="no">{p.testId}</strong>
              {SERIES.map((s) => (
                <div key={s.key} style={{ color: s.color }}>
                  <T k={s.label} />: {p[s.key]}
                </div>
              ))}
            </div>
          );
        }}
      />
    </XYChart>
  );
}
