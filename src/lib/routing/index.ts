/**
 * The one home of the site's routes, safe anywhere (pages, islands, the server, scripts, tests):
 * - routes.ts: every named route, and the route of each link target;
 * - team-routes.ts: the team's pages (/leads, /admin);
 * - paths.ts: the one way to put a route in a language (`localizePath`), and to read one back;
 * - static-paths.ts: getStaticPaths of the pages that serve every language.
 * Every internal link is built here (`hrefOf`), from the entry it points to, so that a page's
 * address, its canonical URL, the sitemap and the links to it cannot disagree.
 */
export * from './routes.ts';
export * from './team-routes.ts';
export * from './paths.ts';
export * from './static-paths.ts';
