/**
 * `npm run weight`: the gzipped JavaScript of every form page in dist/ (issue "Enquiry forms",
 * Weight). Fails when a form page ships more than 110 KB; the aim is 95 KB. Run after a build.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { kb, measurePages } from './lib/page-weight.ts';

const LIMIT = 110 * 1024;
const AIM = 95 * 1024;
const dist = path.resolve(import.meta.dirname, '..', 'dist');
if (!existsSync(dist)) {
  console.error('weight: dist/ is missing. Run `npm run build` first.');
  process.exit(1);
}

const pages = (await measurePages(dist)).filter((page) => page.scripts.some((s) => /Form\.[\w-]+\.js$/.test(s)));
if (pages.length === 0) {
  console.error('weight: no form page found in dist/.');
  process.exit(1);
}
console.log('Form page            JS (gz)   HTML (gz)  CSS (gz)');
for (const page of pages) {
  const mark = page.jsGz > LIMIT ? '  OVER 110 KB' : page.jsGz > AIM ? '  (above the 95 KB aim)' : '';
  console.log(
    `${page.route.padEnd(20)} ${kb(page.jsGz).padStart(7)} KB ${kb(page.htmlGz).padStart(7)} KB ${kb(page.cssGz).padStart(7)} KB${mark}`,
  );
}
const over = pages.filter((page) => page.jsGz > LIMIT);
const largest = Math.max(...pages.map((p) => p.jsGz));
console.log(`${pages.length} form pages; largest ${kb(largest)} KB of JS (limit 110 KB, aim 95 KB).`);
if (over.length > 0) {
  console.error(`weight: ${over.length} form page(s) over 110 KB of JS: ${over.map((p) => p.route).join(', ')}`);
  process.exit(1);
}
