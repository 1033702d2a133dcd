/**
 * The heading font's fallback faces (src/styles/fallback-fonts.ts): Capsize's overrides for Arial
 * (and its metric twins) and Roboto, one face per weight, limited to the heading font's range.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADING_FONT_USERS, HEADING_RANGE, headingFallbackCss, textFallbackFace } from '../../src/styles/fallback-fonts.ts';

const root = path.resolve(import.meta.dirname, '../..');

const faces = (css: string) => [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1]);
const descriptor = (face: string, name: string) => new RegExp(`(?:^|;)${name}:([^;]+)`).exec(face)?.[1];

describe('heading fallback faces', () => {
  const css = headingFallbackCss();

  it('gives each fallback a regular and a bold face, from the local fonts of that weight', () => {
    const all = faces(css);
    expect(all).toHaveLength(4);
    const arial = all.filter((f) => descriptor(f, 'font-family') === "'Heading Fallback: Arial'");
    expect(arial.map((f) => descriptor(f, 'font-weight'))).toEqual(['100 500', '600 900']);
    expect(arial[0]).toContain("local('Arial')");
    expect(arial[0]).toContain("local('Liberation Sans')");
    expect(arial[1]).toContain("local('Arial Bold')");
    expect(arial[1]).toContain("local('Liberation Sans Bold')");
    expect(arial[1]).not.toContain("local('Arial')");
  });

  it("draws Arial to Noto Sans Display's measurements (Capsize: width ratio and vertical metrics)", () => {
    const [arialRegular] = faces(css);
    const percent = (name: string) => Number.parseFloat(descriptor(arialRegular, name) ?? 'NaN') / 100;
    // Noto Sans Display's average width is 447/1000 of an em, Arial's 913/2048: about 100.27 %.
    expect(percent('size-adjust')).toBeCloseTo(447 / 1000 / (913 / 2048), 4);
    // Ascent 1069 and descent 293 of 1000 units, over the adjusted em; no line gap.
    expect(percent('ascent-override') * percent('size-adjust')).toBeCloseTo(1.069, 3);
    expect(percent('descent-override') * percent('size-adjust')).toBeCloseTo(0.293, 3);
    expect(percent('line-gap-override')).toBe(0);
  });

  it("limits every face to the heading font's characters and puts the faces in the heading stack", () => {
    for (const face of faces(css)) expect(descriptor(face, 'unicode-range')).toBe(HEADING_RANGE);
    expect(css).toContain(":root[lang]{--font-heading:'Heading','Heading Fallback: Arial','Heading Fallback: Roboto',var(--font)}");
  });

  it("leaves 'Heading' out of the stack while <html> has the wait class, on the elements that use the stack only", () => {
    expect(css).toContain(
      ".fonts-wait :where(h1,h2,h3,.page-header__kicker,.division-card__title){--font-heading:'Heading Fallback: Arial','Heading Fallback: Roboto',var(--font)}",
    );
    // Not on :root: changed there, the property would restyle every element of the page when the wait ends.
    expect(css).not.toMatch(/:root[^{]*\.fonts-wait/);
  });

  it('names every rule of src/ that sets the heading stack, so none of them fetches the font while it waits', () => {
    const sources = [...fs.globSync('src/**/*.{css,astro}', { cwd: root })];
    const users = sources.flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return [...text.matchAll(/([^{};]+)\{[^}]*font-family:\s*var\(--font-heading\)/g)].flatMap((m) =>
        m[1]
          .split(',')
          .map((selector) => selector.trim().split(/\s+/).at(-1) ?? '')
          .map((selector) => `${file}: ${selector}`),
      );
    });
    expect(users.length).toBeGreaterThanOrEqual(5);
    for (const user of users)
      expect(
        HEADING_FONT_USERS.some((name) => user.endsWith(`: ${name}`)),
        user,
      ).toBe(true);
  });
});

describe('Indic text fallback', () => {
  it("is the phone's own copy of the same family, in the script's range", () => {
    const [face] = faces(textFallbackFace('Noto Sans Tamil', 'Site Noto Sans Tamil fallback', 'U+0B82-0BFA'));
    expect(descriptor(face, 'font-family')).toBe("'Site Noto Sans Tamil fallback'");
    expect(face).toContain("local('Noto Sans Tamil'), local('NotoSansTamil-Regular')");
    expect(descriptor(face, 'unicode-range')).toBe('U+0B82-0BFA');
  });
});
