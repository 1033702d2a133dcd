/** The web app manifest: name, colours and the logo as PNG icons (Astro's image pipeline). */
import type { APIRoute } from 'astro';
import { getImage } from 'astro:assets';
import { site } from '../config/site.ts';
import logo from '../assets/brand/logo.svg';

export const GET: APIRoute = async () => {
  const icons = await Promise.all(
    [192, 512].map(async (size) => {
      const icon = await getImage({ src: logo, format: 'png', width: size, height: size });
      return { src: icon.src, sizes: `${size}x${size}`, type: 'image/png' };
    }),
  );
  const manifest = {
    name: site.name,
    short_name: site.brand,
    description: site.tagline,
    start_url: '/',
    display: 'browser',
    lang: 'en-IN',
    background_color: '#ffffff',
    theme_color: '#14532d',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }, ...icons],
  };
  return new Response(JSON.stringify(manifest, null, 2), { headers: { 'content-type': 'application/manifest+json' } });
};
