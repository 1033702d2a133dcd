/**
 * The regular Indic face's descriptors as a stand-in for the bold one (src/styles/bold-stand-in.ts):
 * scaled to the bold face's widths, measured from the font files, with its own vertical metrics kept.
 */
import { describe, expect, it } from 'vitest';
import { boldStandInDescriptors } from '../../src/styles/bold-stand-in';
import { INDIC_FONTS } from '../../src/styles/indic-fonts';

const descriptor = (css: string, name: string) => Number.parseFloat(new RegExp(`${name}:([\\d.]+)%`).exec(css)?.[1] ?? 'NaN') / 100;

describe('bold stand-in', () => {
  // Noto Sans Tamil, Telugu and Kannada regular: ascent and descent per 1,000 units (hhea).
  const VERTICAL = { ta: [870, 370], te: [869, 483], kn: [809, 540] } as const;
  for (const [locale, [ascent, descent]] of Object.entries(VERTICAL) as [keyof typeof VERTICAL, readonly [number, number]][]) {
    it(`${locale}: scales the regular face 5 to 12 % wider and keeps its ascent and descent`, () => {
      const css = boldStandInDescriptors(locale, INDIC_FONTS[locale]!.family);
      const size = descriptor(css, 'size-adjust');
      expect(size).toBeGreaterThan(1.05);
      expect(size).toBeLessThan(1.12);
      expect(descriptor(css, 'ascent-override') * size).toBeCloseTo(ascent / 1000, 3);
      expect(descriptor(css, 'descent-override') * size).toBeCloseTo(descent / 1000, 3);
      expect(descriptor(css, 'line-gap-override')).toBe(0);
    });
  }
});
