/** The web app manifest: name, colours and the logo as PNG icons (Astro's image pipeline). */
import type { APIRoute } from 'astro';
import { site } from '../config/site.ts';
import { appIcons } from '../components/layout/app-icons.ts';

export const GET: APIRoute = async () => {
  const manifest = {
    name: site.name,
    short_name: site.brand,
    description: site.tagline,
    start_url: '/',
    display: 'browser',
    lang: 'en-IN',
    background_color: '#ffffff',
    theme_color: '#14532d',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }, ...(await appIcons())],
  };
  return new Response(JSON.stringify(manifest, null, 2), { headers: { 'content-type': 'application/manifest+json' } });
};
