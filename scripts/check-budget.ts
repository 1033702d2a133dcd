/**
 * `npm run check:budget`: the weight of every page in dist/ against its budget (gzipped), printed as a
 * table; exits 1 when a page is over. Budgets (docs/performance.md, "Budgets"):
 * - form pages: before the visitor reaches for the form (it hydrates on that first interaction),
 *   JS ≤ 5 KB and none of the form's own script; once they have reached for it, JS ≤ 95 KB (dayjs
 *   comes later, when an enquiry is sent); with the page's other islands used too (a calculator,
 *   which wakes on its own first interaction), ≤ 100 KB;
 * - home (in every language: /, /ta, /te, /kn): JS ≤ 100 KB;
 * - pages with no island: JS ≤ 5 KB, their inline scripts only, no framework;
 * - any other page: JS ≤ 100 KB;
 * - every page: CSS ≤ 20 KB.
 * /admin (Decap CMS, for editors, not visitors) has no budget, but no other page may load any of
 * its JavaScript. /leads (the team's inbox) has the "other" budget, and its island must be a bundle
 * no other page loads; its first screen (what loads before a view is opened) stays within
 * INBOX_FIRST_SCREEN_JS, the weight it had before Insights, and Insights, a chunk loaded only when
 * opened, adds at most INSIGHTS_JS.
 * "HTML+CSS" is the page's HTML (its CSS is inlined, astro.config.mjs) plus any linked stylesheet.
 *
 * Then the main thread's work during a page load, counted, not timed (scripts/lib/page-work.ts), on
 * one page of each family in English and in Tamil (PAGE_WORK_BUDGETS): the DOM's nodes, the layout
 * tree's objects and the style rules within the family's budget, at most LAYOUTS layouts and
 * STYLE_RECALCS style recalculations during the load, and every page measured with netlify.toml's
 * headers, as Netlify serves it.
 *
 * `npm run check:budget -- --write` also writes the tables into docs/performance.md (between the
 * bench:budget and bench:work markers). `-- --dist <dir>` checks another build's folder;
 * `-- --work` counts the main thread's work only.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { FORM_ISLAND, FORM_JS_LIMIT, kb, lazyChunks, measurePages, type PageWeight } from './lib/page-weight.ts';
import { measurePageWork, type PageWork } from './lib/page-work.ts';
import { TEAM_ROUTES, localizePath, splitLocalePath } from '../src/lib/routing/index.ts';

const { values: args } = parseArgs({
  options: { write: { type: 'boolean', default: false }, dist: { type: 'string' }, work: { type: 'boolean', default: false } },
});
const KB = 1024;
const DOC = path.resolve(import.meta.dirname, '..', 'docs/performance.md');
const dist = path.resolve(args.dist ?? path.join(import.meta.dirname, '..', 'dist'));
if (!existsSync(dist)) {
  console.error(`budget: ${dist} is missing. Run \`npm run build\` first.`);
  process.exit(1);
}

/** Puts a table between its markers (<!-- bench:NAME:start --> and :end) in docs/performance.md. */
const writeTable = async (name: string, table: string) => {
  const [start, end] = [`<!-- bench:${name}:start -->`, `<!-- bench:${name}:end -->`];
  const text = await readFile(DOC, 'utf8');
  const block = `${start}\n${table}\n${end}`;
  await writeFile(
    DOC,
    text.includes(start) ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block) : `${text.trimEnd()}\n\n${block}\n`,
  );
  console.log(`budget: table written to docs/performance.md (bench:${name})`);
};

/** Every page's JS, HTML and CSS against its budget: what is over, and the table's rows. */
const checkWeights = async (): Promise<{ over: string[]; rows: string[] }> => {
  const pages = await measurePages(dist);
  const isForm = (page: PageWeight) => page.scripts.some((s) => FORM_ISLAND.test(s));
  const hasNoIsland = (page: PageWeight) => page.islands.length === 0;
  const NO_ISLAND_JS = 5 * KB;

  const ADMIN = TEAM_ROUTES.cms;
  const adminScripts = new Set(pages.find((p) => p.route === ADMIN)?.scripts ?? []);
  // The team inbox's own code (its island and what only it imports) never reaches a visitor's page.
  const INBOX = TEAM_ROUTES.inbox;
  const sharedScripts = new Set(pages.filter((p) => p.route !== INBOX && p.route !== ADMIN).flatMap((p) => p.scripts));
  const inboxOwnScripts = (pages.find((p) => p.route === INBOX)?.scripts ?? []).filter((s) => !sharedScripts.has(s));
  /**
   * The inbox's first screen (sign-in and the list) loaded 79.2 KB of JS before Insights; with
   * routing (Mine, Turn on alerts, the worker's registration) it is 80.5 KB, so 81 KB; it may not grow further.
   */
  const INBOX_FIRST_SCREEN_JS = 81 * KB;
  /** Insights, loaded when opened, may add this much. */
  const INSIGHTS_JS = 60 * KB;
  const inboxPage = pages.find((p) => p.route === INBOX);
  const inboxChunks = inboxPage ? await lazyChunks(dist, inboxPage) : [];
  const insightsChunk = inboxChunks.find((chunk) => /InsightsView/.test(chunk.entry));
  const inboxProblems = [
    inboxPage && inboxPage.jsGz > INBOX_FIRST_SCREEN_JS
      ? `the inbox's first screen is ${kb(inboxPage.jsGz)} KB, over ${kb(INBOX_FIRST_SCREEN_JS)} KB`
      : '',
    inboxPage && !insightsChunk ? 'Insights are not a chunk loaded when opened' : '',
    insightsChunk && insightsChunk.gz > INSIGHTS_JS ? `Insights add ${kb(insightsChunk.gz)} KB, over ${kb(INSIGHTS_JS)} KB` : '',
  ].filter(Boolean);

  /** What a form page may load before the first interaction: the inline loader and the plain scripts. */
  const FORM_BEFORE_JS = 5 * KB;
  const formScriptBefore = (page: PageWeight) => page.scriptsBefore.some((s) => /(Form|client)\.[\w-]+\.js$/.test(s));

  const budgetOf = (page: PageWeight): { js: number; before?: number; form?: number; label: string } => {
    if (page.route === ADMIN) return { js: Infinity, label: "editors' CMS: no budget" };
    if (isForm(page))
      return {
        js: 100 * KB,
        before: FORM_BEFORE_JS,
        form: FORM_JS_LIMIT,
        label: 'form: ≤ 5 KB before interaction, ≤ 95 KB with the form, ≤ 100 KB with every island',
      };
    if (splitLocalePath(page.route).route === '/') return { js: 100 * KB, label: 'home ≤ 100 KB' };
    if (hasNoIsland(page)) return { js: NO_ISLAND_JS, label: 'no island ≤ 5 KB (no framework)' };
    return { js: 100 * KB, label: 'other ≤ 100 KB' };
  };
  const CSS_BUDGET = 20 * KB;

  const rows: string[] = [];
  console.log(
    `${'Page'.padEnd(38)} ${'JS before'.padStart(9)} ${'with form'.padStart(9)} ${'JS after'.padStart(9)} ${'HTML+CSS gz'.padStart(12)} ${'CSS gz'.padStart(8)}  JS budget`,
  );
  const over: string[] = [];
  for (const page of pages) {
    const budget = budgetOf(page);
    const problems = [
      page.jsGz > budget.js ? 'JS over' : '',
      budget.before !== undefined && page.jsBeforeGz > budget.before ? 'JS before interaction over' : '',
      budget.form !== undefined && (page.formJsGz ?? 0) > budget.form ? 'JS with the form over' : '',
      isForm(page) && formScriptBefore(page) ? "form's script loads before interaction" : '',
      page.cssGz > CSS_BUDGET ? 'CSS over' : '',
      page.route !== ADMIN && page.scripts.some((s) => adminScripts.has(s)) ? "loads /admin's JS" : '',
      page.route === INBOX && !inboxOwnScripts.some((s) => /LeadsInbox/.test(s)) ? "the inbox's island is not a bundle of its own" : '',
    ].filter(Boolean);
    if (problems.length > 0) over.push(`${page.route} (${problems.join(', ')})`);
    rows.push(
      `| \`${page.route}\` | ${kb(page.jsBeforeGz)} KB | ${page.formJsGz === null ? '' : `${kb(page.formJsGz)} KB`} | ${kb(page.jsGz)} KB | ${kb(page.htmlGz + page.linkedCssGz)} KB | ${kb(page.cssGz)} KB | ${budget.label} | ${problems.length ? `✗ ${problems.join(', ')}` : 'within'} |`,
    );
    console.log(
      `${page.route.padEnd(38)} ${kb(page.jsBeforeGz).padStart(6)} KB ${(page.formJsGz === null ? '' : `${kb(page.formJsGz)} KB`).padStart(9)} ${kb(page.jsGz).padStart(6)} KB ${kb(page.htmlGz + page.linkedCssGz).padStart(9)} KB ${kb(page.cssGz).padStart(5)} KB  ${budget.label}${problems.length ? `  ✗ ${problems.join(', ')}` : ''}`,
    );
  }
  console.log(`${pages.length} pages; CSS budget 20 KB each.`);
  if (inboxPage)
    console.log(
      `${INBOX}: first screen ${kb(inboxPage.jsGz)} KB (≤ ${kb(INBOX_FIRST_SCREEN_JS)} KB); loaded when opened: ${inboxChunks
        .map((chunk) => `${path.basename(chunk.entry)} +${kb(chunk.gz)} KB`)
        .join(', ')} (Insights ≤ ${kb(INSIGHTS_JS)} KB)`,
    );
  over.push(...inboxProblems.map((problem) => `${INBOX} (${problem})`));
  return { over, rows };
};
const weights = args.work ? { over: [], rows: [] } : await checkWeights();
if (args.write && !args.work)
  await writeTable(
    'budget',
    [
      `Produced by \`npm run check:budget -- --write\` on ${new Date().toISOString().slice(0, 10)} from \`dist/\` (gzip level 9).`,
      '',
      "JS before: what loads before the visitor interacts; with the form: once they have reached for the page's form (it loads its script on that first interaction); JS after: once they have used every island of the page (a calculator too).",
      '',
      '| Page | JS before (gz) | with the form (gz) | JS after (gz) | HTML+CSS (gz) | of which CSS (gz) | JS budget | |',
      '|---|---|---|---|---|---|---|---|',
      ...weights.rows,
    ].join('\n'),
  );

// The main thread's work during a load (scripts/lib/page-work.ts), one page of each family, in
// English and in Tamil. Budgets: the family's figures of 2026-12-02 and about 5 % (nodes, layout
// objects, style rules, elements styled); the layouts and style recalculations of any page's load,
// at most 12 (a load takes 4 to 10: the first frame, the late fonts, the few its scripts force,
// and one or two more or less with the order in which the files arrive). Elements styled is what catches a
// change on <html> after the first paint: the heading font's wait, set on :root, restyled every
// element of the page when it ended (/Flats: 1,496 elements styled during the load, 271 now).
const LAYOUTS = 12;
const STYLE_RECALCS = 12;
const PAGE_WORK_BUDGETS = [
  { family: 'home', route: '/', nodes: 930, layoutObjects: 1300, styleRules: 265, styledElements: 1260 },
  { family: 'text page', route: '/Aboutpage', nodes: 610, layoutObjects: 345, styleRules: 185, styledElements: 300 },
  { family: 'division', route: '/Aranya_Realty', nodes: 560, layoutObjects: 545, styleRules: 195, styledElements: 525 },
  { family: 'buy or sell', route: '/Buy', nodes: 510, layoutObjects: 610, styleRules: 190, styledElements: 620 },
  { family: 'property form', route: '/Flats', nodes: 1410, layoutObjects: 535, styleRules: 270, styledElements: 290 },
  { family: 'loan form', route: '/Vehicleloan', nodes: 1460, layoutObjects: 560, styleRules: 270, styledElements: 295 },
  { family: 'plan form', route: '/Mutualfunds', nodes: 720, layoutObjects: 495, styleRules: 270, styledElements: 270 },
  { family: 'contact', route: '/Contactus', nodes: 720, layoutObjects: 520, styleRules: 240, styledElements: 375 },
  { family: 'message page', route: '/Thankyou', nodes: 480, layoutObjects: 220, styleRules: 165, styledElements: 200 },
] as const;
const WORK_LOCALES = ['en', 'ta'] as const;
const workPages = PAGE_WORK_BUDGETS.flatMap((budget) =>
  WORK_LOCALES.map((locale) => ({ ...budget, route: localizePath(budget.route, locale) })),
);
type WorkPage = (typeof workPages)[number];
const workProblems = (page: WorkPage, counted: PageWork) =>
  [
    counted.nodes > page.nodes ? `${counted.nodes} nodes, over ${page.nodes}` : '',
    counted.layoutObjects > page.layoutObjects ? `${counted.layoutObjects} layout objects, over ${page.layoutObjects}` : '',
    counted.layouts > LAYOUTS ? `${counted.layouts} layouts, over ${LAYOUTS}` : '',
    counted.styleRecalcs > STYLE_RECALCS ? `${counted.styleRecalcs} style recalculations, over ${STYLE_RECALCS}` : '',
    counted.styleRules > page.styleRules ? `${counted.styleRules} style rules, over ${page.styleRules}` : '',
    counted.styledElements > page.styledElements ? `${counted.styledElements} elements styled, over ${page.styledElements}` : '',
    counted.coop ? '' : "served without netlify.toml's Cross-Origin-Opener-Policy: not measured as Netlify serves it",
  ].filter(Boolean);
const started = Date.now();
const work = await measurePageWork(
  dist,
  workPages.map((page) => page.route),
);
// A page over its budget is counted once more, and is over only if it is over again; a change to
// the page adds its work every time. (The swing of some 65 elements styled that this once caught,
// the phone menu styled or not in the first style pass, is gone: MainNav.astro folds the menu by
// `scripting: enabled`, not by a class a module script adds. What is left moves by 0 to 3.)
const recount = workPages.filter((page, i) => workProblems(page, work[i]).length > 0);
if (recount.length > 0) {
  const again = await measurePageWork(
    dist,
    recount.map((page) => page.route),
  );
  for (const [j, page] of recount.entries()) {
    const i = workPages.indexOf(page);
    console.log(`budget: ${page.route} over its work budget (${workProblems(page, work[i]).join(', ')}); counted again`);
    work[i] = again[j];
  }
}
const workOver: string[] = [];
const workRows: string[] = [];
console.log(
  `\n${'Page (main-thread work)'.padEnd(24)} ${'nodes'.padStart(11)} ${'layout objects'.padStart(14)} ${'layouts'.padStart(8)} ${'styles'.padStart(7)} ${'rules'.padStart(9)} ${'styled'.padStart(11)}`,
);
for (const [i, page] of workPages.entries()) {
  const counted = work[i];
  const problems = workProblems(page, counted);
  if (problems.length > 0) workOver.push(`${page.route} (${problems.join(', ')})`);
  workRows.push(
    `| ${page.family} | \`${page.route}\` | ${counted.nodes} (≤ ${page.nodes}) | ${counted.layoutObjects} (≤ ${page.layoutObjects}) | ${counted.layouts} | ${counted.styleRecalcs} | ${counted.styleRules} (≤ ${page.styleRules}) | ${counted.styledElements} (≤ ${page.styledElements}) | ${problems.length ? `✗ ${problems.join(', ')}` : 'within'} |`,
  );
  console.log(
    `${page.route.padEnd(24)} ${`${counted.nodes}/${page.nodes}`.padStart(11)} ${`${counted.layoutObjects}/${page.layoutObjects}`.padStart(14)} ${`${counted.layouts}/${LAYOUTS}`.padStart(8)} ${`${counted.styleRecalcs}/${STYLE_RECALCS}`.padStart(7)} ${`${counted.styleRules}/${page.styleRules}`.padStart(9)} ${`${counted.styledElements}/${page.styledElements}`.padStart(11)}${problems.length ? `  ✗ ${problems.join(', ')}` : ''}`,
  );
}
console.log(`${workPages.length} pages' main-thread work counted in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
if (args.write)
  await writeTable(
    'work',
    [
      `Produced by \`npm run check:budget -- --write\` on ${new Date().toISOString().slice(0, 10)} from \`dist/\`, in Chromium's headless shell (deterministic mode, 412 x 823 px).`,
      '',
      `Layouts and style recalculations: during the load, at most ${LAYOUTS} and ${STYLE_RECALCS} on every page.`,
      '',
      '| Family | Page | DOM nodes (budget) | Layout objects (budget) | Layouts | Style recalcs | Style rules (budget) | Elements styled (budget) | |',
      '|---|---|---|---|---|---|---|---|---|',
      ...workRows,
    ].join('\n'),
  );

const over = [...weights.over, ...workOver];
if (over.length > 0) {
  console.error(`budget: over budget: ${over.join('; ')}`);
  process.exit(1);
}
