/**
 * `npm run check:form-weight`: the gzipped JavaScript of every form page in dist/, before the visitor touches
 * the form, once they have reached for it (the form island hydrates on that first interaction,
 * `client:interact`), and with every island of the page used (a calculator wakes on its own first
 * interaction). Fails when a page loads any of the form's script before that interaction, or more
 * than 95 KB once the form is reached for. Run after a build.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { FORM_ISLAND, FORM_JS_LIMIT, kb, measurePages } from './lib/page-weight.ts';

const dist = path.resolve(import.meta.dirname, '..', 'dist');
if (!existsSync(dist)) {
  console.error('weight: dist/ is missing. Run `npm run build` first.');
  process.exit(1);
}

const pages = (await measurePages(dist)).filter((page) => page.scripts.some((s) => FORM_ISLAND.test(s)));
if (pages.length === 0) {
  console.error('weight: no form page found in dist/.');
  process.exit(1);
}
/** The JS once the visitor has reached for the form. */
const withForm = (page: (typeof pages)[number]) => page.formJsGz ?? page.jsGz;
/** A file of the form island (its component, React's runtime) that the page loads before any interaction. */
const formScriptsBefore = (page: (typeof pages)[number]) => page.scriptsBefore.filter((s) => /(Form|client)\.[\w-]+\.js$/.test(s));

console.log(
  'Form page            JS before  with form  all islands  HTML (gz)  CSS (gz)   (gz; "with form": once the visitor reaches for the form)',
);
for (const page of pages) {
  const early = formScriptsBefore(page);
  const mark = [early.length > 0 ? '  FORM SCRIPT BEFORE INTERACTION' : '', withForm(page) > FORM_JS_LIMIT ? '  OVER 95 KB' : ''].join('');
  console.log(
    `${page.route.padEnd(20)} ${kb(page.jsBeforeGz).padStart(6)} KB ${kb(withForm(page)).padStart(7)} KB ${kb(page.jsGz).padStart(9)} KB ${kb(page.htmlGz).padStart(7)} KB ${kb(page.cssGz).padStart(7)} KB${mark}`,
  );
}
const over = pages.filter((page) => withForm(page) > FORM_JS_LIMIT);
const early = pages.filter((page) => formScriptsBefore(page).length > 0);
const largest = Math.max(...pages.map(withForm));
const largestAll = Math.max(...pages.map((p) => p.jsGz));
const largestBefore = Math.max(...pages.map((p) => p.jsBeforeGz));
console.log(
  `${pages.length} form pages; before the first interaction at most ${kb(largestBefore)} KB of JS (inline loader and the plain scripts, none of the form's); once the form is reached for at most ${kb(largest)} KB (limit 95 KB); with every island used at most ${kb(largestAll)} KB.`,
);
if (early.length > 0) {
  console.error(
    `weight: ${early.length} form page(s) load the form's script before any interaction: ${early.map((p) => p.route).join(', ')}`,
  );
}
if (over.length > 0) {
  console.error(`weight: ${over.length} form page(s) over 95 KB of JS with the form: ${over.map((p) => p.route).join(', ')}`);
}
if (early.length > 0 || over.length > 0) process.exit(1);
