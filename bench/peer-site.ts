/**
 * Serves a built folder the way `npm start` serves ours to a browser (harness/static-site.ts:
 * netlify.toml's headers, Netlify's default Cache-Control, compression, the 404 pages), for
 * measuring another build or another project's site by hand:
 *
 *   PEER_PORT=4400 node bench/peer-site.ts ../old/dist &                 # this tree's netlify.toml headers
 *   PEER_PORT=4400 node bench/peer-site.ts ../astrowind/dist --headers none
 *   npm run bench:lighthouse -- --origin http://localhost:4400 --pages /,/Flats --modes compressed
 *
 * To compare two builds of this site, `npm run bench:lighthouse -- --against ../old/dist` serves
 * both with the same server and interleaves them.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { OUR_NETLIFY_TOML, serveStaticSite } from '../harness/static-site.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { headers: { type: 'string' } } });
if (!positionals[0]) {
  console.error('peer-site: give the built folder to serve, e.g. node bench/peer-site.ts ../old/dist [--headers none|<netlify.toml>]');
  process.exit(1);
}
const headers = values.headers === 'none' ? null : path.resolve(values.headers ?? OUR_NETLIFY_TOML);
const site = await serveStaticSite(positionals[0], { port: Number(process.env.PEER_PORT || 4400), headers });
console.log(`peer site ${path.resolve(positionals[0])} at ${site.origin}${headers ? ` with the headers of ${headers}` : ', no headers'}`);
