/** The hero carousel's pictures through the image pipeline, at build time (shared by the carousel and the home page's preload). */
import { getImage } from 'astro:assets';
import type { ImageMetadata } from 'astro';

export interface SlideImage {
  src: string;
  width: number;
  height: number;
  srcset?: string;
  sizes?: string;
}

export interface Slide {
  title: string;
  text: string;
  href: string;
  linkText: string;
  image: SlideImage & { alt: string };
}

/** A raster slide (a photo an editor dropped in) gets WebP in several widths; an SVG stays one file. */
export async function slideImage(image: ImageMetadata): Promise<SlideImage> {
  const raster = image.format !== 'svg';
  const img = await getImage({ src: image, width: 1200, ...(raster ? { widths: [640, 960, 1200] } : {}) });
  return {
    src: img.src,
    width: Number(img.attributes.width ?? 1200),
    height: Number(img.attributes.height ?? 520),
    ...(raster ? { srcset: img.srcSet.attribute, sizes: '100vw' } : {}),
  };
}
