/** The logo as PNG app icons (Astro's image pipeline, at build time): the site's manifest, the inbox's, and the inbox's home-screen icon on iOS. */
import { getImage } from 'astro:assets';
import logo from '../../assets/brand/logo.svg';

export const appIcons = (sizes: readonly number[] = [192, 512]) =>
  Promise.all(
    sizes.map(async (size) => {
      const icon = await getImage({ src: logo, format: 'png', width: size, height: size });
      return { src: icon.src, sizes: `${size}x${size}`, type: 'image/png' };
    }),
  );
