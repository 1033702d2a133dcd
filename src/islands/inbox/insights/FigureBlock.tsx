/**
 * One figure of Insights: its heading, its chart, its numbers in a table (what a screen reader
 * reads), and a CSV download of that table.
 */
import type { ReactNode } from 'react';

export type Cell = string | number;

/** The table as CSV: a BOM for Excel, quoted where needed, a formula starter made text. */
export const tableCsv = (columns: string[], rows: Cell[][]) => {
  const cell = (value: Cell) => {
    let text = String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `\uFEFF${[columns, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
};

const download = (name: string, csv: string) => {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

export function FigureBlock({
  id,
  title,
  note,
  chart,
  columns,
  rows,
  file,
}: {
  id: string;
  title: string;
  note?: ReactNode;
  chart?: ReactNode;
  columns: string[];
  rows: Cell[][];
  /** The CSV file's name, without ".csv". */
  file: string;
}) {
  return (
    <section className="insights-figure" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {note && <p className="insights-note">{note}</p>}
      {chart}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a table wider than the phone scrolls: the keyboard must reach it */}
      <div className="insights-table" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table>
          <caption id={`${id}-caption`}>{title}: the numbers</caption>
          <thead>
            <tr>
              {columns.map((column, n) => (
                <th key={column} scope="col" className={n > 0 ? 'num' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length}>None in this range.</td>
              </tr>
            )}
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((value, n) =>
                  n === 0 ? (
                    <th key={n} scope="row">
                      {value}
                    </th>
                  ) : (
                    <td key={n} className="num">
                      {value}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="inbox-button"
        aria-label={`Download these numbers (CSV): ${title}`}
        onClick={() => download(`${file}.csv`, tableCsv(columns, rows))}
      >
        Download these numbers (CSV)
      </button>
    </section>
  );
}
