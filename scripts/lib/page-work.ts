/**
 * The main thread's work during a page load, counted instead of timed, so the same build gives the
 * same figures on a fast machine, a slow one or a busy one (`npm run check:budget`, docs/performance.md
 * "Main-thread work"). Lighthouse's TBT moves by 50 ms or more from run to run on this 2-core
 * machine; these counts move by one layout at most.
 *
 * Each page is loaded in Chromium's headless shell in deterministic mode, where the page draws a
 * frame only when asked (HeadlessExperimental.beginFrame), from dist/ served as Netlify serves it
 * (harness/static-site.ts: netlify.toml's headers, compressed), as a phone (412 x 823 CSS px, the
 * viewport Lighthouse emulates). Frames are drawn at fixed points: once the HTML is parsed
 * (the first paint), then once everything has loaded and the fonts are ready, then twice (the
 * heading font's wait ends two frames after the load, src/styles/late-fonts.ts), then once that
 * font is ready, and once more. So the layouts and style recalculations counted are the page's own:
 * the first frame, those its scripts force, and those a late font or picture causes; not those the
 * parser happened to meet a frame for on a slow machine.
 *
 * Counted per page (CDP Performance.getMetrics, and the page's DOM and CSSOM):
 * - nodes: the document's DOM nodes (elements, text, comments);
 * - layoutObjects: the layout tree's objects once loaded (the page's and its SVG pictures'), after a
 *   garbage collection;
 * - layouts, styleRecalcs: LayoutCount and RecalcStyleCount during the load;
 * - styledElements: the elements those style recalculations styled, added up (the trace's
 *   UpdateLayoutTree events): a class or custom property changed on <html> after the first paint
 *   restyles the whole page again, a change on a few elements restyles those;
 * - styleRules: the style rules of its stylesheets (inside @media and @supports too);
 * - coop: whether the page came with netlify.toml's Cross-Origin-Opener-Policy (a page measured
 *   without it runs in another renderer process and is not comparable).
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { findHeadlessShell } from '../../harness/chromium.ts';
import { serveStaticSite } from '../../harness/static-site.ts';

export interface PageWork {
  route: string;
  nodes: number;
  layoutObjects: number;
  layouts: number;
  styleRecalcs: number;
  styledElements: number;
  styleRules: number;
  coop: boolean;
}

interface TraceEvent {
  name: string;
  args?: { elementCount?: number };
}

/** Lighthouse's mobile viewport (Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** A page in a context of its own whose frames are drawn only on beginFrame. */
const frameControlledPage = async (browser: Browser): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext(PHONE);
  const opener = await context.newPage();
  const { targetInfo } = await (await context.newCDPSession(opener)).send('Target.getTargetInfo');
  const created = context.waitForEvent('page');
  const session = await browser.newBrowserCDPSession();
  await session.send('Target.createTarget', {
    url: 'about:blank',
    browserContextId: targetInfo.browserContextId,
    enableBeginFrameControl: true,
  });
  const page = await created;
  await opener.close();
  await session.detach();
  return { context, page };
};

const countPage = async (browser: Browser, origin: string, route: string): Promise<PageWork> => {
  const { context, page } = await frameControlledPage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const frame = () => cdp.send('HeadlessExperimental.beginFrame', { noDisplayUpdates: false });
    const metrics = async () =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value])) as Record<string, number>;
    await frame();
    const before = await metrics();
    await browser.startTracing(page, { categories: ['devtools.timeline'] });
    const response = await page.goto(`${origin}${route}`, { waitUntil: 'domcontentloaded' });
    if (!response?.ok()) throw new Error(`page-work: ${route} answered ${response?.status()}`);
    const fontsReady = () => page.evaluate(() => document.fonts.ready.then(() => undefined));
    await frame();
    await page.waitForLoadState('load');
    await fontsReady();
    await frame();
    await frame();
    await frame();
    await fontsReady();
    await frame();
    // Garbage first: the renderer's count includes the layout objects of documents it no longer
    // shows until they are collected (now and then some 70 more on the very same page, 4 documents
    // instead of 2; after a collection, the same figure every time).
    await cdp.send('HeapProfiler.collectGarbage');
    const after = await metrics();
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    const { nodes, styleRules } = await page.evaluate(() => {
      const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
      let count = 0;
      while (walker.nextNode()) count++;
      const rulesOf = (list: CSSRuleList): number =>
        [...list].reduce(
          (sum, rule) => sum + (rule instanceof CSSStyleRule ? 1 : 'cssRules' in rule ? rulesOf((rule as CSSGroupingRule).cssRules) : 0),
          0,
        );
      return { nodes: count, styleRules: [...document.styleSheets].reduce((sum, sheet) => sum + rulesOf(sheet.cssRules), 0) };
    });
    return {
      route,
      nodes,
      layoutObjects: after.LayoutObjects,
      layouts: after.LayoutCount - before.LayoutCount,
      styleRecalcs: after.RecalcStyleCount - before.RecalcStyleCount,
      styledElements: trace.traceEvents.reduce(
        (sum, event) => sum + (event.name === 'UpdateLayoutTree' ? (event.args?.elementCount ?? 0) : 0),
        0,
      ),
      styleRules,
      coop: response.headers()['cross-origin-opener-policy'] === 'same-origin',
    };
  } finally {
    await context.close();
  }
};

/**
 * Counts the work of each route of a built folder, served with this tree's netlify.toml headers
 * (`headers`: another netlify.toml, or null for none).
 */
export const measurePageWork = async (
  dist: string,
  routes: readonly string[],
  { headers }: { headers?: string | null } = {},
): Promise<PageWork[]> => {
  const site = await serveStaticSite(dist, headers === undefined ? {} : { headers });
  const browser = await chromium
    .launch({ executablePath: findHeadlessShell(), args: ['--no-sandbox', '--deterministic-mode'] })
    .catch(async (error: Error) => {
      await site.close();
      throw new Error(
        `page-work: no headless shell of Chromium to count with (apt-get install chromium-headless-shell, or npx playwright install chromium, or CHROMIUM_HEADLESS_SHELL=<path>): ${error.message.split('\n')[0]}`,
      );
    });
  try {
    const out: PageWork[] = [];
    for (const route of routes) out.push(await countPage(browser, site.origin, route));
    return out;
  } finally {
    await browser.close();
    await site.close();
  }
};
