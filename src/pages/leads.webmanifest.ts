/** /leads.webmanifest: the inbox's own web app manifest (src/islands/inbox/pwa/manifest.ts). */
import type { APIRoute } from 'astro';
import { site } from '../config/site.ts';
import { appIcons } from '../components/layout/app-icons.ts';
import { inboxManifest } from '../islands/inbox/pwa/manifest.ts';

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(inboxManifest(site.name, await appIcons()), null, 2), {
    headers: { 'content-type': 'application/manifest+json' },
  });
