/**
 * Two small SVG charts drawn by React (no chart library): lines over weeks, and horizontal bars.
 * Every series has a colour that stands 3:1 or more against white, and also a line pattern (lines)
 * or a fill (bars: solid or outlined), and is named in the legend; the numbers are in the table
 * each chart comes with, so the chart itself is one labelled picture for a screen reader.
 */
import type { ReactNode } from 'react';

export interface Series {
  name: string;
  colour: string;
  /** Lines: an SVG dash pattern ('' for solid). Bars: outlined instead of solid. */
  dash?: string;
  outlined?: boolean;
}

/** Colours with at least 3:1 contrast on white (WCAG's non-text contrast). */
export const PALETTE = ['#1d4ed8', '#b45309', '#047857', '#7e22ce', '#be123c', '#4b5563'];
export const DASHES = ['', '8 4', '2 3', '10 3 2 3', '4 4', '1 5'];

const niceMax = (value: number) => {
  if (value <= 5) return 5;
  const step = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / step) * step;
};

function Legend({ series }: { series: Series[] }) {
  return (
    <ul className="chart-legend">
      {series.map((entry) => (
        <li key={entry.name}>
          <svg width="28" height="12" aria-hidden="true">
            {entry.outlined !== undefined ? (
              <rect
                x="1"
                y="1"
                width="26"
                height="10"
                fill={entry.outlined ? '#fff' : entry.colour}
                stroke={entry.colour}
                strokeWidth="2"
              />
            ) : (
              <line x1="0" y1="6" x2="28" y2="6" stroke={entry.colour} strokeWidth="3" strokeDasharray={entry.dash || undefined} />
            )}
          </svg>
          {entry.name}
        </li>
      ))}
    </ul>
  );
}

/** Lines over a list of labelled points (weeks), one per series. */
export function LineChart({
  label,
  points,
  series,
  values,
  format = String,
}: {
  label: string;
  points: string[];
  series: Series[];
  values: (number | null)[][];
  format?: (value: number) => string;
}) {
  const width = 640;
  const height = 260;
  // Room for the axis's numbers ("2.5 h", "45 min") at the phone's larger text.
  const left = 96;
  const bottom = 30;
  const top = 12;
  const max = niceMax(Math.max(0, ...values.flat().map((value) => value ?? 0)));
  const x = (n: number) => left + (n * (width - left - 8)) / Math.max(1, points.length - 1);
  const y = (value: number) => top + (1 - value / max) * (height - top - bottom);
  // Four labels at most, counted back from the newest point, so the newest is always named and
  // none runs into the next at the phone's larger text.
  const every = Math.ceil(points.length / 4);
  const last = points.length - 1;
  return (
    <div className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="chart-svg">
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={left} x2={width - 8} y1={y(tick)} y2={y(tick)} stroke="#cbd5e1" />
            <text x={left - 6} y={y(tick) + 4} textAnchor="end" className="chart-tick">
              {format(tick)}
            </text>
          </g>
        ))}
        {points.map((point, n) =>
          (last - n) % every === 0 ? (
            <text
              key={point}
              x={x(n)}
              y={height - 6}
              textAnchor={n === last ? 'end' : n < every / 2 ? 'start' : 'middle'}
              className="chart-tick"
            >
              {point}
            </text>
          ) : null,
        )}
        {series.map((entry, s) => {
          const path = values[s]
            .map((value, n) => (value === null ? null : `${x(n)},${y(value)}`))
            .reduce<string[]>((parts, point, n, all) => {
              if (point === null) return parts;
              parts.push(`${n === 0 || all[n - 1] === null ? 'M' : 'L'}${point}`);
              return parts;
            }, [])
            .join(' ');
          return (
            <path key={entry.name} d={path} fill="none" stroke={entry.colour} strokeWidth="2.5" strokeDasharray={entry.dash || undefined} />
          );
        })}
      </svg>
      <Legend series={series} />
    </div>
  );
}

/** Horizontal bars: one group per row, one bar per series, its number at its end. */
export function BarChart({
  label,
  rows,
  series,
  format = String,
}: {
  label: string;
  rows: { label: string; values: (number | null)[] }[];
  series: Series[];
  format?: (value: number) => string;
}) {
  const width = 640;
  // Tall enough for the phone's larger text: a bar's number never touches the next one's.
  const bar = 24;
  const gap = 12;
  const labelHeight = 32;
  const group = labelHeight + series.length * (bar + 4) + gap;
  const height = Math.max(group, rows.length * group);
  const max = niceMax(Math.max(0, ...rows.flatMap((row) => row.values.map((value) => value ?? 0))));
  // Room after the longest bar for its number ("10 h 05 min") at the phone's larger text.
  const span = width - 190;
  return (
    <div className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="chart-svg">
        {rows.map((row, r) => (
          <g key={row.label} transform={`translate(0 ${r * group})`}>
            <text x="0" y="24" className="chart-label">
              {row.label.length > 40 ? `${row.label.slice(0, 39)}…` : row.label}
            </text>
            {series.map((entry, s): ReactNode => {
              const value = row.values[s];
              const length = value ? Math.max(2, (value / max) * span) : 0;
              const top = labelHeight + s * (bar + 4);
              return (
                <g key={entry.name}>
                  <rect
                    x="1"
                    y={top}
                    width={length}
                    height={bar}
                    fill={entry.outlined ? '#fff' : entry.colour}
                    stroke={entry.colour}
                    strokeWidth={entry.outlined ? 2 : 0}
                  />
                  <text x={length + 6} y={top + bar - 4} className="chart-tick">
                    {value === null ? '–' : format(value)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
      </svg>
      {series.length > 1 && <Legend series={series} />}
    </div>
  );
}
