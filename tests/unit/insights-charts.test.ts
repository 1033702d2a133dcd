/**
 * Insights' charts and tables (src/islands/inbox/insights): every series colour stands 3:1 or
 * more against the white page (WCAG's non-text contrast), the line patterns differ so no series
 * is told by colour alone, and a table's CSV keeps every cell as written (quoted where needed,
 * formula starters made text).
 */
import { describe, expect, test } from 'vitest';
import { DASHES, PALETTE } from '../../src/islands/inbox/insights/charts.tsx';
import { tableCsv } from '../../src/islands/inbox/insights/FigureBlock.tsx';
import { contrast, type Rgb } from '../support/contrast.ts';

const rgb = (hex: string): Rgb => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)) as Rgb;

describe('the charts', () => {
  test.each(PALETTE)('%s has at least 3:1 against white', (colour) => {
    expect(contrast(rgb(colour), [255, 255, 255])).toBeGreaterThanOrEqual(3);
  });

  test('as many line patterns as colours, each different', () => {
    expect(DASHES).toHaveLength(PALETTE.length);
    expect(new Set(DASHES).size).toBe(DASHES.length);
    expect(new Set(PALETTE).size).toBe(PALETTE.length);
  });
});

test("a table's CSV: BOM, header, CRLF, quotes where needed, formula starters as text", () => {
  expect(
    tableCsv(
      ['Source', 'Leads', 'Share won'],
      [
        ['google', 3, '33 %'],
        ['=HYPERLINK("x")', 1, '0 %'],
        ['a, b', 2, '–'],
      ],
    ),
  ).toBe('\uFEFFSource,Leads,Share won\r\ngoogle,3,33 %\r\n"\'=HYPERLINK(""x"")",1,0 %\r\n"a, b",2,–\r\n');
});
