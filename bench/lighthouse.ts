/**
 * `npm run bench:lighthouse`: builds the site, serves it as `npm start` does (harness/serve.ts),
 * and runs Lighthouse 13 (mobile, default simulated throttling) in Chromium on every page type in
 * English and Tamil and a Telugu and a Kannada form page (PAGES), 3 times each. Prints the median of
 * each figure and writes the tables into docs/performance.md (between the bench:lighthouse markers).
 *
 * It measures twice: with compressed answers (brotli/gzip, as Netlify's CDN serves the site, so
 * what a visitor gets) and uncompressed (SERVE_COMPRESSION=0).
 *
 *   npm run bench:lighthouse                                  # build, both modes, 3 runs
 *   npm run bench:lighthouse -- --no-build --runs 1 --pages /,/Flats --modes compressed
 *   npm run bench:lighthouse -- --no-write                    # print only
 *
 * An interleaved A/B of two builds (`--against <built folder>`): this tree's dist/ and the other
 * build's folder are both served by harness/static-site.ts (this tree's netlify.toml headers, Netlify's
 * default Cache-Control, compressed), so that nothing but the pages differs; each round measures
 * every page once on each build, the order flipping from round to round (A B, then B A), and
 * each run prints the machine's load and Lighthouse's benchmark index. Nothing is written.
 *
 *   npm run bench:lighthouse -- --against ../old/dist --pages /,/Flats --runs 3
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { findChromium } from '../harness/chromium.ts';
import { freePort, waitForHttp } from '../harness/served-site.ts';
import { serveStaticSite } from '../harness/static-site.ts';

const root = path.resolve(import.meta.dirname, '..');
const DOC = path.join(root, 'docs/performance.md');
const START = '<!-- bench:lighthouse:start -->';
const END = '<!-- bench:lighthouse:end -->';
/** Every page type: home, about, a division, a landing, buy and sell forms, a loan, a plan, contact, privacy, /Thankyou. */
const PAGE_TYPES = [
  '/',
  '/Aboutpage',
  '/Aranya_Realty',
  '/Buy',
  '/Flats',
  '/Sellflats',
  '/Vehicleloan',
  '/Mutualfunds',
  '/Contactus',
  '/Privacy',
  '/Thankyou',
];
const PAGES = [
  ...PAGE_TYPES,
  // The same page types in Tamil, and a Telugu and a Kannada form page.
  ...PAGE_TYPES.filter((page) => page !== '/Aboutpage' && page !== '/Privacy').map((page) => (page === '/' ? '/ta/' : `/ta${page}`)),
  '/te/Vehicleloan',
  '/kn/Flats',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Mode = 'compressed' | 'uncompressed';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: PAGES.join(',') },
    modes: { type: 'string', default: 'compressed,uncompressed' },
    build: { type: 'boolean', default: true },
    'no-build': { type: 'boolean', default: false },
    'no-write': { type: 'boolean', default: false },
    /** Measure a site already served there (a peer, see bench/peer-site.ts): no build, no server, nothing written. */
    origin: { type: 'string' },
    /** Interleaved A/B: another build's folder (e.g. ../old/dist), served like ours by harness/static-site.ts. */
    against: { type: 'string' },
    /** The other build's name in the A/B's tables (default: its folder). */
    'against-label': { type: 'string' },
  },
});
const runs = Number(values.runs);
const pages = values.pages
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const modes = values.modes.split(',').map((m) => m.trim()) as Mode[];
if (modes.some((m) => m !== 'compressed' && m !== 'uncompressed')) throw new Error('--modes takes compressed and/or uncompressed');

const chromePath = findChromium({ headlessShell: false });
if (!chromePath) {
  console.error('bench:lighthouse: no Chromium (set CHROMIUM_PATH, install Debian chromium, or npx playwright install chromium).');
  process.exit(1);
}

interface Figures {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  jsBytes: number;
  lcpElement: string;
  /** Lighthouse's measure of this machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
}

const serve = async (mode: Mode): Promise<{ origin: string; server: ChildProcess }> => {
  const port = Number(process.env.PORT) || (await freePort());
  const env = {
    ...process.env,
    PORT: String(port),
    EMAILJS_STANDIN_PORT: String(Number(process.env.EMAILJS_STANDIN_PORT) || (await freePort())),
    SERVE_COMPRESSION: mode === 'compressed' ? '1' : '0',
  };
  const server = spawn(process.execPath, ['harness/serve.ts'], { cwd: root, env, stdio: 'ignore' });
  const origin = `http://localhost:${port}`;
  await waitForHttp(`${origin}/`, 60_000);
  return { origin, server };
};

const stop = (server: ChildProcess) =>
  new Promise<void>((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

const measure = async (url: string): Promise<Figures> => {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    // Lighthouse 13 names the LCP element in the LCP breakdown insight, as an item of type "node".
    const lcpItems = (
      lhr.audits['lcp-breakdown-insight']?.details as { items?: { type?: string; selector?: string; nodeLabel?: string }[] } | undefined
    )?.items;
    const lcpNode = lcpItems?.find((item) => item.type === 'node');
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      jsBytes: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      lcpElement: lcpNode?.selector ?? lcpNode?.nodeLabel ?? '',
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
};

/** Lighthouse fails a run now and then on a busy machine (NO_NAVSTART, NO_FCP): such a run is run again. */
const measureWithRetries = async (url: string, tries = 3): Promise<Figures> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.warn(`bench:lighthouse: ${(error as Error).message}; running it again`);
    }
  }
};

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const mostCommon = (xs: string[]) => [...xs].sort((a, b) => xs.filter((x) => x === b).length - xs.filter((x) => x === a).length)[0] ?? '';

const medians = (all: Figures[]): Figures => ({
  performance: median(all.map((f) => f.performance)),
  accessibility: median(all.map((f) => f.accessibility)),
  'best-practices': median(all.map((f) => f['best-practices'])),
  seo: median(all.map((f) => f.seo)),
  lcpMs: median(all.map((f) => f.lcpMs)),
  tbtMs: median(all.map((f) => f.tbtMs)),
  cls: median(all.map((f) => f.cls)),
  bytes: median(all.map((f) => f.bytes)),
  jsBytes: median(all.map((f) => f.jsBytes)),
  lcpElement: mostCommon(all.map((f) => f.lcpElement)),
  benchmarkIndex: median(all.map((f) => f.benchmarkIndex)),
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const table = (rows: { page: string; figures: Figures; all: Figures[] }[]) => {
  const lines = [
    '| Page | Perf. | A11y | Best pr. | SEO | LCP | TBT | CLS | Bytes | JS bytes | Perf. of each run | LCP element |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { page, figures: f, all } of rows) {
    lines.push(
      `| \`${page}\` | ${f.performance} | ${f.accessibility} | ${f['best-practices']} | ${f.seo} | ${seconds(f.lcpMs)} | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} | ${kb(f.bytes)} | ${kb(f.jsBytes)} | ${all.map((a) => a.performance).join(', ')} | \`${f.lcpElement.replace(/\|/g, '\\|').slice(0, 60)}\` |`,
    );
  }
  return lines.join('\n');
};

// 1. Build (what `npm run build` does), unless told not to.
if (values.build && !values['no-build'] && !values.origin) {
  console.log('bench:lighthouse: building ...');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'ignore',
    // Built as the local site: without a context a build is a preview (src/config/deploy.ts).
    env: { ...process.env, CONTEXT: process.env.CONTEXT || 'dev' },
  });
  if (build.status !== 0) throw new Error('astro build failed');
}

const started = new Date();
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
const loadAtEnd = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const chromeVersion = spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim();
const lighthouseVersion = (
  JSON.parse(await readFile(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }
).version;

// 2a. Interleaved A/B (--against): both builds served the same way, alternating, then exit.
if (values.against) {
  const label = { a: 'this build', b: values['against-label'] ?? values.against };
  const sites = { a: await serveStaticSite(path.join(root, 'dist')), b: await serveStaticSite(values.against) };
  const load1 = () => os.loadavg()[0];
  interface Run extends Figures {
    build: 'a' | 'b';
    round: number;
    load: number;
  }
  const all: Record<string, Run[]> = {};
  try {
    for (const site of Object.values(sites))
      for (const page of pages)
        await fetch(`${site.origin}${page}`, { headers: { 'accept-encoding': 'br, gzip' } }).then((r) => r.arrayBuffer());
    for (let round = 1; round <= runs; round++) {
      for (const page of pages) {
        for (const build of round % 2 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
          const figures = await measureWithRetries(`${sites[build].origin}${page}`);
          const run: Run = { ...figures, build, round, load: load1() };
          (all[page] ??= []).push(run);
          console.log(
            `round ${round} ${page} ${label[build]}: perf ${run.performance}, TBT ${Math.round(run.tbtMs)} ms, LCP ${seconds(run.lcpMs)}, benchmark index ${Math.round(run.benchmarkIndex)}, load ${run.load.toFixed(1)}`,
          );
        }
      }
    }
  } finally {
    await Promise.all(Object.values(sites).map((site) => site.close()));
  }
  const of = (page: string, build: 'a' | 'b') => (all[page] ?? []).filter((r) => r.build === build);
  const cell = (runs: Run[]) =>
    `${median(runs.map((r) => r.performance))} (${runs.map((r) => r.performance).join(', ')}) | ${Math.round(median(runs.map((r) => r.tbtMs)))} ms (${runs.map((r) => Math.round(r.tbtMs)).join(', ')}) | ${seconds(median(runs.map((r) => r.lcpMs)))}`;
  const summary = [
    `| Page | ${label.a}: perf (each run) | TBT median (each run) | LCP median | ${label.b}: perf (each run) | TBT median (each run) | LCP median |`,
    '|---|---|---|---|---|---|---|',
    ...pages.map((page) => `| \`${page}\` | ${cell(of(page, 'a'))} | ${cell(of(page, 'b'))} |`),
  ];
  const perRun = [
    '| Round | Page | Build | Perf. | TBT | LCP | Benchmark index | Load (1 min) |',
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(all).flatMap(([page, list]) =>
      list.map(
        (r) =>
          `| ${r.round} | \`${page}\` | ${label[r.build]} | ${r.performance} | ${Math.round(r.tbtMs)} ms | ${seconds(r.lcpMs)} | ${Math.round(r.benchmarkIndex)} | ${r.load.toFixed(1)} |`,
      ),
    ),
  ];
  const indexes = Object.values(all).flatMap((list) => list.map((r) => r.benchmarkIndex));
  console.log(
    `\nInterleaved A/B on ${started.toISOString().slice(0, 10)}, Lighthouse ${lighthouseVersion}, ${chromeVersion}; ${runs} round(s); both builds served by harness/static-site.ts with this tree's netlify.toml headers, compressed.`,
  );
  console.log(
    `Machine: ${os.cpus().length} cores, load average ${load} at the start and ${loadAtEnd()} at the end; benchmark index ${Math.round(Math.min(...indexes))} to ${Math.round(Math.max(...indexes))}, median ${Math.round(median(indexes))}.\n`,
  );
  console.log(`${summary.join('\n')}\n\n${perRun.join('\n')}`);
  process.exit(0);
}

// 2. Measure each mode: serve, then each page `runs` times.
const sections: string[] = [];
const indexes: number[] = [];
for (const mode of modes) {
  const { origin, server } = values.origin ? { origin: values.origin.replace(/\/$/, ''), server: null } : await serve(mode);
  const rows: { page: string; figures: Figures; all: Figures[] }[] = [];
  try {
    // Warm the server (its first answers and compressed bodies) as a CDN's cache would be warm.
    for (const page of pages) await fetch(`${origin}${page}`, { headers: { 'accept-encoding': 'br, gzip' } }).then((r) => r.arrayBuffer());
    for (const page of pages) {
      const all: Figures[] = [];
      for (let run = 1; run <= runs; run++) {
        const figures = await measureWithRetries(`${origin}${page}`);
        all.push(figures);
        console.log(
          `${mode} ${page} run ${run}: perf ${figures.performance}, LCP ${seconds(figures.lcpMs)}, TBT ${Math.round(figures.tbtMs)} ms, benchmark index ${Math.round(figures.benchmarkIndex)}`,
        );
      }
      rows.push({ page, figures: medians(all), all });
      indexes.push(...all.map((f) => f.benchmarkIndex));
    }
  } finally {
    if (server) await stop(server);
  }
  const title =
    mode === 'compressed'
      ? 'Served compressed (brotli), as Netlify serves it: what a visitor gets'
      : 'Served uncompressed (SERVE_COMPRESSION=0)';
  const section = `#### ${title}\n\n${table(rows)}`;
  console.log(`\n${section}\n`);
  sections.push(section);
}

const header = [
  `Produced by \`npm run bench:lighthouse\` on ${started.toISOString().slice(0, 10)}: Lighthouse ${lighthouseVersion}, ${chromeVersion},`,
  `mobile emulation with default simulated throttling, categories performance, accessibility, best practices and SEO;`,
  `median of ${runs} run(s) per page (each figure's median taken on its own). Machine: ${os.cpus().length} cores, load average (1/5/15 min) ${load} at the start and ${loadAtEnd()} at the end.`,
  '"Bytes" is Lighthouse\'s total byte weight (bytes transferred), "JS bytes" the transferred size of the scripts.',
  `Lighthouse's benchmark index (CPU speed, higher is faster; its default 4x CPU throttling is meant for an index of about 1,000 or more) was ${Math.round(Math.min(...indexes))} to ${Math.round(Math.max(...indexes))}, median ${Math.round(median(indexes))}.`,
].join('\n');
const block = `${START}\n${header}\n\n${sections.join('\n\n')}\n${END}`;

if (!values['no-write'] && !values.origin) {
  const doc = await readFile(DOC, 'utf8');
  const next = doc.includes(START) ? doc.replace(new RegExp(`${START}[\\s\\S]*?${END}`), () => block) : `${doc.trimEnd()}\n\n${block}\n`;
  await writeFile(DOC, next);
  console.log(`bench:lighthouse: tables written to ${path.relative(root, DOC)}`);
}
