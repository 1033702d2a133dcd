/** robots.txt: everything may be crawled; names the sitemap (absolute, from the site URL). */
import type { APIRoute } from 'astro';
import { site } from '../config/site.ts';

export const GET: APIRoute = ({ site: configured }) =>
  new Response(`User-agent: *\nAllow: /\n\nSitemap: ${new URL('/sitemap-index.xml', configured ?? site.url).href}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
