/**
 * scripts/lib/page-work.ts, with which `npm run check:budget` holds each page family's main-thread
 * work: it counts what a page makes the browser do (nodes, layout objects, style rules, layouts,
 * style recalculations and the elements they styled), the same on any machine, and tells a page served without netlify.toml's
 * headers. Needs Chromium's headless shell, like the budget (harness/chromium.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurePageWork } from '../../scripts/lib/page-work.ts';
import { DIST } from '../support/dist.ts';

let dir: string;
const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `<p>Paragraph ${i}</p>`).join('');
// A page whose own script forces a layout 20 times (what a carousel measuring itself in a loop does).
const thrash = `<script>for (let i = 0; i < 20; i++) { document.body.style.width = 300 + i + 'px'; document.body.offsetHeight; }</script>`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'page-work-'));
  const page = (body: string) =>
    `<!doctype html><html><head><title>t</title><style>p { margin: 0 } .a { color: red } @media (width > 600px) { .b { color: blue } }</style></head><body>${body}</body></html>`;
  await writeFile(path.join(dir, 'plain.html'), page(paragraphs(10)));
  await writeFile(path.join(dir, 'thrash.html'), page(`${paragraphs(10)}${thrash}`));
  // A class on <html> that ends two frames after the load, as the heading font's wait does
  // (src/styles/late-fonts.ts), changing a custom property on :root or on the heading only.
  const wait = (rule: string) =>
    `<!doctype html><html class="w"><head><title>t</title><style>:root { --f: serif } ${rule} h1, p { font-family: var(--f) }</style></head><body><h1>Title</h1>${paragraphs(300)}<script>addEventListener('load', () => requestAnimationFrame(() => requestAnimationFrame(() => document.documentElement.classList.remove('w'))))</script></body></html>`;
  await writeFile(path.join(dir, 'wait-root.html'), wait(':root.w { --f: monospace }'));
  await writeFile(path.join(dir, 'wait-heading.html'), wait('.w :where(h1) { --f: monospace }'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the main-thread work of a page load, counted (npm run check:budget)', () => {
  it("counts a plain page's DOM, style rules and few layouts, and the layouts a script forces", async () => {
    const [plain, thrashing] = await measurePageWork(dir, ['/plain', '/thrash']);
    // doctype, html, head, title and its text, style and its text, body, then 10 × (p and its text)
    expect(plain).toMatchObject({ nodes: 28, styleRules: 3, coop: true });
    expect(plain.layouts).toBeLessThanOrEqual(4);
    expect(thrashing.layouts).toBeGreaterThanOrEqual(20);
    expect(thrashing.styleRecalcs).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it('counts the elements styled: a class ending on <html> after the load restyles all of them if it changes :root', async () => {
    const [root, heading] = await measurePageWork(dir, ['/wait-root', '/wait-heading']);
    // Both are styled once when first drawn (300 paragraphs); then the one restyles them all again, the other its h1.
    expect(heading.styledElements).toBeGreaterThanOrEqual(300);
    expect(root.styledElements - heading.styledElements).toBeGreaterThanOrEqual(300);
    expect(root.styleRecalcs).toBeGreaterThan(0);
  }, 120_000);

  it("tells a page served without netlify.toml's headers", async () => {
    const [bare] = await measurePageWork(dir, ['/plain'], { headers: null });
    expect(bare.coop).toBe(false);
  }, 120_000);

  it('counts a built page the same twice: nodes, layout objects and style rules', async () => {
    const [first, second] = await measurePageWork(DIST, ['/ta/Flats', '/ta/Flats']);
    expect(second).toMatchObject({ nodes: first.nodes, layoutObjects: first.layoutObjects, styleRules: first.styleRules, coop: true });
    expect(first.nodes).toBeGreaterThan(1000);
  }, 120_000);
});
