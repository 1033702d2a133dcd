/**
 * `npm run budget`: the weight of every page in dist/ against its budget (gzipped), printed as a
 * table; exits 1 when a page is over. Budgets (performance issue):
 * - form pages: JS ≤ 110 KB (aim 95 KB);
 * - home: JS ≤ 100 KB;
 * - pages whose only island is scroll-to-top: JS no more than React plus that island;
 * - every page: CSS ≤ 20 KB.
 * /admin (Decap CMS, for editors, not visitors) has no budget, but no other page may load any of
 * its JavaScript.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { kb, measurePages, type PageWeight } from './lib/page-weight.ts';

const KB = 1024;
const dist = path.resolve(import.meta.dirname, '..', 'dist');
if (!existsSync(dist)) {
  console.error('budget: dist/ is missing. Run `npm run build` first.');
  process.exit(1);
}

const pages = await measurePages(dist);
const isForm = (page: PageWeight) => page.scripts.some((s) => /Form\.[\w-]+\.js$/.test(s));
const islandsOf = (page: PageWeight) => page.scripts.filter((s) => /\/[A-Z]\w*\.[\w-]+\.js$/.test(s));
const onlyScrollToTop = (page: PageWeight) => {
  const islands = islandsOf(page).filter((s) => !/\/(client|react|jsx-runtime)\./.test(s));
  return islands.length > 0 && islands.every((s) => /ScrollToTop\./.test(s));
};

// The reference for scroll-to-top-only pages: React's modules and the island's (the module closure
// of its component and renderer), plus a small allowance for inline scripts (Astro's island loader
// and the header's few lines). Anything else a page loads makes it go over.
const INLINE_ALLOWANCE = 3 * KB;
const scrollOnly = pages.find(onlyScrollToTop);
const reactPlusScroll = scrollOnly ? Object.values(scrollOnly.moduleGz).reduce((a, b) => a + b, 0) + INLINE_ALLOWANCE : 0;

const ADMIN = '/admin';
const adminScripts = new Set(pages.find((p) => p.route === ADMIN)?.scripts ?? []);

const budgetOf = (page: PageWeight): { js: number; label: string } => {
  if (page.route === ADMIN) return { js: Infinity, label: "editors' CMS: no budget" };
  if (isForm(page)) return { js: 110 * KB, label: 'form ≤ 110 KB' };
  if (page.route === '/') return { js: 100 * KB, label: 'home ≤ 100 KB' };
  if (onlyScrollToTop(page)) return { js: reactPlusScroll, label: `React + scroll-to-top (${kb(reactPlusScroll)} KB)` };
  return { js: 100 * KB, label: 'other ≤ 100 KB' };
};
const CSS_BUDGET = 20 * KB;

console.log(`${'Page'.padEnd(38)} ${'JS gz'.padStart(9)} ${'HTML+CSS gz'.padStart(12)} ${'CSS gz'.padStart(8)}  JS budget`);
const over: string[] = [];
for (const page of pages) {
  const budget = budgetOf(page);
  const problems = [
    page.jsGz > budget.js ? 'JS over' : '',
    page.cssGz > CSS_BUDGET ? 'CSS over' : '',
    page.route !== ADMIN && page.scripts.some((s) => adminScripts.has(s)) ? "loads /admin's JS" : '',
  ].filter(Boolean);
  if (problems.length > 0) over.push(`${page.route} (${problems.join(', ')})`);
  console.log(
    `${page.route.padEnd(38)} ${kb(page.jsGz).padStart(6)} KB ${kb(page.htmlGz + page.cssGz).padStart(9)} KB ${kb(page.cssGz).padStart(5)} KB  ${budget.label}${problems.length ? `  ✗ ${problems.join(', ')}` : ''}`,
  );
}
console.log(`${pages.length} pages; CSS budget 20 KB each.`);
if (over.length > 0) {
  console.error(`budget: over budget: ${over.join('; ')}`);
  process.exit(1);
}
